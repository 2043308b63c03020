import type { ReactNode } from "react";
import type { Box, Tick } from "@/lib/readers/loadCharts";
import { roleColor } from "@/lib/theme/tokens";

/**
 * The axes of a chart, drawn by React from d3's ticks: gridlines, tick labels, and each axis
 * labelled with its unit. Decorative (aria-hidden): the chart's own label carries the summary.
 */
export function ChartAxes({
  box,
  xTicks,
  yTicks,
  xLabel,
  yLabel,
}: {
  box: Box;
  xTicks: Tick[];
  yTicks: Tick[];
  xLabel: string;
  yLabel: string;
}) {
  return (
    <g aria-hidden="true" fontSize="11">
      {yTicks.map((t) => (
        <g key={`y${t.value}`}>
          <line x1={box.left} x2={box.right} y1={t.at} y2={t.at} style={{ stroke: roleColor.line }} />
          <text x={box.left - 6} y={t.at} dy="0.32em" textAnchor="end" style={{ fill: roleColor.inkMuted }}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={box.left} x2={box.right} y1={box.bottom} y2={box.bottom} style={{ stroke: roleColor.inkMuted }} />
      {xTicks.map((t) => (
        <g key={`x${t.value}`}>
          <line x1={t.at} x2={t.at} y1={box.bottom} y2={box.bottom + 4} style={{ stroke: roleColor.inkMuted }} />
          <text x={t.at} y={box.bottom + 16} textAnchor="middle" style={{ fill: roleColor.inkMuted }}>
            {t.label}
          </text>
        </g>
      ))}
      <text x={(box.left + box.right) / 2} y={box.bottom + 31} textAnchor="middle" style={{ fill: roleColor.inkMuted }}>
        {xLabel}
      </text>
      <text
        transform={`translate(12 ${(box.top + box.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        style={{ fill: roleColor.inkMuted }}
      >
        {yLabel}
      </text>
    </g>
  );
}

/** A line's look in a legend: a short stroke with the same colour and dash as on the chart. */
export function LegendItem({ color, dashed, children }: { color: string; dashed?: boolean; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      <svg width="22" height="8" aria-hidden="true" className="shrink-0">
        <line
          x1="1"
          x2="21"
          y1="4"
          y2="4"
          strokeWidth="2.5"
          strokeDasharray={dashed ? "5 3" : undefined}
          style={{ stroke: color }}
        />
      </svg>
      {children}
    </li>
  );
}
