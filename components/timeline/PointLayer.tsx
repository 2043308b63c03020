import { memo } from "react";
import { CrashMark } from "@/components/marks/CrashMark";
import { laneRows } from "@/lib/readers/timelineLayout";
import type { PointMark } from "@/lib/readers/timelineModel";
import { roleColor } from "@/lib/theme/tokens";
import { labelWidth, type LayerProps } from "./geometry";

const muted = { fill: roleColor.inkMuted };

/**
 * Moments on a lane: crashes (a cross), restarts, clock jumps, lease ends as the service saw them,
 * session changes, lease checks and failovers, each with a short label when there is room.
 */
export const PointLayer = memo(function PointLayer({ model, layout, x, domain, limitT }: LayerProps) {
  const [d0, d1] = domain;
  const points = model.points.query(d0, Math.min(d1, limitT));
  return (
    <g>
      {placePoints(points, x, layout.textPx).map(({ point, px, labelled }) => {
        const box = layout.byId.get(point.lane);
        return box ? (
          <Point
            key={point.key}
            point={point}
            px={px}
            rows={laneRows(box, layout.textPx)}
            showLabel={labelled}
            textPx={layout.textPx}
          />
        ) : null;
      })}
    </g>
  );
});

/**
 * Each point's x, and whether its label fits without running into the previous one on its lane.
 * When points are many, one per pixel column on a lane is enough: the rest would be drawn over it.
 */
function placePoints(points: PointMark[], x: LayerProps["x"], textPx: number) {
  const lastLabelEnd = new Map<string, number>();
  const columns = points.length > 1000 ? new Set<string>() : null;
  return points.flatMap((point) => {
    const px = x(point.t);
    if (columns) {
      const column = `${point.lane}/${Math.round(px)}/${point.kind}`;
      if (columns.has(column)) return [];
      columns.add(column);
    }
    const labelled = px >= (lastLabelEnd.get(point.lane) ?? -Infinity);
    if (labelled) lastLabelEnd.set(point.lane, px + labelWidth(point.label, textPx) + 4);
    return [{ point, px, labelled }];
  });
}

function Point({
  point,
  px,
  rows,
  showLabel,
  textPx,
}: {
  point: PointMark;
  px: number;
  rows: ReturnType<typeof laneRows>;
  showLabel: boolean;
  textPx: number;
}) {
  const label = showLabel ? (
    <text x={px + 4} y={rows.note} fontSize={textPx} style={muted}>
      {point.label}
    </text>
  ) : null;
  switch (point.kind) {
    case "crash":
      return (
        <g>
          <CrashMark x={px} y={rows.mid} size={6} />
          {label}
        </g>
      );
    case "lease-end":
      return (
        <g>
          <line
            x1={px}
            x2={px}
            y1={rows.barTop - 3}
            y2={rows.barTop + rows.barHeight + 3}
            strokeWidth="2"
            style={{ stroke: roleColor.ink }}
          />
          {label}
        </g>
      );
    case "clock-jump":
      return (
        <g>
          <circle cx={px} cy={rows.mid} r="5" fill="none" strokeWidth="1.5" style={{ stroke: roleColor.ink }} />
          <path
            d={`M${px} ${rows.mid - 3}V${rows.mid}L${px + 2.5} ${rows.mid + 1.5}`}
            fill="none"
            strokeWidth="1.2"
            style={{ stroke: roleColor.ink }}
          />
          {label}
        </g>
      );
    case "code-error":
      // A learner's client stopped: a cross, as a crash has, in the fault colour's ink.
      return (
        <g>
          <path
            d={`M${px - 4} ${rows.mid - 4}L${px + 4} ${rows.mid + 4}M${px + 4} ${rows.mid - 4}L${px - 4} ${rows.mid + 4}`}
            strokeWidth="2"
            style={{ stroke: roleColor.ink }}
          />
          {label}
        </g>
      );
    case "code-log":
      // A learner's log line: a small open square on the lane, its text beside it when there is room.
      return (
        <g>
          <rect
            x={px - 3}
            y={rows.mid - 3}
            width="6"
            height="6"
            fill="none"
            strokeWidth="1.5"
            style={{ stroke: roleColor.inkMuted }}
          />
          {label}
        </g>
      );
    case "read-rejected":
      return (
        <circle cx={px} cy={rows.barTop} r="3.5" fill="none" strokeWidth="1.5" style={{ stroke: roleColor.inkMuted }} />
      );
    default:
      return (
        <g>
          <path
            d={`M${px} ${rows.mid - 4}L${px + 4} ${rows.mid}L${px} ${rows.mid + 4}L${px - 4} ${rows.mid}Z`}
            style={{ fill: roleColor.inkMuted }}
          />
          {label}
        </g>
      );
  }
}
