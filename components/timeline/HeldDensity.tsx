import type { Span } from "@/lib/sim/spans";
import { laneRows } from "@/lib/readers/timelineLayout";
import { columnShares, densityRuns } from "@/lib/readers/density";
import { roleColor } from "@/lib/theme/tokens";
import { laneColor } from "./colors";
import { rectPath, type LayerProps } from "./geometry";

/**
 * Holding, when a view has too many spans to draw one by one: on each lane a density band whose
 * height is the share of each 4-pixel column's time that the lane held the lock (a client's belief,
 * a service node's leases), inside an outline that marks 100 %. Zooming in brings the spans back.
 */
/** Each band column is this many pixels wide: wide enough to smooth single holds into a share. */
const BIN_PX = 4;

export function HeldDensity({
  spans,
  layout,
  x,
  d0,
  until,
}: Pick<LayerProps, "layout" | "x"> & { spans: Span[]; d0: number; until: number }) {
  const [left = 0, right = left] = x.range();
  const columns = Math.max(1, Math.ceil((right - left) / BIN_PX));
  const byLane = new Map<string, [number, number][]>();
  for (const span of spans) {
    if (span.kind !== "belief" && span.kind !== "lease") continue;
    let list = byLane.get(span.lane);
    if (!list) byLane.set(span.lane, (list = []));
    list.push([(x(Math.max(span.startT, d0)) - left) / BIN_PX, (x(Math.min(span.endT, until)) - left) / BIN_PX]);
  }
  return (
    <g>
      {[...byLane].map(([lane, intervals]) => {
        const box = layout.byId.get(lane);
        if (!box) return null;
        const rows = laneRows(box, layout.textPx);
        const bottom = rows.barTop + rows.barHeight;
        const color = laneColor(box.lane);
        return (
          <g key={lane}>
            <rect
              x={left}
              y={rows.barTop}
              width={right - left}
              height={rows.barHeight}
              fill="none"
              strokeWidth="1"
              style={{ stroke: roleColor.inkMuted, opacity: 0.5 }}
            />
            {/* One path for the lane's whole band: a 64-client run drew over 1,500 rectangles. */}
            <path
              d={densityRuns(columnShares(intervals, columns))
                .map((run) =>
                  rectPath(
                    left + run.from * BIN_PX,
                    bottom - run.share * rows.barHeight,
                    (run.to - run.from) * BIN_PX,
                    run.share * rows.barHeight,
                  ),
                )
                .join("")}
              style={{ fill: color }}
            />
          </g>
        );
      })}
    </g>
  );
}
