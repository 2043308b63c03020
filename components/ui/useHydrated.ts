"use client";

import { useSyncExternalStore } from "react";

const noChange = () => () => {};

/**
 * False on the server and while the page hydrates (so the first render matches the HTML), true in
 * a component first rendered in the browser after that. A hydrated component is rendered once more
 * right after hydration, with true (React's useSyncExternalStore does that when the server's
 * snapshot and the browser's differ).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
