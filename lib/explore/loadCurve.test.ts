import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim/simulate";
import { CURVE_RATES, curveKey, curvePointOf, curveScenario } from "./loadCurve";
import { kneeOf } from "./loadKnee";

const preset = (id: string) => presetById(id)!.scenario;

describe("the load curve", () => {
  it("spans the Traffic slider's range, four rates per tenfold", () => {
    expect(CURVE_RATES).toEqual([1, 1.8, 3.2, 5.6, 10, 18, 32, 56, 100, 180, 320, 560, 1000]);
  });

  it("is the same curve whatever the current rate", () => {
    expect(curveKey(preset("traffic-1x"))).toBe(curveKey(preset("traffic-10x")));
    expect(curveKey(preset("traffic-10x"))).not.toBe(curveKey(preset("hot-key")));
  });

  it("runs each rate as a stream of at most a minute", () => {
    const long = { ...preset("traffic-1x"), durationMs: 600_000 };
    expect(curveScenario(long, 18)).toMatchObject({ durationMs: 60_000, workload: { kind: "stream", ratePerSec: 18 } });
  });

  it("bends where the one lock saturates in traffic-10x", () => {
    const points = [4, 10, 18, 32].map((rate) =>
      curvePointOf(rate, simulate(curveScenario(preset("traffic-10x"), rate), { summaryOnly: true })),
    );
    expect(points[0]!.arrived).toBeGreaterThan(200);
    expect(points[3]!.throughputPerSec).toBeLessThan(20);
    const knee = kneeOf(points);
    expect(knee).not.toBeNull();
    expect(knee!.ratePerSec).toBeLessThanOrEqual(18);
  });
});
