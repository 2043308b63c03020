import { roleColor } from "@/lib/theme/tokens";

/** A process crash at (x, y): a bold cross; the lane after it is drawn greyed by the caller. */
export function CrashMark({ x, y, size = 7 }: { x: number; y: number; size?: number }) {
  return (
    <path
      d={`M${x - size} ${y - size}L${x + size} ${y + size}M${x + size} ${y - size}L${x - size} ${y + size}`}
      strokeWidth="3"
      strokeLinecap="round"
      style={{ stroke: roleColor.ink }}
    />
  );
}
