"use client";

import { useEffect, useState, type RefObject } from "react";

/**
 * An element's computed font size in CSS px, following the viewport: a slide's diagrams draw
 * their text at the size its stylesheet gives the room (present.css, `.present-room-text`), so
 * the one rule that sets a slide's smallest type also sets the diagrams'. 0 until measured.
 */
export function useFontSize(ref: RefObject<HTMLElement | null>): number {
  const [px, setPx] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setPx(Number.parseFloat(getComputedStyle(element).fontSize) || 0);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [ref]);
  return px;
}
