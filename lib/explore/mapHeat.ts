/**
 * The failure map's heatmap, as numbers: which fraction a cell shows, its colour (a share of the
 * layer's colour mixed into the page, so the ramp runs from the page's own colour in both themes),
 * the grid's geometry (d3 band scales) and which axis labels fit. React draws; this computes.
 */
import { scaleBand, type ScaleBand } from "d3-scale";
import type { CellResult } from "@/lib/explore";
import type { MapLayer } from "@/lib/explore/mapSettings";

/**
 * Each layer's colour at 100 %, per theme (light-dark): vermillion for damage, blue for overlap.
 * Chosen so that the page's ink reads on every step of the ramp at 4.5:1 or more (the ramp runs
 * from the page's colour to this one) and the full colour stands 3:1 off the page: in the light
 * theme the palette's vermillion (4.6:1 with ink) and sky blue (7.7:1); in the dark theme, whose
 * ink is light, deeper shades of both (#b04600: 4.6:1 with ink, 3.3:1 off the page; #006aa8:
 * 4.8:1 and 3.2:1).
 */
export const LAYER_COLOR: Record<MapLayer, string> = {
  unsafe: "light-dark(var(--color-oi-vermillion), #b04600)",
  overlap: "light-dark(var(--color-oi-sky), #006aa8)",
};

/** The smallest share of colour a cell with any failing run gets, so one run in a hundred shows. */
export const MIN_MIX = 14;

/** The fraction of a cell's runs the layer counts; null when the cell has no runs (invalid). */
export function cellFraction(cell: CellResult, layer: MapLayer): number | null {
  if (cell.runs === 0) return null;
  return (layer === "unsafe" ? cell.unsafe : cell.overlap) / cell.runs;
}

/** The percentage of the layer's colour for a fraction: 0 for none, MIN_MIX..100 for any. */
export function heatMix(fraction: number): number {
  if (fraction <= 0) return 0;
  return Math.round(MIN_MIX + (100 - MIN_MIX) * Math.min(1, fraction));
}

/** The CSS colour of a fraction on a layer. */
export function heatFill(fraction: number, layer: MapLayer): string {
  return `color-mix(in oklab, ${LAYER_COLOR[layer]} ${heatMix(fraction)}%, var(--color-page))`;
}

/** A fraction as a whole percentage, never rounding a failure to 0 or a near-miss to 100. */
export function percentOf(fraction: number): number {
  if (fraction > 0 && fraction < 0.01) return 1;
  if (fraction < 1 && fraction > 0.99) return 99;
  return Math.round(fraction * 100);
}

/** The legend's steps: fractions 0, 0.1, …, 1. */
export const LEGEND_STEPS = Array.from({ length: 11 }, (_, i) => i / 10);

export interface HeatGeometry {
  /** Side of a cell, px (cells are square). */
  cell: number;
  /** The plot's left and top edges inside the SVG, and the SVG's size. */
  left: number;
  top: number;
  width: number;
  height: number;
  x: ScaleBand<number>;
  /** Row 0 at the bottom, as on any chart with a numeric vertical axis. */
  y: ScaleBand<number>;
  /** Numbers fit inside cells. */
  numbers: boolean;
}

export const HEAT_MARGIN = { left: 76, top: 8, right: 8, bottom: 44 } as const;
const MAX_CELL = 44;
const MIN_CELL = 6;
/** Cells at least this wide show their percentage. */
export const NUMBER_MIN_CELL = 20;

/** The grid's geometry in a container `width` px wide. */
export function heatGeometry(cols: number, rows: number, width: number): HeatGeometry {
  const { left, top, right, bottom } = HEAT_MARGIN;
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((width - left - right) / Math.max(1, cols))));
  const plotWidth = cell * cols;
  const plotHeight = cell * rows;
  const indices = (n: number) => Array.from({ length: n }, (_, i) => i);
  const x = scaleBand<number>()
    .domain(indices(cols))
    .range([left, left + plotWidth])
    .paddingInner(0.08);
  const y = scaleBand<number>()
    .domain(indices(rows))
    .range([top + plotHeight, top])
    .paddingInner(0.08);
  return {
    cell,
    left,
    top,
    width: left + plotWidth + right,
    height: top + plotHeight + bottom,
    x,
    y,
    numbers: cell >= NUMBER_MIN_CELL,
  };
}

/**
 * The indices of an axis that get a label, every k-th from the first, so labels `labelPx` wide
 * on cells `cellPx` apart never overlap; the last index too when it has room.
 */
export function labelIndices(count: number, cellPx: number, labelPx: number): number[] {
  const every = Math.max(1, Math.ceil(labelPx / Math.max(1, cellPx)));
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  const last = count - 1;
  if (count > 0 && out.at(-1) !== last && (last - (out.at(-1) ?? 0)) * cellPx >= labelPx) out.push(last);
  return out;
}
