"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createProgressStore, progressHydrate, type ProgressState, type ProgressStore } from "@/lib/store/progress";
import { ProgressNoticeBanner } from "./ProgressNoticeBanner";

const ProgressContext = createContext<ProgressStore | null>(null);

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

/** Selects from the nearest provider's progress store; pass a module-level selector. */
export function useProgress<T>(selector: (state: ProgressState) => T): T {
  const store = useContext(ProgressContext);
  if (!store) throw new Error("useProgress must be used inside <ProgressProvider>");
  return useStore(store, selector);
}
