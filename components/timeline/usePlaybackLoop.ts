"use client";

import { useEffect } from "react";
import { selectPlaying } from "@/components/lab/selectors";
import { useLabStores, usePlayback } from "@/components/lab/stores";

/** With reduced motion, playing moves the playhead from event to event at this pace. */
const STEP_EVERY_MS = 900;

/**
 * Moves the playhead while playing: smoothly, frame by frame, or, when the system asks for
 * reduced motion, in discrete steps from one event to the next with no animation in between.
 */
export function usePlaybackLoop(stops: ArrayLike<number>, reducedMotion: boolean): void {
  const playing = usePlayback(selectPlaying);
  const { playback } = useLabStores();

  useEffect(() => {
    if (!playing) return;
    if (reducedMotion) {
      const timer = setInterval(() => playback.getState().stepForward(stops, { keepPlaying: true }), STEP_EVERY_MS);
      return () => clearInterval(timer);
    }
    let last = performance.now();
    let frame = requestAnimationFrame(function advance(now) {
      playback.getState().tick(Math.min(100, now - last));
      last = now;
      if (playback.getState().playing) frame = requestAnimationFrame(advance);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, reducedMotion, stops, playback]);
}
