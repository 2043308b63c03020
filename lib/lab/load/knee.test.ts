import { describe, expect, it } from "vitest";
import type { CurvePoint } from "./curve";
import { kneeOf } from "./knee";

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
  it("is the first rate whose jobs done fall below 90 % of arrivals", () => {
    const knee = kneeOf([point(1, 1, 20), point(10, 0.95, 30), point(100, 0.5, 35), point(1000, 0.05, 39)]);
    expect(knee).toMatchObject({ ratePerSec: 100, rule: "throughput" });
    expect(knee?.because).toBe("only 50 % of the jobs that arrived were done (50 jobs/s)");
  });

  it("is the first rate whose p99 is over twice the lowest rate's, if that comes first", () => {
    const knee = kneeOf([point(10, 1, 25), point(1, 1, 10), point(100, 0.5, 35)]);
    expect(knee).toMatchObject({ ratePerSec: 10, rule: "latency" });
    expect(knee?.because).toBe("p99 acquire latency reached 25 ms, over twice its 10 ms at 1 jobs/s");
  });

  it("skips runs cut short, and is null when nothing bends", () => {
    expect(kneeOf([point(1, 1, 10), point(10, 0.2, 10, true), point(100, 1, 12)])).toBeNull();
    expect(kneeOf([])).toBeNull();
  });

  it("ignores latency when there is no lock to wait for", () => {
    expect(kneeOf([point(1, 1, 0), point(10, 1, 0)])).toBeNull();
  });
});
