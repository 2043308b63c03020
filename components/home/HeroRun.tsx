"use client";

import { useEffect, useRef, useState } from "react";
import { secondaryButton } from "@/components/ui/button";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import { HERO_END_S, HeroDiagram, heroMoments } from "./HeroDiagram";

/** The drawing's seconds per real second: its 20 s play out in 8 s. */
const SPEED = 2.5;
/** With reduced motion, how often the unseen clock is read: the playhead jumps from moment to moment. */
const REDUCED_FRAME_MS = 100;

/** The last moment the playhead has passed. */
const momentAt = (t: number) => heroMoments.findLast((m) => m.t <= t) ?? heroMoments[0];

/**
 * The home page's picture, still until asked, then played: a playhead sweeps across it and the run
 * appears behind it, with a caption of what just happened. With reduced motion it plays at the same
 * pace without the sweep, the playhead jumping from one moment of the story to the next.
 */
export function HeroRun() {
  const reducedMotion = useReducedMotion();
  // null: the whole picture, as the page first shows it.
  const [t, setT] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const clock = useRef(0);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const advance = (now: number) => {
      clock.current = Math.min(HERO_END_S, clock.current + ((now - last) / 1000) * SPEED);
      last = now;
      setT(reducedMotion && clock.current < HERO_END_S ? momentAt(clock.current).t : clock.current);
      if (clock.current >= HERO_END_S) setPlaying(false);
    };
    if (reducedMotion) {
      const timer = setInterval(() => advance(performance.now()), REDUCED_FRAME_MS);
      return () => clearInterval(timer);
    }
    let frame = requestAnimationFrame(function step(now) {
      advance(now);
      if (clock.current < HERO_END_S) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, reducedMotion]);

  function toggle() {
    if (playing) {
      setPlaying(false);
      return;
    }
    if (t === null || clock.current >= HERO_END_S) {
      clock.current = 0;
      setT(0);
    }
    setPlaying(true);
  }

  const label = playing ? "Pause" : t === null ? "Play the run" : t >= HERO_END_S ? "Play it again" : "Resume";
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="button" className={secondaryButton} onClick={toggle}>
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            {playing ? (
              <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
            ) : (
              <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
            )}
          </svg>
          {label}
        </button>
        {t !== null && (
          <span role="timer" aria-label="Time in the picture" className="font-mono text-sm font-semibold tabular-nums">
            {t.toFixed(1)} s
          </span>
        )}
        {/* Announced at each moment of the story, not at every frame. */}
        <p role="status" className="min-w-0 flex-[1_1_16rem] text-sm">
          {t !== null && momentAt(t).words}
        </p>
      </div>
      {/* One drawing for a phone, one for wider screens: the one not shown is not rendered by the browser, nor read. */}
      <div className="sm:hidden">
        <HeroDiagram t={t} compact />
      </div>
      <div className="hidden sm:block">
        <HeroDiagram t={t} />
      </div>
    </div>
  );
}
