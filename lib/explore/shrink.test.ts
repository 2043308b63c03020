import { describe, expect, it } from "vitest";
import { pauseAt, type Placed } from "./finderFaults";
import type { Moment } from "./moments";
import { shrinkSchedule, type ShrinkOracle } from "./shrink";

const moments: Moment[] = [
  { client: "c1", kind: "grant", t: 4 },
  { client: "c1", kind: "read", t: 6 },
  { client: "c1", kind: "write", t: 2007 },
  { client: "c2", kind: "grant", t: 2010 },
];
const placed = (i: number, ms: number): Placed => ({ fault: pauseAt(moments[i]!, ms), moment: moments[i]! });
const pauseOf = (p: Placed) => (p.fault.kind === "pause" ? p.fault.forMs : 0);

/** A stand-in for the simulator: c1 fails once its pauses add up to 8.05 s. */
const oracle = (): ShrinkOracle & { calls: number } => ({
  calls: 0,
  fails(schedule) {
    this.calls++;
    return schedule.filter((p) => p.moment.client === "c1").reduce((sum, p) => sum + pauseOf(p), 0) >= 8050;
  },
  momentsWith: () => moments,
});

describe("shrinkSchedule", () => {
  it("drops a fault that is not needed, moves the rest later and shortens it to 100 ms precision", () => {
    const result = shrinkSchedule([placed(0, 30_000), placed(3, 5000)], oracle());
    expect(result).toEqual([{ fault: pauseAt(moments[2]!, 8100), moment: moments[2] }]);
  });

  it("keeps two faults when each is needed", () => {
    const result = shrinkSchedule([placed(0, 5000), placed(1, 5000)], oracle());
    expect(result).toHaveLength(2);
    expect(result.reduce((sum, p) => sum + pauseOf(p), 0)).toBeGreaterThanOrEqual(8050);
    expect(result.reduce((sum, p) => sum + pauseOf(p), 0)).toBeLessThan(8200);
  });

  it("returns the schedule unchanged when nothing may change", () => {
    const never: ShrinkOracle = { fails: () => false, momentsWith: () => moments };
    const schedule = [placed(0, 9000)];
    expect(shrinkSchedule(schedule, never)).toEqual(schedule);
  });
});
