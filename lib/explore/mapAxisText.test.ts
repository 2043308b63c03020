import { describe, expect, it } from "vitest";
import { axisValues } from "@/lib/explore";
import { presetById } from "@/lib/scenario/presets";
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { axisReading, formatAxisValue, nearestIndex, tickText } from "./mapAxisText";

const resolve = (s: Scenario) => (validateScenario(s) as { ok: true; scenario: ResolvedScenario }).scenario;

describe("axis values in words", () => {
  it("writes each unit", () => {
    expect(formatAxisValue("lease-ttl", 4700)).toBe("4.7 s");
    expect(formatAxisValue("clock-drift", 50)).toBe("50 ppm");
    expect(formatAxisValue("clients", 1)).toBe("1 client");
    expect(tickText("clients", 5)).toBe("5");
    expect(tickText("clock-drift", 10000)).toBe("10,000");
  });
});

describe("the current scenario on an axis", () => {
  it("reads the parameters the axes set", () => {
    const chaos = presetById("chaos-default")!.scenario;
    const r = resolve(chaos);
    expect(axisReading(chaos, r, "lease-ttl")).toBe(5000);
    expect(axisReading(chaos, r, "pause-length")).toBe(8000);
    expect(axisReading(chaos, r, "clients")).toBe(5);
    expect(axisReading(chaos, r, "work-time")).toBe(3000);
    const gc = presetById("gc-pause")!.scenario;
    expect(axisReading(gc, resolve(gc), "pause-length")).toBe(15000);
    const calm = { ...chaos, chaos: undefined };
    expect(axisReading(calm, resolve(calm), "pause-length")).toBeNull();
  });

  it("finds the nearest column, by ratio on a log axis, and nothing beyond the ends", () => {
    const values = axisValues("lease-ttl", [1000, 60000], 10);
    const i = nearestIndex("lease-ttl", values, 5000)!;
    expect(Math.abs(Math.log(values[i]! / 5000))).toBeLessThanOrEqual(
      Math.min(...values.map((v) => Math.abs(Math.log(v / 5000)))),
    );
    expect(nearestIndex("lease-ttl", values, 100)).toBeNull();
    expect(nearestIndex("lease-ttl", values, 61000)).toBe(9);
    expect(nearestIndex("lease-ttl", values, null)).toBeNull();
    expect(nearestIndex("clients", [1, 2, 3, 4], 3)).toBe(2);
    expect(nearestIndex("clients", [1, 2, 3, 4], 6)).toBeNull();
  });
});
