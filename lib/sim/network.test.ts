import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eventsOf, firstOf, grantsTo, run, scenario } from "./testing";

const oneClient = (
  faults: NonNullable<Parameters<typeof scenario>[0]["faults"]>,
  latencyMs: [number, number] = [1, 5],
) => scenario({ service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 1 }, network: { latencyMs }, faults });

describe("a partition", () => {
  const result = run(oneClient([{ kind: "partition", between: ["c1", "redis"], atMs: 0, forMs: 2500 }]));
  const between = (e: { from: string; to: string }) => [e.from, e.to].sort().join("|") === "c1|redis";

  it("drops every message between the two processes while it lasts", () => {
    const drops = eventsOf(result, "drop").filter(between);
    expect(drops.length).toBeGreaterThan(0);
    for (const d of drops) {
      expect(d.reason).toBe("partition");
      expect(d.t).toBeLessThan(2500);
    }
    expect(eventsOf(result, "deliver").filter((e) => between(e) && e.t < 2500)).toEqual([]);
  });

  it("leaves the client to time out and retry, never learning why", () => {
    expect(eventsOf(result, "timeout", { proc: "c1", to: "redis" }).length).toBeGreaterThan(0);
    expect(eventsOf(result, "refused", { proc: "c1" }).every((e) => e.reason === "unavailable")).toBe(true);
  });

  it("heals at its end: the client gets the lock", () => {
    expect(eventsOf(result, "partition-end")).toMatchObject([{ t: 2500, between: ["c1", "redis"] }]);
    expect(grantsTo(result, "c1")[0]!.t).toBeGreaterThan(2500);
    expect(result.summary.jobsDone).toBe(1);
  });

  it("does not touch other links", () => {
    expect(eventsOf(result, "drop").filter((e) => !between(e))).toEqual([]);
  });

  it("drops a message sent before it began that would arrive while it lasts", () => {
    const late = run(oneClient([{ kind: "partition", between: ["c1", "redis"], atMs: 20, forMs: 100 }], [50, 50]));
    expect(firstOf(late, "drop")).toMatchObject({ t: 50, from: "c1", to: "redis", reason: "partition" });
  });

  it("delivers a message sent during it that arrives after it ended", () => {
    const early = run(oneClient([{ kind: "partition", between: ["c1", "redis"], atMs: 0, forMs: 20 }], [50, 50]));
    expect(eventsOf(early, "drop")).toEqual([]);
    expect(firstOf(early, "deliver", { from: "c1", to: "redis" })?.t).toBe(50);
  });

  it("isolates a process from everyone with isolate", () => {
    const isolated = run(oneClient([{ kind: "isolate", target: "c1", atMs: 0, forMs: 2500 }]));
    const drops = eventsOf(isolated, "drop");
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.every((d) => d.reason === "isolated" && d.t < 2500 && (d.from === "c1" || d.to === "c1"))).toBe(true);
  });
});

describe("a delayed message", () => {
  // c1's first message to storage (its read, at 0) is held 5 s; c1 times out and retries meanwhile.
  const result = run(
    scenario({
      service: { kind: "none" },
      clients: { count: 1 },
      network: { latencyMs: [2, 2] },
      faults: [{ kind: "delay", from: "c1", to: "storage", atMs: 0, byMs: 5000 }],
    }),
  );
  const sends = eventsOf(result, "send", { from: "c1", to: "storage" });
  const delivers = eventsOf(result, "deliver", { from: "c1", to: "storage" });

  it("adds byMs to the first message sent at or after atMs", () => {
    expect(sends[0]!.t).toBe(0);
    expect(delivers[0]).toMatchObject({ id: sends[0]!.id, t: 5002 });
    expect(firstOf(result, "timeout", { proc: "c1", to: "storage" })?.t).toBe(1000);
  });

  it("holds the messages behind it: nothing on that link overtakes it (FIFO per pair)", () => {
    const heldBack = sends.filter((s) => s.t > 0 && s.t + 2 < 5002);
    expect(heldBack.length).toBeGreaterThan(0);
    for (const s of heldBack) expect(delivers.find((d) => d.id === s.id)?.t).toBe(5002);
    expect(delivers.map((d) => d.id)).toEqual(sends.map((s) => s.id));
  });

  it("delays only that one message: later ones take the ordinary latency", () => {
    const after = sends.filter((s) => s.t > 5002);
    expect(after.length).toBeGreaterThan(0);
    for (const s of after) expect(delivers.find((d) => d.id === s.id)?.t).toBe(s.t + 2);
  });

  it("still takes effect when it arrives, though the client gave up on it", () => {
    expect(eventsOf(result, "read").filter((r) => r.t === 5002).length).toBe(
      delivers.filter((d) => d.t === 5002).length,
    );
  });
});

describe("message order", () => {
  it("delivers messages between the same pair of processes in the order they were sent", () => {
    const scenarios = fc
      .record({
        seed: fc.integer({ min: 1, max: 1_000_000 }),
        latencyMs: fc
          .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 400 }))
          .map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]),
        service: fc.constantFrom<"redis" | "etcd" | "redlock">("redis", "etcd", "redlock"),
        delayBy: fc.integer({ min: 1, max: 3000 }),
        delayAt: fc.integer({ min: 0, max: 5000 }),
      })
      .map(({ seed, latencyMs, service, delayBy, delayAt }) =>
        scenario({
          seed,
          durationMs: 20_000,
          service: { kind: service, ttlMs: 3000 },
          clients: { count: 3, workMs: [100, 1500] },
          workload: { kind: "counter", jobsPerClient: 3 },
          network: { latencyMs },
          chaos: { pauseEveryMs: 3000, pauseMs: [100, 2000] },
          faults: [{ kind: "delay", from: "c1", to: "storage", atMs: delayAt, byMs: delayBy }],
        }),
      );
    fc.assert(
      fc.property(scenarios, (s) => {
        const result = run(s);
        const lastId = new Map<string, number>();
        const overtaken: string[] = [];
        for (const e of result.events) {
          // A lost message is dropped as it is sent; every other drop happens at its arrival.
          if (e.kind !== "deliver" && !(e.kind === "drop" && e.reason !== "loss")) continue;
          const pair = `${e.from}>${e.to}`;
          if (e.id <= (lastId.get(pair) ?? 0)) overtaken.push(`${pair} #${e.id} at ${e.t}`);
          lastId.set(pair, e.id);
        }
        expect(overtaken).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
