"use client";

import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { ProgressState, ProgressStore } from "@/lib/store/progress";

/** The progress store of the nearest ProgressProvider. */
export const ProgressContext = createContext<ProgressStore | null>(null);

/** Selects from the nearest provider's progress store; pass a module-level selector. */
export function useProgress<T>(selector: (state: ProgressState) => T): T {
  const store = useContext(ProgressContext);
  if (!store) throw new Error("useProgress must be used inside <ProgressProvider>");
  return useStore(store, selector);
}
