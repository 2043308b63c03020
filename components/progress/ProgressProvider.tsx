"use client";

import { useEffect, useState, type ReactNode } from "react";
import { createProgressStore, progressHydrate } from "@/lib/store/progress";
import { ProgressNoticeBanner } from "./ProgressNoticeBanner";
import { ProgressContext } from "./useProgress";

/**
 * Owns a progress store for the pages inside it and reads saved progress once mounted, so the
 * static HTML and the first render agree. Shows what went wrong if saved progress was unreadable.
 */
export function ProgressProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createProgressStore);
  useEffect(() => progressHydrate(store), [store]);
  return (
    <ProgressContext value={store}>
      <ProgressNoticeBanner />
      {children}
    </ProgressContext>
  );
}
