import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ProcessClock } from "./clock";

describe("ProcessClock readings", () => {
  it("reads true time when it has no offset, drift or jump", () => {
    const clock = new ProcessClock(0, 0, []);
    expect(clock.wall(12_345)).toBe(12_345);
    expect(clock.mono(12_345)).toBe(12_345);
  });

  it("adds a constant offset to the wall clock but not to the monotonic clock", () => {
    const clock = new ProcessClock(-6000, 0, []);
    expect(clock.wall(10_000)).toBe(4000);
    expect(clock.mono(10_000)).toBe(10_000);
  });

  it("lets both clocks drift by driftPpm parts per million of true time", () => {
    const clock = new ProcessClock(500, 100, []); // 100 ppm fast
    expect(clock.wall(1_000_000)).toBeCloseTo(1_000_000 + 500 + 100, 9);
    expect(clock.mono(1_000_000)).toBeCloseTo(1_000_100, 9);
  });

  it("applies a wall-clock jump from the moment it happens, and never to the monotonic clock", () => {
    const clock = new ProcessClock(0, 0, [{ atMs: 3000, byMs: 8000 }]);
    expect(clock.wall(2999)).toBe(2999);
    expect(clock.wall(3000)).toBe(11_000);
    expect(clock.wall(4000)).toBe(12_000);
    expect(clock.mono(4000)).toBe(4000);
  });

  it("sums several jumps in time order, whatever order they are given in", () => {
    const clock = new ProcessClock(0, 0, [
      { atMs: 5000, byMs: -2000 },
      { atMs: 1000, byMs: 500 },
    ]);
    expect(clock.wall(999)).toBe(999);
    expect(clock.wall(1000)).toBe(1500);
    expect(clock.wall(5000)).toBe(3500);
  });

  it("reads the chosen clock with read()", () => {
    const clock = new ProcessClock(1000, 0, []);
    expect(clock.read("wall", 10)).toBe(1010);
    expect(clock.read("monotonic", 10)).toBe(10);
  });
});

describe("ProcessClock.trueTimeOf", () => {
  it("inverts the wall clock with offset and drift", () => {
    const clock = new ProcessClock(250, 50, []);
    const t = clock.trueTimeOf("wall", 10_000, 0);
    expect(clock.wall(t)).toBeCloseTo(10_000, 6);
  });

  it("inverts the monotonic clock with drift", () => {
    const clock = new ProcessClock(250, -200, []);
    const t = clock.trueTimeOf("monotonic", 10_000, 0);
    expect(clock.mono(t)).toBeCloseTo(10_000, 6);
  });

  it("gives the earliest time not before fromT for a reading already passed", () => {
    const clock = new ProcessClock(0, 0, []);
    expect(clock.trueTimeOf("wall", 100, 5000)).toBe(5000);
    expect(clock.trueTimeOf("monotonic", 100, 5000)).toBe(5000);
  });

  it("makes a reading skipped by a forward jump due at the moment of the jump", () => {
    // Redis judging a 10 s key by a wall clock that jumps +8 s at 3 s: the key expires at 3 s.
    const clock = new ProcessClock(0, 0, [{ atMs: 3000, byMs: 8000 }]);
    expect(clock.trueTimeOf("wall", 10_000, 0)).toBe(3000);
    expect(clock.trueTimeOf("wall", 12_000, 0)).toBe(4000);
  });

  it("makes a reading pushed back by a backward jump due later", () => {
    // A client's 5 s lease timed on a wall clock that jumps −8 s at 3 s ends at true time 13 s.
    const clock = new ProcessClock(0, 0, [{ atMs: 3000, byMs: -8000 }]);
    expect(clock.trueTimeOf("wall", 5000, 0)).toBe(13_000);
  });

  it("finds the first time a reading is reached, even if a backward jump reaches it again later", () => {
    const clock = new ProcessClock(0, 0, [{ atMs: 3000, byMs: -8000 }]);
    expect(clock.trueTimeOf("wall", 2000, 0)).toBe(2000);
    expect(clock.trueTimeOf("wall", 2000, 3500)).toBe(10_000);
  });

  it("is the earliest true time from fromT at which the clock reads at least the reading", () => {
    const jump = fc.record({
      atMs: fc.integer({ min: 0, max: 20_000 }),
      byMs: fc.integer({ min: -10_000, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.array(jump, { maxLength: 3 }),
        fc.integer({ min: -10_000, max: 40_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (offset, drift, jumps, reading, fromT) => {
          const clock = new ProcessClock(offset, drift, jumps);
          const t = clock.trueTimeOf("wall", reading, fromT);
          expect(t).toBeGreaterThanOrEqual(fromT);
          expect(clock.wall(t)).toBeGreaterThanOrEqual(reading - 1e-6);
          // Just before t (and not before fromT) the clock had not reached it yet.
          if (t > fromT) expect(clock.wall(Math.max(fromT, t - 0.01))).toBeLessThan(reading);
        },
      ),
      { numRuns: 100 },
    );
  });
});
