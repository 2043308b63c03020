import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { modelOf } from "@/lib/readers/derived";
import { upperBound } from "@/lib/readers/intervals";
import { simulate } from "@/lib/sim/simulate";
import { grantsAndWritesBetween, marksMoment, markTimes, refusalsMoment } from "./revealedMoments";

// A layer that selects one of these moments instead of the playhead must draw exactly what it
// would draw at the playhead: checked here at every 10 ms of runs with violations, refusals and
// marks, before, at and after each of their moments.
const runs = ["gc-pause", "k8s-paused-leader", "chaos-default", "redlock-clock-jump"].map((id) =>
  modelOf(simulate(presetById(id)!.scenario)),
);

function playheads(durationMs: number, moments: number[]): number[] {
  const every10ms = Array.from({ length: Math.ceil(durationMs / 10) + 1 }, (_, i) => i * 10);
  return [...every10ms, ...moments.flatMap((t) => [t - 0.001, t, t + 0.001])];
}

describe("the marks layer's moment", () => {
  it("reveals the same marks and draws each violation's stretch as far as the playhead would", () => {
    for (const model of runs) {
      const times = markTimes(model.marks);
      const violations = model.marks.filter((m) => m.kind === "violation");
      expect(violations.length + times.length).toBeGreaterThan(0);
      for (const until of playheads(model.durationMs, times)) {
        const moment = marksMoment(model.marks, until);
        expect(moment).toBeLessThanOrEqual(until);
        expect(upperBound(times, moment)).toBe(upperBound(times, until));
        for (const v of violations)
          if (v.t <= until && v.endT !== null) expect(Math.min(v.endT, moment)).toBe(Math.min(v.endT, until));
      }
    }
  });

  it("stays put between marks while no violation is under way, so playing re-renders the layer rarely", () => {
    const model = runs[0]!;
    const moments = new Set(playheads(model.durationMs, []).map((t) => marksMoment(model.marks, t)));
    expect(moments.size).toBeLessThan(model.durationMs / 10 / 10);
  });
});

describe("the refusal bands' moment", () => {
  it("shows the same bands with the same counts as the playhead would", () => {
    const withBands = runs.filter((m) => m.refusals.query(-Infinity, Infinity).length > 0);
    expect(withBands.length).toBeGreaterThan(0);
    for (const model of withBands) {
      const bands = model.refusals.query(-Infinity, Infinity);
      for (const until of playheads(
        model.durationMs,
        bands.flatMap((b) => [b.startT, ...b.times]),
      )) {
        const moment = refusalsMoment(model.refusals, until);
        const shown = (t: number) =>
          model.refusals.query(0, t).map((b) => `${b.client}@${b.startT}×${upperBound(b.times, t)}`);
        expect(shown(moment)).toEqual(shown(until));
      }
    }
  });
});

describe("counting grants and writes in view", () => {
  it("counts what a filter over the marks counts", () => {
    for (const model of runs) {
      for (const [from, until] of [
        [0, model.durationMs],
        [1000, 5000],
        [model.durationMs / 2, model.durationMs / 2],
        [-1, 0],
      ] as const) {
        const byFilter = model.marks.filter((m) => m.kind !== "violation" && m.t >= from && m.t <= until).length;
        expect(grantsAndWritesBetween(model.marks, from, until)).toBe(byFilter);
      }
    }
  });
});
