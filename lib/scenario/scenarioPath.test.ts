import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import type { Scenario } from "@/lib/sim/scenario";
import { scenarioPathGet, scenarioPathSet } from "./scenarioPath";

const gcPause = presetById("gc-pause")!.scenario;

describe("scenario paths", () => {
  it("reads fields, array elements and record keys", () => {
    expect(scenarioPathGet(gcPause, "service.ttlMs")).toBe(10000);
    expect(scenarioPathGet(gcPause, "faults.0.forMs")).toBe(15000);
    const skewed = { ...gcPause, clocks: { per: { c2: { offsetMs: 3000 } } } } as Scenario;
    expect(scenarioPathGet(skewed, "clocks.per.c2.offsetMs")).toBe(3000);
  });

  it("reads nothing where the path leads nowhere", () => {
    expect(scenarioPathGet(gcPause, "service.nope")).toBeUndefined();
    expect(scenarioPathGet(gcPause, "faults.7.forMs")).toBeUndefined();
    expect(scenarioPathGet(gcPause, "faults.x")).toBeUndefined();
    expect(scenarioPathGet(gcPause, "service.ttlMs.deeper")).toBeUndefined();
    expect(scenarioPathGet(gcPause, "toString")).toBeUndefined();
  });

  it("writes a copy, sharing what is off the path", () => {
    const changed = scenarioPathSet(gcPause, "faults.0.forMs", 4000);
    expect(scenarioPathGet(changed, "faults.0.forMs")).toBe(4000);
    expect(scenarioPathGet(gcPause, "faults.0.forMs")).toBe(15000);
    expect(changed.service).toBe(gcPause.service);
    expect(scenarioPathSet(gcPause, "service.ttlMs", 20000).service).toEqual({ kind: "redis", ttlMs: 20000 });
  });

  it("refuses to write through a missing element", () => {
    expect(() => scenarioPathSet(gcPause, "faults.3.forMs", 1)).toThrow(/no element 3/);
  });
});
