"use client";

import { useCallback, useSyncExternalStore } from "react";

const KEY = "lease-lab:present-shortcuts";
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Whether the deck's single-letter shortcuts are on (WCAG 2.1.4): remembered, and shared by the deck's windows. */
export function useShortcutsSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((value: boolean) => {
    try {
      localStorage.setItem(KEY, value ? "on" : "off");
    } catch {
      // Storage is blocked: the setting cannot be kept, and the keys stay as they were.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [on, set];
}
