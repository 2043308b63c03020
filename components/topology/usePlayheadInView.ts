"use client";

import { useEffect, useState, type RefObject } from "react";
import { usePlayback } from "@/components/lab/stores";

/**
 * The playhead's time for a view that may be scrolled out of sight: while the run plays and the
 * element is out of view, it holds the last time it gave, so a diagram nobody can see does not
 * re-render every frame; paused, or back in view, it follows the playhead again at once. Without
 * an element to watch it is the playhead's time.
 */
export function usePlayheadInView(element: RefObject<Element | null> | null): number {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const target = element?.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  // null while out of view and playing: the selector's value then stays the same frame after frame.
  const live = usePlayback((s) => (inView || !s.playing ? s.t : null));
  const [held, setHeld] = useState(live ?? 0);
  if (live !== null && live !== held) setHeld(live);
  return live ?? held;
}
