"use client";

import { useEffect, useState, type RefObject } from "react";
import { useLabStores, usePlayback } from "@/components/lab/stores";

/**
 * The playhead's time for a view that may be scrolled out of sight: while the run plays and the
 * element is out of view, it holds the time it had when it left the view (or when playing began
 * out of view), so a diagram nobody can see does not re-render every frame; paused, or back in
 * view, it follows the playhead again at once. Without an element to watch it is the playhead's time.
 */
export function usePlayheadInView(element: RefObject<Element | null> | null): number {
  const { playback } = useLabStores();
  const [inView, setInView] = useState(true);
  const [held, setHeld] = useState(() => playback.getState().t);
  useEffect(() => {
    const target = element?.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      if (!entry.isIntersecting) setHeld(playback.getState().t);
      setInView(entry.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, playback]);
  // null while out of view and playing: the selector's value then stays the same frame after frame.
  const live = usePlayback((s) => (inView || !s.playing ? s.t : null));
  // Out of view and paused, the time playing would start from; in view, nothing to hold.
  if (!inView && live !== null && live !== held) setHeld(live);
  return live ?? held;
}
