import { memo } from "react";
import { roleColor } from "@/lib/theme/tokens";
import type { TimelineLayout } from "@/lib/readers/timelineLayout";

/** Lane bands and separators behind everything; service and storage lanes sit on a tinted band. */
export const LaneGuides = memo(function LaneGuides({ layout, width }: { layout: TimelineLayout; width: number }) {
  return (
    <g aria-hidden="true">
      {layout.boxes.map((box) => (
        <g key={box.lane.id}>
          {box.lane.kind !== "client" && (
            <rect x="0" y={box.top} width={width} height={box.height} style={{ fill: roleColor.surface }} />
          )}
          <line
            x1="0"
            x2={width}
            y1={box.top + box.height}
            y2={box.top + box.height}
            strokeWidth="1"
            style={{ stroke: roleColor.line }}
          />
        </g>
      ))}
      <line
        x1="0"
        x2={width}
        y1={layout.lanesTop}
        y2={layout.lanesTop}
        strokeWidth="1"
        style={{ stroke: roleColor.line }}
      />
    </g>
  );
});
