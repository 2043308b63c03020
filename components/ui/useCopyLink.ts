"use client";

import { useState } from "react";

export type CopyState = { status: "idle" | "copied" | "manual"; link: string };

/**
 * Copies a link to this page with the given search string: "copied" when the clipboard took it,
 * "manual" (show it in a field) where the clipboard is refused.
 */
export function useCopyLink(search: () => string): { state: CopyState; copy: () => Promise<void> } {
  const [state, setState] = useState<CopyState>({ status: "idle", link: "" });
  const copy = async () => {
    const link = `${window.location.origin}${window.location.pathname}${search()}`;
    try {
      await navigator.clipboard.writeText(link);
      setState({ status: "copied", link });
    } catch {
      setState({ status: "manual", link });
    }
  };
  return { state, copy };
}
