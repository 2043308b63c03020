"use client";

import { useEffect, useEffectEvent } from "react";

/** Typing targets where a digit is text, not a shortcut. */
const TYPING =
  "textarea, select, [contenteditable=''], [contenteditable='true'], input:not([type=radio]):not([type=checkbox]):not([type=button]):not([type=submit])";

/**
 * Keys 1–9 pick an option while `enabled`. Single-key shortcuts can be turned off (WCAG 2.1.4), and
 * they never fire while the learner types in a text field or holds a modifier.
 */
export function useNumberKeys(enabled: boolean, count: number, onPick: (index: number) => void): void {
  const pick = useEffectEvent(onPick);
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      const n = Number(event.key);
      if (!Number.isInteger(n) || n < 1 || n > count) return;
      event.preventDefault();
      pick(n - 1);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled, count]);
}
