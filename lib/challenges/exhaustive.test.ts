import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { simulate } from "@/lib/sim/simulate";
import { exhaustiveCheck, worldSize } from "./exhaustive";
import { goalHolds } from "./goals";
import type { FaultWorld } from "./faultWorld";

// Redis, two clients, one job each, no renewal: six moments (each client's grant, read and write).
const gcPauseWithoutItsPause = named("gc-pause", { faults: [] });
const pausesOnly = (pauseMs: number[], maxFaults: number): FaultWorld => ({
  maxFaults,
  pauseMs,
  jumpMs: [],
  delayMs: [],
  maxSchedules: 10_000,
});
const unsafe = (run: Parameters<typeof goalHolds>[1]) => goalHolds(["unsafe"], run);

describe("exhaustiveCheck counts every schedule of a hand-enumerable world", () => {
  it("six moments, one pause length, at most two faults: C(6,0) + C(6,1) + C(6,2) = 1 + 6 + 15 = 22 schedules", () => {
    const result = exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([1000], 2), unsafe);
    expect(result.size).toEqual({ moments: 6, singles: 6, estimate: 22, exact: null });
    expect(result.tried).toBe(22);
    expect(result.stoppedBy).toBe("complete");
  });

  it("two lengths make twelve single faults: 1 + 12 + 66 = 79 schedules of at most two", () => {
    expect(exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([1000, 2000], 2), unsafe).tried).toBe(79);
  });

  it("at most three faults of one length: 1 + 6 + 15 + 20 = 42 schedules", () => {
    expect(exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([1000], 3), unsafe).tried).toBe(42);
  });

  it("at most one fault: the count is exact before the check, the run with none and each single fault", () => {
    const size = worldSize(gcPauseWithoutItsPause, pausesOnly([5000, 15_000], 1));
    expect(size.exact).toBe(13);
    expect(exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([5000, 15_000], 1), unsafe).tried).toBe(13);
  });

  it("no fault at all is one schedule: the scenario as it is", () => {
    const result = exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([1000], 0), unsafe);
    expect(result.tried).toBe(1);
    expect(result.failed).toBe(0);
  });
});

describe("exhaustiveCheck finds the shortest counterexample", () => {
  it("pauses shorter than the 10 s lease are safe; a 15 s one loses an update, and the schedule reproduces it", () => {
    expect(exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([5000], 1), unsafe).failed).toBe(0);
    const result = exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([5000, 15_000], 2), unsafe);
    expect(result.failed).toBeGreaterThan(0);
    const shortest = result.shortest!;
    expect(shortest.faults).toHaveLength(1);
    expect(shortest.faults[0]).toMatchObject({ kind: "pause", target: "c1", forMs: 15_000 });
    expect(shortest.explanations[0]).toMatch(/^Pause c1 for 15\.0 s/);
    expect(simulate(shortest.scenario).summary).toEqual(shortest.summary);
    expect(shortest.summary.lostUpdates).toBe(1);
  });

  it("write-only fencing still loses an update in the read-modify-write gap; fenced reads survive every schedule", () => {
    const writeOnly = exhaustiveCheck(named("gc-pause-fenced", { faults: [] }), pausesOnly([5000, 15_000], 2), unsafe);
    expect(writeOnly.failed).toBeGreaterThan(0);
    const fenced = named("gc-pause-fenced", { faults: [], storage: { guard: "fencing", fenceReads: true } });
    const result = exhaustiveCheck(fenced, pausesOnly([5000, 15_000], 2), unsafe);
    expect(result.stoppedBy).toBe("complete");
    expect(result.failed).toBe(0);
    expect(result.shortest).toBeNull();
  });
});

describe("the count the check reports while it runs", () => {
  it("is exact from when the schedules one fault short have run: a 15 s pause moves the moments after it, so fenced reads and writes have 93 schedules of two pauses, not the 79 the fault-free run suggests", () => {
    const world = pausesOnly([5000, 15_000], 2);
    const fenced = named("gc-pause-fenced", { faults: [], storage: { guard: "fencing", fenceReads: true } });
    expect(worldSize(fenced, world)).toMatchObject({ estimate: 79, exact: null });
    const reports: (number | null)[] = [];
    const result = exhaustiveCheck(fenced, world, unsafe, { onProgress: (_, total) => reports.push(total) });
    expect(result.tried).toBe(93);
    // Unknown for the run with no fault and the 12 single faults, then the same exact figure to the end.
    expect(reports.slice(0, 13)).toEqual(Array(13).fill(null));
    expect(new Set(reports.slice(13))).toEqual(new Set([93]));
  });
});

describe("the budget", () => {
  it("estimates the size before starting, and never runs past maxSchedules", () => {
    const world = { ...pausesOnly([1000, 2000], 2), maxSchedules: 30 };
    expect(worldSize(gcPauseWithoutItsPause, world).estimate).toBe(79);
    const result = exhaustiveCheck(gcPauseWithoutItsPause, world, unsafe);
    expect(result.tried).toBe(30);
    expect(result.stoppedBy).toBe("max-schedules");
  });

  it("stops when asked", () => {
    let polls = 0;
    const result = exhaustiveCheck(gcPauseWithoutItsPause, pausesOnly([1000], 2), unsafe, {
      shouldStop: () => ++polls > 5,
    });
    expect(result.stoppedBy).toBe("cancelled");
    expect(result.tried).toBe(5);
  });

  it("keeps each schedule within the world's total pause", () => {
    const world = { ...pausesOnly([1000, 2000], 2), maxTotalPauseMs: 3000 };
    // Every pair but the pairs of two 2 s pauses (C(6,2) = 15 of them, 4 s in all) is within 3 s.
    expect(exhaustiveCheck(gcPauseWithoutItsPause, world, unsafe).tried).toBe(79 - 15);
  });
});
