"use client";

import { upperBound } from "@/lib/readers/intervals";
import { laneRows } from "@/lib/readers/timelineLayout";
import { roleColor } from "@/lib/theme/tokens";
import { usePlayback } from "@/components/lab/stores";
import { labelWidth, type LayerProps } from "./geometry";
import { WholeLabel } from "./Playhead";
import { refusalsMoment } from "./revealedMoments";

/**
 * A client's refused retries as one light band on its lane, labelled with how many refusals it
 * has met by the playhead ("refused ×23"), in place of a request and reply arrow per attempt.
 */
export function RefusalLayer({ model, layout, x, domain, limitT }: LayerProps) {
  // The latest band start or refusal passed, not the playhead: playing re-renders the bands only then.
  const until = usePlayback((s) => refusalsMoment(model.refusals, Math.min(s.t, limitT)));
  return (
    <g>
      {model.refusals.query(domain[0], Math.min(domain[1], until)).map((band) => {
        const box = layout.byId.get(band.client);
        if (!box) return null;
        const rows = laneRows(box, layout.textPx);
        const x0 = x(band.startT);
        const x1 = x(band.endT);
        const count = upperBound(band.times, until);
        const label = `refused ×${count}`;
        const top = rows.barTop - 2;
        const height = rows.pauseTop + rows.pauseHeight - top;
        return (
          <g key={`${band.client}-${band.startT}`}>
            <rect
              x={x0}
              y={top}
              width={Math.max(1, x1 - x0)}
              height={height}
              rx="2"
              strokeWidth="1"
              style={{ fill: roleColor.inkMuted, fillOpacity: 0.12, stroke: roleColor.inkMuted, strokeOpacity: 0.5 }}
            />
            {count > 0 && x1 - x0 > labelWidth(label, layout.textPx) && (
              <WholeLabel right={x0 + 4 + labelWidth(label, layout.textPx)}>
                <text
                  x={x0 + 4}
                  y={rows.pauseTop + rows.pauseHeight - 2}
                  fontSize={layout.textPx}
                  style={{ fill: roleColor.inkMuted }}
                >
                  {label}
                </text>
              </WholeLabel>
            )}
          </g>
        );
      })}
    </g>
  );
}
