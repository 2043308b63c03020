"use client";

import { useId } from "react";
import { secondaryButton } from "@/components/ui/button";
import { ManualCopy } from "@/components/ui/ManualCopy";
import { useCopyLink } from "@/components/ui/useCopyLink";

/** Copies a link (or shows it to copy by hand where the clipboard is refused). */
export function ShareLink({ label, search, copied }: { label: string; search: () => string; copied: string }) {
  const id = useId();
  const { state, copy } = useCopyLink(search);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={copy} className={secondaryButton}>
        {label}
      </button>
      <span role="status" className="text-sm text-ink-muted">
        {state.status === "copied" ? copied : ""}
      </span>
      {state.status === "manual" && <ManualCopy id={id} link={state.link} />}
    </div>
  );
}
