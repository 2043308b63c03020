import type { ReactNode } from "react";

/**
 * The frame around a page's drawn-then-live content whose HTML may be hidden while a link opens
 * (linkedScenarioHold.ts): while the page's root carries the hold's mark, app/lab/lab.css hides
 * everything in the frame but `note`.
 */
export function LinkedHoldFrame({
  note,
  className = "",
  children,
}: {
  note: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="lab-frame relative">
      <p className={`lab-opening-note font-semibold ${className}`} role="status">
        {note}
      </p>
      {children}
    </div>
  );
}
