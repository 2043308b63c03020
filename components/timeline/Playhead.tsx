"use client";

import { createContext, use, useMemo, type ReactNode } from "react";
import { formatClock } from "@/lib/sim/format";
import type { TimelineLayout } from "@/lib/readers/timelineLayout";
import { roleColor } from "@/lib/theme/tokens";
import type { ScaleLinear } from "d3-scale";
import { selectT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";

/**
 * The window that reveals the run up to the playhead: everything drawn inside it appears as the
 * playhead passes. Only its width changes while playing, so the layers need not re-render. It is a
 * nested SVG viewport rather than a clipPath: a viewport's edge is a plain clip rectangle, so the
 * browser moves it without repainting what it reveals, where changing a clipPath repaints every
 * element the clip applies to, each frame (with a 5,000-event run that was most of a frame's paint).
 */
export function RevealWindow({
  x,
  height,
  limitT,
  children,
}: {
  x: ScaleLinear<number, number>;
  height: number;
  limitT: number;
  children: ReactNode;
}) {
  const t = usePlayback(selectT);
  const edge = x(Math.min(t, limitT));
  // The same object while the scale and limit stay: a new one each frame would re-render every label.
  const reveal = useMemo(() => ({ x, limitT }), [x, limitT]);
  // No viewBox and x = 0: the layers inside draw in the diagram's own coordinates.
  return (
    <svg
      x="0"
      y="0"
      width={Math.max(0, edge)}
      height={height}
      overflow="hidden"
      aria-hidden="true"
      pointerEvents="none"
    >
      <RevealEdge value={reveal}>{children}</RevealEdge>
    </svg>
  );
}

const RevealEdge = createContext<{ x: ScaleLinear<number, number>; limitT: number } | null>(null);

/**
 * A span's label in the reveal window, drawn once the window reaches its end (`right`, in the
 * diagram's px): cut at the playhead, it would read as another word ("no tok", "refus"). Each
 * label re-renders only as the playhead crosses its end.
 */
export function WholeLabel({ right, children }: { right: number; children: ReactNode }) {
  const edge = use(RevealEdge);
  const whole = usePlayback((s) => edge === null || edge.x(Math.min(selectT(s), edge.limitT)) >= right);
  return whole ? children : null;
}

/**
 * The playhead: a line across every lane with the true time in a tab under it. Out of view, the
 * tab waits at the edge with an arrow pointing to where the playhead is.
 */
export function Playhead({
  x,
  layout,
  plotLeft,
  plotRight,
}: {
  x: ScaleLinear<number, number>;
  layout: TimelineLayout;
  plotLeft: number;
  plotRight: number;
}) {
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
      {!before && !after && (
        <line
          x1={px}
          x2={px}
          y1={layout.lanesTop}
          y2={layout.axisTop}
          strokeWidth="2"
          style={{ stroke: roleColor.ink }}
        />
      )}
      <rect
        x={tabX}
        y={layout.axisTop + 4}
        width={w}
        height={layout.textPx + 6}
        rx="3"
        style={{ fill: roleColor.ink }}
      />
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
