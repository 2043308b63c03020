"use client";

import { formatClock } from "@/lib/run/format";
import type { TimelineLayout } from "@/lib/run/timelineLayout";
import { roleColor } from "@/lib/theme/tokens";
import type { ScaleLinear } from "d3-scale";
import { selectT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";

/**
 * The clip that reveals the run up to the playhead: everything drawn inside it appears as the
 * playhead passes. Only this rectangle moves while playing, so the layers need not re-render.
 */
export function RevealClip({
  id,
  x,
  plotLeft,
  height,
  limitT,
}: {
  id: string;
  x: ScaleLinear<number, number>;
  plotLeft: number;
  height: number;
  limitT: number;
}) {
  const t = usePlayback(selectT);
  const edge = x(Math.min(t, limitT));
  return (
    <clipPath id={id}>
      <rect x={plotLeft - 20} y="0" width={Math.max(0, edge - plotLeft + 20)} height={height} />
    </clipPath>
  );
}

/**
 * The playhead: a line across every lane with the true time in a tab under it. Out of view, the
 * tab waits at the edge with an arrow pointing to where the playhead is.
 */
export function Playhead({ x, layout, plotLeft, plotRight }: { x: ScaleLinear<number, number>; layout: TimelineLayout; plotLeft: number; plotRight: number }) {
  const t = usePlayback(selectT);
  const px = x(t);
  const before = px < plotLeft - 1;
  const after = px > plotRight + 1;
  const label = before ? `← ${formatClock(t)}` : after ? `${formatClock(t)} →` : formatClock(t);
  // The tab fits the label at the diagram's type: 6.6 px a character at the lab's 11 px.
  const w = label.length * 0.6 * layout.textPx + 10;
  const tabX = Math.min(plotRight - w, Math.max(plotLeft, px - w / 2));
  return (
    <g aria-hidden="true" pointerEvents="none">
      {!before && !after && <line x1={px} x2={px} y1={layout.lanesTop} y2={layout.axisTop} strokeWidth="2" style={{ stroke: roleColor.ink }} />}
      <rect x={tabX} y={layout.axisTop + 4} width={w} height={layout.textPx + 6} rx="3" style={{ fill: roleColor.ink }} />
      <text
        x={tabX + w / 2}
        y={layout.axisTop + 7 + layout.textPx * 0.86}
        fontSize={layout.textPx}
        fontWeight="600"
        textAnchor="middle"
        className="tabular-nums"
        style={{ fill: roleColor.page }}
      >
        {label}
      </text>
    </g>
  );
}
