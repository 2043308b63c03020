import { describe, expect, it } from "vitest";
import { formatClock, formatDuration, formatDurationRange, formatOffset, formatPpm } from "./format";

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
