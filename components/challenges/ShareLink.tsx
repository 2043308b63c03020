"use client";

import { useId, useState } from "react";
import { secondaryButton } from "@/components/ui/button";

/** Copies a link (or shows it to copy by hand where the clipboard is refused). */
export function ShareLink({ label, search, copied }: { label: string; search: () => string; copied: string }) {
  const id = useId();
  const [state, setState] = useState<{ status: "idle" | "copied" | "manual"; link: string }>({ status: "idle", link: "" });
  const copy = async () => {
    const link = `${window.location.origin}${window.location.pathname}${search()}`;
    try {
      await navigator.clipboard.writeText(link);
      setState({ status: "copied", link });
    } catch {
      setState({ status: "manual", link });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={copy} className={secondaryButton}>
        {label}
      </button>
      <span role="status" className="text-sm text-ink-muted">
        {state.status === "copied" ? copied : ""}
      </span>
      {state.status === "manual" && (
        <div className="basis-full">
          <label htmlFor={id} className="text-sm">
            The clipboard is not available here. Copy this link:
          </label>
          <input id={id} readOnly value={state.link} onFocus={(event) => event.target.select()} autoFocus className="mt-1 w-full rounded-md border border-line bg-page px-2 py-1.5 font-mono text-xs" />
        </div>
      )}
    </div>
  );
}
