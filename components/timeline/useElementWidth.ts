"use client";

import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * The width the prerendered HTML draws at, before anything can be measured: about the lab's
 * timeline column on a laptop. The browser measures the real width before its first paint.
 */
const PRERENDER_WIDTH = 880;

/** The width of an element in CSS pixels, following resizes. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(PRERENDER_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const style = getComputedStyle(element);
    setWidth(Math.floor(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
