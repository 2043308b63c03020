import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EventQueue } from "./queue";

interface Item {
  t: number;
  seq: number;
  name: string;
}

function drain(queue: EventQueue<Item>): Item[] {
  const out: Item[] = [];
  for (let e = queue.pop(); e !== undefined; e = queue.pop()) out.push(e);
  return out;
}

describe("EventQueue", () => {
  it("pops entries in order of time", () => {
    const queue = new EventQueue<Item>();
    queue.push({ t: 30, seq: 0, name: "late" });
    queue.push({ t: 10, seq: 1, name: "early" });
    queue.push({ t: 20, seq: 2, name: "middle" });
    expect(drain(queue).map((e) => e.name)).toEqual(["early", "middle", "late"]);
  });

  it("breaks ties at the same time by scheduling order, whatever the push order", () => {
    const queue = new EventQueue<Item>();
    queue.push({ t: 5, seq: 3, name: "third" });
    queue.push({ t: 5, seq: 1, name: "first" });
    queue.push({ t: 5, seq: 2, name: "second" });
    expect(drain(queue).map((e) => e.name)).toEqual(["first", "second", "third"]);
  });

  it("is empty when drained and pops undefined", () => {
    const queue = new EventQueue<Item>();
    queue.push({ t: 1, seq: 0, name: "only" });
    expect(queue.size).toBe(1);
    expect(queue.pop()?.name).toBe("only");
    expect(queue.size).toBe(0);
    expect(queue.pop()).toBeUndefined();
  });

  it("pops an entry due before all the others next, even when a still earlier one comes after it", () => {
    // A message sent now is usually due before every far-off timer: the queue keeps it aside.
    const queue = new EventQueue<Item>();
    queue.push({ t: 1000, seq: 0, name: "timeout" });
    queue.push({ t: 500, seq: 1, name: "lease end" });
    queue.push({ t: 5, seq: 2, name: "message" });
    queue.push({ t: 2, seq: 3, name: "earlier message" });
    queue.push({ t: 5, seq: 4, name: "message sent later" });
    expect(queue.size).toBe(5);
    expect(queue.pop()?.name).toBe("earlier message");
    queue.push({ t: 3, seq: 5, name: "reply" });
    expect(drain(queue).map((e) => e.name)).toEqual(["reply", "message", "message sent later", "lease end", "timeout"]);
  });

  it("keeps (t, seq) order when pushes and pops interleave", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 20 }).map((t) => ({ push: t })),
            fc.constant({ push: null }),
          ),
          { maxLength: 200 },
        ),
        (ops) => {
          const queue = new EventQueue<Item>();
          const model: Item[] = [];
          let seq = 0;
          for (const op of ops) {
            if (op.push !== null) {
              const item = { t: op.push, seq: seq++, name: "" };
              queue.push(item);
              model.push(item);
            } else {
              model.sort((a, b) => a.t - b.t || a.seq - b.seq);
              expect(queue.pop()).toBe(model.shift());
            }
          }
          model.sort((a, b) => a.t - b.t || a.seq - b.seq);
          expect(drain(queue)).toEqual(model);
        },
      ),
      { numRuns: 100 },
    );
  });
});
