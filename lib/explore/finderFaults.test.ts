import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { validateScenario, type ResolvedScenario } from "@/lib/sim/scenario";
import { singleFaults } from "./candidates";
import {
  canMoveTo,
  delayAt,
  explain,
  jumpAt,
  ladder,
  magnitudeOf,
  moveTo,
  pauseAt,
  withMagnitude,
} from "./finderFaults";
import type { Moment } from "./moments";

function resolved(id: string, changes = {}): ResolvedScenario {
  const v = validateScenario(named(id, changes));
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
}

const grant: Moment = { client: "c1", kind: "grant", t: 4.2 };
const read: Moment = { client: "c1", kind: "read", t: 5.9 };
const write: Moment = { client: "c1", kind: "write", t: 2007.3 };
const renew: Moment = { client: "c1", kind: "renew", t: 1500.5 };

describe("faults at moments", () => {
  it("pause just after a grant or a read, and just before a write or a renewal", () => {
    expect(pauseAt(grant, 9000)).toEqual({ kind: "pause", target: "c1", atPhase: "holding", atMs: 4, forMs: 9000 });
    expect(pauseAt(read, 9000)).toEqual({ kind: "pause", target: "c1", atMs: 6, forMs: 9000 });
    expect(pauseAt(write, 9000)).toEqual({
      kind: "pause",
      target: "c1",
      atPhase: "before-write",
      atMs: 2007,
      forMs: 9000,
    });
    expect(pauseAt(renew, 9000)).toEqual({ kind: "pause", target: "c1", atMs: 1500, forMs: 9000 });
  });

  it("jump a clock just after a grant and hold up the write", () => {
    expect(jumpAt(grant, "redis", 8000)).toEqual({ kind: "clock-jump", target: "redis", atMs: 5, byMs: 8000 });
    expect(delayAt(write, 30_000)).toEqual({ kind: "delay", from: "c1", to: "storage", atMs: 2007, byMs: 30_000 });
  });

  it("change size, keeping a jump's direction", () => {
    expect(withMagnitude(jumpAt(grant, "c1", -8000), 3000)).toMatchObject({ byMs: -3000 });
    expect(magnitudeOf(jumpAt(grant, "c1", -8000))).toBe(8000);
    expect(withMagnitude(pauseAt(read, 9000), 100)).toMatchObject({ forMs: 100 });
  });

  it("move a pause to any later moment of its client, other faults to moments of their kind", () => {
    const pause = { fault: pauseAt(grant, 9000), moment: grant };
    expect(canMoveTo(pause, write)).toBe(true);
    expect(canMoveTo(pause, { ...write, client: "c2" })).toBe(false);
    expect(moveTo(pause, write).fault).toEqual(pauseAt(write, 9000));
    const jump = { fault: jumpAt(grant, "redis", 8000), moment: grant };
    expect(canMoveTo(jump, write)).toBe(false);
    expect(moveTo(jump, { ...grant, t: 3000 }).fault).toEqual({
      kind: "clock-jump",
      target: "redis",
      atMs: 3000,
      byMs: 8000,
    });
  });
});

describe("ladder", () => {
  it("keeps the rungs below the maximum, then the maximum", () => {
    expect(ladder([1000, 2000, 5000, 10_000], 7000)).toEqual([1000, 2000, 5000, 7000]);
    expect(ladder([1000, 2000], 2000)).toEqual([1000, 2000]);
    expect(ladder([1000, 2000], 0)).toEqual([]);
  });
});

describe("explain", () => {
  const s = resolved("gc-pause");
  it("says what happens, to whom, when, and at which moment", () => {
    expect(explain({ fault: pauseAt({ ...grant, t: 1000 }, 12_500), moment: { ...grant, t: 1000 } }, s)).toBe(
      "Pause c1 for 12.5 s at 1.0 s, just after it was granted the lock.",
    );
    expect(explain({ fault: pauseAt(read, 9000), moment: read }, s)).toBe(
      "Pause c1 for 9.0 s at 0.0 s, just after it read the counter.",
    );
    expect(explain({ fault: pauseAt(write, 8000), moment: write }, s)).toBe(
      "Pause c1 for 8.0 s at 2.0 s, just before it writes.",
    );
    expect(explain({ fault: pauseAt(renew, 8000), moment: renew }, s)).toBe(
      "Pause c1 for 8.0 s at 1.5 s, just before it renews its lease.",
    );
    expect(explain({ fault: jumpAt({ ...grant, t: 3000 }, "redis", 8000), moment: { ...grant, t: 3000 } }, s)).toBe(
      "Jump redis's clock 8.0 s forward at 3.0 s, just after c1 was granted the lock.",
    );
    expect(explain({ fault: jumpAt(grant, "c1", -8000), moment: grant }, s)).toBe(
      "Jump c1's clock 8.0 s back at 0.0 s, just after it was granted the lock.",
    );
    expect(explain({ fault: delayAt(write, 30_000), moment: write }, s)).toBe(
      "Hold up c1's write to storage for 30.0 s in the network; it is sent at 2.0 s.",
    );
  });

  it("names the lease check when the client checks before writing", () => {
    expect(explain({ fault: pauseAt(write, 8000), moment: write }, resolved("check-before-write"))).toBe(
      "Pause c1 for 8.0 s at 2.0 s, after its lease check passed, just before it writes.",
    );
  });
});

describe("singleFaults", () => {
  const moments: Moment[] = [grant, read, write, { client: "c2", kind: "grant", t: 2010 }];
  const allowance = { pauses: 1, pauseMs: 5000, jumpMs: 1000, delayMs: 1000 };

  it("lists pauses shortest first over every moment, then jumps, then delays", () => {
    const faults = singleFaults(moments, allowance, ["redis"]).map((p) => p.fault);
    const kinds = faults.map((f) => f.kind);
    expect(kinds.lastIndexOf("pause")).toBeLessThan(kinds.indexOf("clock-jump"));
    expect(kinds.lastIndexOf("clock-jump")).toBeLessThan(kinds.indexOf("delay"));
    const pauses = faults.filter((f) => f.kind === "pause");
    expect(pauses.map((f) => (f.kind === "pause" ? f.forMs : 0))).toEqual([
      ...Array(4).fill(1000),
      ...Array(4).fill(2000),
      ...Array(4).fill(5000),
    ]);
    // A jump of ±1 s after each of two grants, on the granted client and on redis.
    expect(faults.filter((f) => f.kind === "clock-jump")).toHaveLength(2 * 2 * 2);
    expect(faults.filter((f) => f.kind === "delay")).toEqual([delayAt(write, 1000)]);
  });

  it("tries only what the allowance permits", () => {
    const none = singleFaults(moments, { pauses: 0, pauseMs: 5000, jumpMs: 0, delayMs: 0 }, ["redis"]);
    expect(none).toEqual([]);
  });
});
