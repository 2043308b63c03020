/**
 * Geometry for the Load panel's charts: d3 computes the scales, ticks and path strings here, and
 * the components only render them. Series are per-second buckets, drawn as steps (a bucket's value
 * holds for its whole second); buckets with no value (no acquisition in that second) are gaps.
 */
import { scaleLinear, scaleLog, type ScaleLinear, type ScaleLogarithmic } from "d3-scale";
import { line } from "d3-shape";

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Tick {
  value: number;
  /** Pixel position along its axis. */
  at: number;
  label: string;
}

export const CHART_MARGIN = { top: 12, right: 14, bottom: 36, left: 56 };

export function chartBox(width: number, height: number, margin = CHART_MARGIN): Box {
  return {
    left: margin.left,
    right: Math.max(margin.left + 20, width - margin.right),
    top: margin.top,
    bottom: Math.max(margin.top + 20, height - margin.bottom),
  };
}

/** Time (ms) across, 0 to the run's duration. */
export function timeScale(durationMs: number, box: Box): ScaleLinear<number, number> {
  return scaleLinear()
    .domain([0, Math.max(1, durationMs)])
    .range([box.left, box.right]);
}

/** A value axis from 0 up to a round number at or above `max` (1 when everything is 0). */
export function valueScale(max: number, box: Box): ScaleLinear<number, number> {
  return scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .range([box.bottom, box.top])
    .nice(4);
}

/** Offered load across, logarithmic. */
export function rateScale(minRate: number, maxRate: number, box: Box): ScaleLogarithmic<number, number> {
  return scaleLog()
    .domain([minRate, Math.max(minRate * 10, maxRate)])
    .range([box.left, box.right]);
}

export function ticksOf(
  scale: ScaleLinear<number, number> | ScaleLogarithmic<number, number>,
  count: number,
  format: (value: number) => string,
): Tick[] {
  return scale.ticks(count).map((value) => ({ value, at: scale(value), label: format(value) }));
}

/** Decades only (1, 10, 100 …) on a log axis, where d3 would label every integer. */
export function decadeTicks(scale: ScaleLogarithmic<number, number>, format: (value: number) => string): Tick[] {
  const [lo = 1, hi = lo] = scale.domain();
  const ticks: Tick[] = [];
  for (let v = 10 ** Math.ceil(Math.log10(lo) - 1e-9); v <= hi * (1 + 1e-9); v *= 10)
    ticks.push({ value: v, at: scale(v), label: format(v) });
  return ticks;
}

/** Whole seconds: "0 s", "30 s", "1.5 s" only where the ticks need it. */
export const secondsLabel = (ms: number) => `${Number((ms / 1000).toPrecision(6))} s`;

/**
 * A per-second series as a step path: bucket i holds its value from i·bucketMs to the next
 * bucket (the last one to the end of the run). `defined` says which buckets have a value.
 */
export function seriesPath(
  values: readonly number[],
  bucketMs: number,
  durationMs: number,
  x: ScaleLinear<number, number>,
  y: ScaleLinear<number, number>,
  defined: (i: number) => boolean = () => true,
): string {
  // Each defined bucket contributes its two corners; null breaks the line at a gap.
  const corners: ([number, number] | null)[] = [];
  values.forEach((v, i) => {
    if (!defined(i)) {
      if (corners.at(-1) !== null) corners.push(null);
      return;
    }
    corners.push([i * bucketMs, v], [Math.min(durationMs, (i + 1) * bucketMs), v]);
  });
  return (
    line<[number, number] | null>()
      .defined((p) => p !== null)
      .x((p) => x(p![0]))
      .y((p) => y(p![1]))(corners) ?? ""
  );
}

/** Points joined by straight segments (the load curve), skipping those `defined` rejects. */
export function pointsPath<T>(
  points: readonly T[],
  px: (p: T) => number,
  py: (p: T) => number,
  defined: (p: T) => boolean = () => true,
): string {
  return line<T>().defined(defined).x(px).y(py)([...points]) ?? "";
}
