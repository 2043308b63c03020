"use client";

import { useEffect, type RefObject } from "react";

/**
 * A full-screen view over the site: the site's header, footer and skip link stay in the page but
 * are made inert (out of the tab order and the accessibility tree) while the view is open, as a
 * modal would make them, and the page behind it does not scroll.
 */
export function useTakeOverPage(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const view = ref.current;
    if (!view) return;
    const others = [...document.body.children].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && !element.contains(view) && !element.inert,
    );
    others.forEach((element) => (element.inert = true));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      others.forEach((element) => (element.inert = false));
      document.body.style.overflow = overflow;
    };
  }, [ref]);
}
