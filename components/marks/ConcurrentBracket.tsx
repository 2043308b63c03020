import { roleColor } from "@/lib/theme/tokens";

/** Clients worked at once: dotted danger lines along a lane's top and bottom, closed by ticks (the overlap band is a dashed, tinted box). */
export function ConcurrentBracket({ x0, x1, top, bottom }: { x0: number; x1: number; top: number; bottom: number }) {
  const w = Math.max(1, x1 - x0);
  const line = { stroke: roleColor.danger };
  return (
    <g strokeWidth="2" strokeLinecap="round">
      <line x1={x0} x2={x0 + w} y1={top} y2={top} strokeDasharray="0.5 4" style={line} />
      <line x1={x0} x2={x0 + w} y1={bottom} y2={bottom} strokeDasharray="0.5 4" style={line} />
      <line x1={x0} x2={x0} y1={top} y2={bottom} style={line} />
      <line x1={x0 + w} x2={x0 + w} y1={top} y2={bottom} style={line} />
    </g>
  );
}
