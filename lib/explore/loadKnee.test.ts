import { describe, expect, it } from "vitest";
import type { CurvePoint } from "./loadCurve";
import { kneeOf } from "./loadKnee";

const point = (ratePerSec: number, completedShare: number, p99Ms: number, truncated = false): CurvePoint => ({
  ratePerSec,
  arrived: ratePerSec * 60,
  completed: Math.round(ratePerSec * 60 * completedShare),
  throughputPerSec: ratePerSec * completedShare,
  p50Ms: 5,
  p99Ms,
  utilization: 0,
  truncated,
});

describe("the knee", () => {
  it("is the lowest rate whose jobs done fall below 90 % of arrivals", () => {
    const knee = kneeOf([point(1000, 0.05, 39), point(1, 1, 20), point(10, 0.95, 30), point(100, 0.5, 35)]);
    expect(knee).toEqual({ ratePerSec: 100, because: "only 50 % of the jobs that arrived were done (50 jobs/s)" });
  });

  it("counts arrivals, not the nominal rate, and ignores a rise in p99 alone", () => {
    const unlucky = { ...point(1, 1, 10), arrived: 48, completed: 48, throughputPerSec: 0.8 };
    expect(kneeOf([unlucky, point(10, 1, 900)])).toBeNull();
  });

  it("skips runs cut short, and is null when there are none left", () => {
    expect(kneeOf([point(1, 1, 10), point(10, 0.2, 10, true), point(100, 1, 12)])).toBeNull();
    expect(kneeOf([])).toBeNull();
  });
});
