import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { warmUp } from "./warmUp";

const scenario = presetById("chaos-default")!.scenario;

/** A clock that moves on `stepMs` each time it is read. */
const ticking = (stepMs: number) => {
  let t = 0;
  return () => (t += stepMs);
};

describe("warming a map worker up", () => {
  it("runs the scenario until its time is up, each run one clock step here", () => {
    // Read once for the start, then once before each run: 10 ms at 1 ms a reading is 9 runs.
    expect(warmUp(scenario, 10, ticking(1))).toBe(9);
  });

  it("stops at its cap of runs however long it was given", () => {
    expect(warmUp(scenario, 1_000_000, ticking(1), 5)).toBe(5);
  });

  it("runs nothing on a scenario that is not valid", () => {
    expect(warmUp({ ...scenario, durationMs: -1 }, 1000, ticking(1))).toBe(0);
  });
});
