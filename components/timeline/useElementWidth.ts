"use client";

import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "@/components/ui/useHydrated";

/**
 * The width the prerendered HTML draws at, before anything can be measured: about the lab's
 * timeline column on a laptop. The browser measures the real width before its first paint.
 */
const PRERENDER_WIDTH = 880;

export interface ElementWidth {
  /** The element's content width in CSS pixels. */
  width: number;
  /**
   * True once a page hydrated from the HTML has measured a width other than the one the HTML was
   * drawn at. A drawing keyed on it is built anew at the real width (see below) instead of having
   * hundreds of its attributes updated in place.
   */
  redrawn: boolean;
}

/**
 * The width of an element in CSS pixels, following resizes. While the page hydrates, the width the
 * HTML was drawn at; in a component mounted in the browser later (the live lab, a panel), 0 until
 * a ResizeObserver has measured it, after the browser's next layout. Every caller draws nothing at
 * 0, so such a drawing is built once, at its real width, rather than at 880 px and then rebuilt at
 * a phone's 378 px with hundreds of attributes changed.
 *
 * A hydrated drawing whose element turns out narrower or wider than 880 px has to change, and that
 * change is made in a transition: the drawn copy stays on show while React renders the new one in
 * slices. Updating an SVG of hundreds of elements in place sets every coordinate in the commit,
 * which is one task however long; a drawing keyed on `redrawn` is created in the slices instead,
 * and the commit only swaps it in.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): ElementWidth {
  const hydrated = useHydrated();
  const [state, setState] = useState<ElementWidth>(() => ({ width: hydrated ? 0 : PRERENDER_WIDTH, redrawn: false }));
  // The width last asked for, so a report of the same width changes nothing, even before the
  // transition that asked for it has committed (an ordinary update would overtake the transition
  // and render everything at once).
  const latest = useRef(state.width);
  // Whether the next measurement is the first one of a drawing hydrated from the HTML.
  const drawnInHtml = useRef(!hydrated);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const resize = (width: number) => {
      const first = drawnInHtml.current;
      drawnInHtml.current = false;
      if (width === latest.current) return;
      latest.current = width;
      if (first) startTransition(() => setState({ width, redrawn: true }));
      else setState((s) => ({ width, redrawn: s.redrawn }));
    };
    // The observer's first report, once the browser has laid the page out, is the first measurement.
    // Measuring here instead would force that layout from inside React's commit: on a phone under
    // Lighthouse's tracing, a panel mounting forced 35–60 ms of style work that way, in one task.
    const observer = new ResizeObserver(([entry]) => entry && resize(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return state;
}
