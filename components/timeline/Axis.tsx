import { memo } from "react";
import { roleColor } from "@/lib/theme/tokens";
import { LAB_TEXT_PX, type TimelineLayout } from "@/lib/readers/timelineLayout";
import type { ScaleLinear } from "d3-scale";

/** Tick labels in seconds, with as many decimals as the tick spacing needs. */
function tickFormatter(ticks: number[]): (ms: number) => string {
  const [first, second] = ticks;
  const step = first !== undefined && second !== undefined ? second - first : 1000;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  return (ms) => `${(ms / 1000).toFixed(decimals)} s`;
}

interface AxisProps {
  x: ScaleLinear<number, number>;
  layout: TimelineLayout;
  plotLeft: number;
  plotRight: number;
}

/** d3's ticks for the visible window, about one per 90 px at the lab's type (further apart for larger type). */
function ticksOf({ x, layout, plotLeft, plotRight }: AxisProps): number[] {
  return x
    .ticks(Math.max(2, Math.floor((plotRight - plotLeft) / ((90 * layout.textPx) / LAB_TEXT_PX))))
    .filter((t) => x(t) >= plotLeft - 0.5 && x(t) <= plotRight + 0.5);
}

/** Faint gridlines at the axis ticks, up through the lanes, behind the run. */
export const Gridlines = memo(function Gridlines(props: AxisProps) {
  const { x, layout } = props;
  return (
    <g aria-hidden="true">
      {ticksOf(props).map((t) => (
        <line
          key={t}
          x1={x(t)}
          x2={x(t)}
          y1={layout.lanesTop}
          y2={layout.axisTop}
          strokeWidth="1"
          style={{ stroke: roleColor.line, opacity: 0.7 }}
        />
      ))}
    </g>
  );
});

/** True time along the bottom, in seconds: d3 picks the ticks for the visible window, React draws them. */
export const Axis = memo(function Axis(props: AxisProps) {
  const { x, layout, plotLeft, plotRight } = props;
  const ticks = ticksOf(props);
  const format = tickFormatter(ticks);
  const y = layout.axisTop;
  return (
    <g aria-hidden="true">
      <line x1={plotLeft} x2={plotRight} y1={y} y2={y} style={{ stroke: roleColor.inkMuted }} />
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={y} y2={y + 5} style={{ stroke: roleColor.inkMuted }} />
          <text
            x={x(t)}
            y={y + 7 + layout.textPx}
            fontSize={layout.textPx}
            textAnchor="middle"
            style={{ fill: roleColor.inkMuted }}
          >
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
});
