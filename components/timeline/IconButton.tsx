import type { MouseEvent, ReactNode } from "react";

/** A square button with an icon and an accessible name (also shown as a tooltip, unless it has its own). */
export function IconButton({
  label,
  tooltip,
  onClick,
  children,
  disabled,
  primary,
}: {
  label: string;
  tooltip?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={tooltip ?? label}
      className={`inline-flex size-10 items-center justify-center rounded-md border disabled:opacity-40 ${
        primary ? "border-ink bg-ink text-page hover:opacity-90" : "border-line text-ink hover:bg-surface"
      }`}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
