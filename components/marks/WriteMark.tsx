import { roleColor } from "@/lib/theme/tokens";

export type WriteOutcome = "applied" | "rejected" | "stale-applied" | "overwrote";

/**
 * A write on the storage lane, centred on (x, y) in the writer's colour: filled when applied,
 * hollow and crossed when rejected, ringed in the danger colour when a stale write was applied,
 * and in a dashed danger ring when a live holder's write erased an increment it had not read.
 */
export function WriteMark({
  x,
  y,
  color,
  outcome,
  r = 6,
}: {
  x: number;
  y: number;
  color: string;
  outcome: WriteOutcome;
  r?: number;
}) {
  if (outcome === "rejected") {
    const d = r * 0.7;
    return (
      <g style={{ stroke: color }} strokeWidth="2" fill="none">
        <circle cx={x} cy={y} r={r} style={{ fill: roleColor.page }} />
        <path d={`M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`} />
      </g>
    );
  }
  return (
    <g>
      {outcome === "stale-applied" && (
        <circle cx={x} cy={y} r={r + 4} fill="none" strokeWidth="2.5" style={{ stroke: roleColor.danger }} />
      )}
      {outcome === "overwrote" && (
        <circle
          cx={x}
          cy={y}
          r={r + 4}
          fill="none"
          strokeWidth="2"
          strokeDasharray="3 2"
          style={{ stroke: roleColor.danger }}
        />
      )}
      <circle cx={x} cy={y} r={r} strokeWidth="1.5" style={{ fill: color, stroke: roleColor.ink }} />
    </g>
  );
}
