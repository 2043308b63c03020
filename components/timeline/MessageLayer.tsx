import { memo } from "react";
import { roleColor } from "@/lib/theme/tokens";
import type { LayerProps } from "./geometry";

/**
 * Arrows are drawn while there is room for them: at most one per 2.5 px of plot width on average
 * (and never fewer than 150); with more in view the learner is asked to zoom in.
 */
function messageCap(plotWidth: number): number {
  return Math.max(150, Math.floor(plotWidth / 2.5));
}

/**
 * Messages as thin grey arrows from sender to receiver, drawn only in the visible window. A
 * dropped message stops short, dashed, with a cross where it was lost.
 */
export const MessageLayer = memo(function MessageLayer({
  model,
  layout,
  x,
  domain,
  limitT,
  arrow,
}: LayerProps & { arrow: string }) {
  const [d0, d1] = domain;
  const until = Math.min(d1, limitT);
  const visible = model.messages.query(d0, until);
  const [left = 0, right = left] = x.range();
  if (visible.length > messageCap(right - left)) return null;
  return (
    <g strokeWidth="1" style={{ stroke: roleColor.inkMuted }}>
      {visible.map((m) => {
        const from = layout.byId.get(m.from);
        const to = layout.byId.get(m.to);
        if (!from || !to || m.sendT > limitT) return null;
        const x1 = x(m.sendT);
        const y1 = from.top + from.height / 2;
        const y2full = to.top + to.height / 2;
        const x2 = x(Math.min(m.endT, limitT));
        if (m.dropped) {
          const y2 = y1 + (y2full - y1) * 0.6;
          return (
            <g key={m.key} opacity="0.8">
              <line x1={x1} y1={y1} x2={x2} y2={y2} strokeDasharray="3 3" />
              <path
                d={`M${x2 - 4} ${y2 - 4}L${x2 + 4} ${y2 + 4}M${x2 + 4} ${y2 - 4}L${x2 - 4} ${y2 + 4}`}
                strokeWidth="1.5"
              />
            </g>
          );
        }
        const y2 = y2full + (y2full > y1 ? -6 : 6);
        return <line key={m.key} x1={x1} y1={y1} x2={x2} y2={y2} opacity="0.5" markerEnd={`url(#${arrow})`} />;
      })}
    </g>
  );
});

/** How many messages are in view, when there are too many to draw; 0 otherwise. */
export function messagesOverCap(
  { model, domain, limitT }: Pick<LayerProps, "model" | "domain" | "limitT">,
  plotWidth: number,
): number {
  const n = model.messages.query(domain[0], Math.min(domain[1], limitT)).length;
  return n > messageCap(plotWidth) ? n : 0;
}
