import { clientColor, roleColor } from "@/lib/theme/tokens";

/**
 * The product mark: a client's solid belief bar over the service's outlined lease, the pair every
 * drawing of a run is built from. Decorative; the product name always sits beside it.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="7" style={{ fill: roleColor.surface, stroke: roleColor.line }} />
      <rect x="6" y="9" width="20" height="5" rx="1.5" style={{ fill: clientColor(1) }} />
      <rect
        x="7"
        y="18.75"
        width="13"
        height="4.5"
        rx="1.5"
        strokeWidth="1.5"
        style={{ fill: "none", stroke: clientColor(1) }}
      />
    </svg>
  );
}
