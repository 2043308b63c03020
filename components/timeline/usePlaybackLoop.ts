"use client";

import { useEffect } from "react";
import { advancePlayhead } from "@/lib/readers/playback";
import { upperBound } from "@/lib/readers/intervals";
import { stopAt } from "@/lib/store/labPlayback";
import { selectPlaying } from "@/components/lab/selectors";
import { useLabStores, usePlayback } from "@/components/lab/stores";

/** With reduced motion, how often the hidden clock is read: the playhead jumps, it never glides. */
const REDUCED_FRAME_MS = 100;

/**
 * Moves the playhead while playing: smoothly, frame by frame; or, when the system asks for reduced
 * motion, at the same speed but without the tweening: a clock runs unseen and the playhead jumps
 * to each key event as the clock passes it (and to where playing stops, at the end).
 */
export function usePlaybackLoop(keyStops: ArrayLike<number>, reducedMotion: boolean): void {
  const playing = usePlayback(selectPlaying);
  const { playback } = useLabStores();

  useEffect(() => {
    if (!playing) return;
    if (reducedMotion) {
      let clock = playback.getState().t;
      let shown = clock;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        const p = playback.getState();
        // The learner moved the playhead meanwhile: the clock goes on from there.
        if (p.t !== shown) clock = p.t;
        const end = stopAt({ ...p, t: clock });
        const next = advancePlayhead(clock, Math.min(1000, now - last), p.speed, end);
        last = now;
        clock = next.t;
        if (next.ended) {
          p.setT(end);
          p.pause();
          return;
        }
        const passed = keyStops[upperBound(keyStops, clock) - 1];
        if (passed !== undefined && passed > p.t) p.setT(passed);
        shown = playback.getState().t;
      }, REDUCED_FRAME_MS);
      return () => clearInterval(timer);
    }
    let last = performance.now();
    let frame = requestAnimationFrame(function advance(now) {
      playback.getState().tick(Math.min(100, now - last));
      last = now;
      if (playback.getState().playing) frame = requestAnimationFrame(advance);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, reducedMotion, keyStops, playback]);
}
