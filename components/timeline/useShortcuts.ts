"use client";

import { useEffect } from "react";
import type { PlaybackStore } from "@/lib/store/labPlayback";
import type { TimelineZoom } from "./useTimelineZoom";

/** Keys that belong to the control that has focus, which shortcuts must not take from it. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("input, select, textarea, [contenteditable='true'], [role='slider'], [role='listbox']"))
    return true;
  return false;
}

/**
 * The timeline's single-key shortcuts, which the learner can turn off: Space plays or pauses,
 * ← and → step between key events (with Shift, between every event, messages included), [ and ]
 * pan, Home and End go to the start and the end, + and − zoom. Keys typed into a field, or meant
 * for a focused button, are left alone.
 */
export function useShortcuts({
  enabled,
  playback,
  stops,
  everyStop,
  stepGapMs,
  zoomBy,
  panBy,
}: {
  enabled: boolean;
  playback: PlaybackStore;
  stops: ArrayLike<number>;
  everyStop: ArrayLike<number>;
  stepGapMs: number;
} & Pick<TimelineZoom, "zoomBy" | "panBy">): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || ownsKeys(event.target)) return;
      const onButton = event.target instanceof Element && event.target.closest("button, [role='button'], a") !== null;
      const p = playback.getState();
      switch (event.key) {
        case " ":
          if (onButton) return;
          p.togglePlay();
          break;
        case "ArrowRight":
          if (event.shiftKey) p.stepForward(everyStop);
          else p.stepForward(stops, { gapMs: stepGapMs });
          break;
        case "ArrowLeft":
          if (event.shiftKey) p.stepBack(everyStop);
          else p.stepBack(stops, stepGapMs);
          break;
        case "]":
          panBy(0.25);
          break;
        case "[":
          panBy(-0.25);
          break;
        case "Home":
          p.toStart();
          break;
        case "End":
          p.toEnd();
          break;
        case "+":
        case "=":
          zoomBy(2, p.t);
          break;
        case "-":
        case "_":
          zoomBy(0.5, p.t);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, playback, stops, everyStop, stepGapMs, zoomBy, panBy]);
}
