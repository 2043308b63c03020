"use client";

import { useMemo } from "react";
import { processClock } from "@/lib/sim/processes";
import { formatClock, formatOffset, groupDigits } from "@/lib/sim/format";
import type { TimelineLayout } from "@/lib/readers/timelineLayout";
import type { ResolvedScenario } from "@/lib/sim/scenario";
import { roleColor } from "@/lib/theme/tokens";
import { selectT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";
import { laneColor } from "./colors";

/** The lab's lane label sizes, in px: the lane's name and its clock. */
const DESK_TEXT = { name: 12, clock: 10.5 };

/**
 * Each lane's name, and that process's own wall clock at the playhead with its distance from true
 * time: "c1", "12.340 s (+2.0 s)". The column covers what scrolls beneath it. `textPx` draws the
 * names and clocks at that size instead (a room's slide); the lanes must be tall enough for two
 * lines of it (timelineLayout's minLaneHeight).
 */
export function LaneLabels({
  layout,
  scenario,
  width,
  textPx,
}: {
  layout: TimelineLayout;
  scenario: ResolvedScenario;
  width: number;
  textPx?: number;
}) {
  const text = textPx ? { name: textPx, clock: textPx } : DESK_TEXT;
  const swatch = textPx ? Math.round(textPx * 0.8) : 10;
  const t = usePlayback(selectT);
  const clocks = useMemo(
    () => new Map(layout.boxes.map((b) => [b.lane.id, processClock(scenario, b.lane.id)])),
    [layout, scenario],
  );
  return (
    <g>
      <rect x="0" y="0" width={width} height={layout.height} style={{ fill: roleColor.page }} />
      <line x1={width} x2={width} y1={layout.lanesTop} y2={layout.axisTop} style={{ stroke: roleColor.line }} />
      <text
        x="8"
        y={layout.violationsTop + 6 + layout.textPx}
        fontSize={layout.textPx}
        style={{ fill: roleColor.inkMuted }}
      >
        violations
      </text>
      <text x="8" y={layout.axisTop + 7 + layout.textPx} fontSize={layout.textPx} style={{ fill: roleColor.inkMuted }}>
        true time
      </text>
      {layout.moreClients && (
        <text
          x="8"
          y={layout.moreClients.top + layout.moreClients.height / 2 + 4}
          fontSize={text.clock}
          fontStyle="italic"
          style={{ fill: roleColor.inkMuted }}
        >
          …and {groupDigits(layout.moreClients.count)} more {layout.moreClients.count === 1 ? "client" : "clients"}
        </text>
      )}
      {layout.boxes.map((box) => {
        const clock = clocks.get(box.lane.id);
        const wall = clock ? clock.wall(t) : t;
        const compact = box.height < 50;
        const name = box.lane.id;
        // Name on the first line, the clock under it; a room's text sets the lines by its size.
        const nameY = textPx ? box.top + 4 + textPx : box.top + 18;
        const clockY = textPx ? nameY + textPx * 1.15 : box.top + (compact ? 33 : 36);
        return (
          <g key={box.lane.id}>
            {/* A client's swatch is filled with its colour; a service's or storage's is an outline. */}
            <rect
              x="8"
              y={nameY - swatch}
              width={swatch}
              height={swatch}
              rx="2"
              fill={box.lane.kind === "client" ? undefined : "none"}
              strokeWidth={box.lane.kind === "client" ? "1" : "1.5"}
              style={
                box.lane.kind === "client"
                  ? { fill: laneColor(box.lane), stroke: roleColor.ink }
                  : { stroke: box.lane.kind === "storage" ? roleColor.storage : roleColor.lockService }
              }
            />
            <text x={14 + swatch} y={nameY} fontSize={text.name} fontWeight="700" style={{ fill: roleColor.ink }}>
              {name}
            </text>
            <text x="8" y={clockY} fontSize={text.clock} className="tabular-nums" style={{ fill: roleColor.inkMuted }}>
              <tspan>{formatClock(wall)}</tspan>
              {width > 120 && <tspan> ({formatOffset(wall - t)})</tspan>}
            </text>
            {width <= 120 && !compact && !textPx && (
              <text
                x="8"
                y={box.top + 49}
                fontSize={text.clock}
                className="tabular-nums"
                style={{ fill: roleColor.inkMuted }}
              >
                ({formatOffset(wall - t)})
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
