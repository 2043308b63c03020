"use client";

import { useMemo, useRef } from "react";
import { chartBox, secondsLabel, seriesPath, ticksOf, timeScale, valueScale } from "@/lib/readers/loadCharts";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { ChartAxes, LegendItem } from "./ChartFrame";

export interface ChartLine {
  label: string;
  values: readonly number[];
  color: string;
  dashed?: boolean;
  /** Which buckets have a value; the others are gaps. */
  defined?: (i: number) => boolean;
}

const HEIGHT = 170;

/**
 * One per-second series chart over simulated time: d3 computes the scales, ticks and step paths,
 * React draws them. The SVG is an image named by `summary`; the legend says which line is which
 * by dash as well as colour.
 */
export function SeriesChart({
  title,
  unit,
  lines,
  bucketMs,
  durationMs,
  formatValue,
  summary,
  fixedMax,
}: {
  title: string;
  unit: string;
  lines: ChartLine[];
  bucketMs: number;
  durationMs: number;
  formatValue: (value: number) => string;
  summary: string;
  /** The top of the value axis when it is fixed (a share: 1), instead of following the data. */
  fixedMax?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementWidth(ref);
  const geometry = useMemo(() => {
    const box = chartBox(Math.max(width, 200), HEIGHT);
    const x = timeScale(durationMs, box);
    const max = fixedMax ?? Math.max(0, ...lines.flatMap((l) => l.values.filter((_, i) => l.defined?.(i) ?? true)));
    const y = valueScale(max, box);
    return {
      box,
      xTicks: ticksOf(x, Math.max(2, Math.floor((box.right - box.left) / 80)), secondsLabel),
      yTicks: ticksOf(y, 4, formatValue),
      paths: lines.map((l) => seriesPath(l.values, bucketMs, durationMs, x, y, l.defined)),
    };
  }, [width, lines, bucketMs, durationMs, formatValue, fixedMax]);

  return (
    <figure className="min-w-0">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-semibold">{title}</span>
        {lines.length > 1 && (
          <ul className="flex flex-wrap gap-x-3 text-xs text-ink-muted">
            {lines.map((l) => (
              <LegendItem key={l.label} color={l.color} dashed={l.dashed}>
                {l.label}
              </LegendItem>
            ))}
          </ul>
        )}
      </figcaption>
      <div ref={ref} className="mt-1">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block">
            <ChartAxes
              box={geometry.box}
              xTicks={geometry.xTicks}
              yTicks={geometry.yTicks}
              xLabel="simulated time (s)"
              yLabel={unit}
            />
            {lines.map((line, i) => (
              <path
                key={line.label}
                d={geometry.paths[i]}
                fill="none"
                strokeWidth="2"
                strokeDasharray={line.dashed ? "6 4" : undefined}
                style={{ stroke: line.color }}
              />
            ))}
          </svg>
        )}
      </div>
    </figure>
  );
}
