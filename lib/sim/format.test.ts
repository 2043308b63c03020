import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDuration,
  formatDurationRange,
  formatOffset,
  formatPpm,
  groupDigits,
  listOf,
  lostIncrements,
  seconds,
} from "./format";

describe("sentence pieces", () => {
  it("writes times as seconds and lists with 'and'", () => {
    expect(seconds(17_000)).toBe("17.0 s");
    expect(seconds(125_400)).toBe("125 s");
    expect(listOf(["c1", "c2", "c3"])).toBe("c1, c2 and c3");
  });

  it("says whose increments a write lost, in the right number", () => {
    expect(lostIncrements(["c2"], 1)).toBe("c2's increment was lost");
    expect(lostIncrements(["c2"], 3)).toBe("3 of c2's increments were lost");
    expect(lostIncrements(["c1", "c3"], 2)).toBe("2 increments, by c1 and c3, were lost");
    expect(lostIncrements([], 1)).toBe("an earlier increment was lost");
    expect(lostIncrements([], 2)).toBe("2 earlier increments were lost");
  });
});

describe("numbers with their thousands grouped", () => {
  it("writes counts and decimals as en-US does", () => {
    expect(groupDigits(9720)).toBe("9,720");
    expect(groupDigits(500_000)).toBe("500,000");
    expect(groupDigits(-1_234_567)).toBe("-1,234,567");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(2.5)).toBe("2.5");
    expect(groupDigits(1234.5678)).toBe("1,234.568");
    expect(groupDigits(1.0005)).toBe("1.001");
    expect(groupDigits(0.9999)).toBe("1");
    expect(groupDigits(0.0001)).toBe("0");
  });

  it("agrees with toLocaleString('en-US') on whole numbers and on decimals", () => {
    const decimals = fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 6 }))
      .map(([n, places]) => n / 10 ** places);
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), decimals, fc.double({ min: -1e15, max: 1e15, noNaN: true })), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("formatDuration", () => {
  it("writes milliseconds, seconds and minutes with their unit", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(500)).toBe("500 ms");
    expect(formatDuration(1500)).toBe("1.5 s");
    expect(formatDuration(10_000)).toBe("10 s");
    expect(formatDuration(17_300)).toBe("17.3 s");
    expect(formatDuration(120_000)).toBe("120 s");
    expect(formatDuration(3_600_000)).toBe("60 min");
  });
});

describe("lane clock labels", () => {
  it("reads a clock to the millisecond and its distance from true time", () => {
    expect(formatClock(12_340)).toBe("12.340 s");
    expect(formatClock(-1000)).toBe("−1.000 s");
    expect(formatOffset(2000)).toBe("+2.0 s");
    expect(formatOffset(-350)).toBe("−350 ms");
    expect(formatOffset(3)).toBe("+3 ms");
    expect(formatOffset(0.01)).toBe("±0");
  });
});

describe("formatPpm and ranges", () => {
  it("adds a percentage to large drifts", () => {
    expect(formatPpm(200)).toBe("200 ppm");
    expect(formatPpm(50_000)).toBe("50,000 ppm (5 %)");
  });
  it("shares the unit of a range when both ends have it", () => {
    expect(formatDurationRange([1, 5])).toBe("1–5 ms");
    expect(formatDurationRange([500, 3000])).toBe("500 ms – 3 s");
    expect(formatDurationRange([2000, 2000])).toBe("2 s");
  });
});
