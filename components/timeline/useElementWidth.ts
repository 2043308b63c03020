"use client";

import { useLayoutEffect, useState, type RefObject } from "react";
import { useHydrated } from "@/components/ui/useHydrated";

/**
 * The width the prerendered HTML draws at, before anything can be measured: about the lab's
 * timeline column on a laptop. The browser measures the real width before its first paint.
 */
const PRERENDER_WIDTH = 880;

/**
 * The width of an element in CSS pixels, following resizes. While the page hydrates, the width the
 * HTML was drawn at; in a component mounted in the browser later (the live lab, a panel), 0 until
 * the layout effect has measured it, before the first paint. Every caller draws nothing at 0, so
 * such a drawing is built once, at its real width, rather than at 880 px and then rebuilt at a
 * phone's 378 px with hundreds of attributes changed.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const hydrated = useHydrated();
  const [width, setWidth] = useState(hydrated ? 0 : PRERENDER_WIDTH);
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
