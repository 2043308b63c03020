import { describe, expect, it } from "vitest";
import type { CellResult } from "@/lib/explore";
import { cellFraction, heatFill, heatGeometry, heatMix, labelIndices, MIN_MIX, percentOf } from "./mapHeat";

const cell = (runs: number, unsafe: number, overlap: number): CellResult => ({
  x: 0,
  y: 0,
  xValue: 1,
  yValue: 1,
  runs,
  unsafe,
  overlap,
  failingSeed: null,
  overlapSeed: null,
  incomplete: 0,
  incompleteAtMs: null,
});

describe("heat colours", () => {
  it("reads the layer's fraction; a cell with no runs has none", () => {
    expect(cellFraction(cell(20, 5, 10), "unsafe")).toBe(0.25);
    expect(cellFraction(cell(20, 5, 10), "overlap")).toBe(0.5);
    expect(cellFraction(cell(0, 0, 0), "unsafe")).toBeNull();
  });

  it("keeps zero apart from any failure, and grows with the fraction", () => {
    expect(heatMix(0)).toBe(0);
    expect(heatMix(0.01)).toBeGreaterThanOrEqual(MIN_MIX);
    expect(heatMix(1)).toBe(100);
    for (let f = 0.05; f < 1; f += 0.05) expect(heatMix(f + 0.05)).toBeGreaterThanOrEqual(heatMix(f));
    expect(heatFill(0.5, "unsafe")).toBe(
      `color-mix(in oklab, light-dark(var(--color-oi-vermillion), #b04600) ${heatMix(0.5)}%, var(--color-page))`,
    );
  });

  it("never rounds a failure away or a near miss up to all", () => {
    expect(percentOf(1 / 400)).toBe(1);
    expect(percentOf(399 / 400)).toBe(99);
    expect(percentOf(0.255)).toBe(26);
    expect(percentOf(0)).toBe(0);
    expect(percentOf(1)).toBe(100);
  });
});

describe("heatmap geometry", () => {
  it("fits square cells to the width, with row 0 at the bottom", () => {
    const g = heatGeometry(40, 40, 1000);
    expect(g.cell).toBe(22);
    expect(g.width).toBeLessThanOrEqual(1000);
    expect(g.y(0)!).toBeGreaterThan(g.y(39)!);
    expect(g.x(0)!).toBeLessThan(g.x(39)!);
    expect(g.numbers).toBe(true);
  });

  it("keeps cells at a minimum size on a phone, without numbers", () => {
    const g = heatGeometry(40, 40, 360);
    expect(g.cell).toBe(6);
    expect(g.numbers).toBe(false);
  });

  it("labels every k-th cell so labels never overlap", () => {
    expect(labelIndices(40, 22, 40)).toEqual([
      0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38,
    ]);
    expect(labelIndices(5, 50, 40)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndices(10, 10, 40)).toEqual([0, 4, 8]);
    expect(labelIndices(13, 10, 40)).toEqual([0, 4, 8, 12]);
  });
});
