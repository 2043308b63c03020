import { describe, expect, it } from "vitest";
import { axisValues, mapCells, runCell } from "@/lib/explore";
import { defaultMapSettings } from "@/lib/explore/mapSettings";
import { presetById } from "@/lib/scenario/presets";
import { mapLayerNote } from "./mapDefaults";

/** The default map of a preset at a coarse 4 × 4 grid of one seed: each cell's share on the default layer. */
function coarseDefaultMap(id: string) {
  const scenario = presetById(id)!.scenario;
  const { x, y, layer } = defaultMapSettings(scenario);
  const cells = mapCells(
    scenario,
    x.axis,
    axisValues(x.axis, x.range, 4),
    y.axis,
    axisValues(y.axis, y.range, 4),
    1,
  ).map(runCell);
  const total = (n: (c: (typeof cells)[number]) => number) => cells.reduce((sum, c) => sum + n(c), 0);
  return {
    layer,
    shares: cells.map((c) => (layer === "overlap" ? c.overlap : c.unsafe) / c.runs),
    unsafe: total((c) => c.unsafe),
    overlap: total((c) => c.overlap),
  };
}

describe("the failure map's default layer", () => {
  it("opens a fenced scenario on overlap, which has a boundary there, where unsafe runs are rare", () => {
    const map = coarseDefaultMap("gc-pause-fenced");
    expect(map.layer).toBe("overlap");
    expect(map.unsafe * 2).toBeLessThan(map.overlap);
    expect(new Set(map.shares).size).toBeGreaterThan(1);
    expect(mapLayerNote(presetById("gc-pause-fenced")!.scenario)).toMatch(
      /^Storage checks each write's fencing token here/,
    );
  });

  it("opens an unguarded scenario on unsafe runs, with no note", () => {
    const map = coarseDefaultMap("gc-pause");
    expect(map.layer).toBe("unsafe");
    expect(new Set(map.shares).size).toBeGreaterThan(1);
    expect(mapLayerNote(presetById("gc-pause")!.scenario)).toBeNull();
  });
});
