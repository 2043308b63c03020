"use client";

import { useEffect, useId, useReducer } from "react";
import { countdownInit, countdownLabel, countdownPhase, countdownReducer } from "./countdown";
import { CountdownButtons } from "./CountdownButtons";
import { SAY_ALOUD_MS, sayAloudCue } from "./sayAloud";

/**
 * Two minutes to say the answer out loud, as in the interview, before writing it down: start,
 * pause and reset. Screen readers hear the start, 30 seconds left and the end, never each second.
 */
export function SayItOutLoud() {
  const [state, dispatch] = useReducer(countdownReducer, SAY_ALOUD_MS, countdownInit);
  const headingId = useId();
  const { running } = countdownPhase(state);

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => dispatch({ type: "tick", now: Date.now() }), 250);
    return () => clearInterval(id);
  }, [running]);

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <div>
          <h2 id={headingId} className="text-sm font-semibold text-ink-muted">
            Say it out loud · 2 minutes
          </h2>
          <p role="timer" aria-labelledby={headingId} className="font-mono text-2xl font-semibold tabular-nums">
            {countdownLabel(state.remainingMs)}
          </p>
        </div>
        <CountdownButtons
          state={state}
          dispatch={dispatch}
          labels={{
            start: "Start speaking",
            pause: "Pause speaking",
            resume: "Resume speaking",
            reset: "Reset the two minutes",
          }}
        />
      </div>
      {/* The time left as a bar; it moves without easing under reduced motion. */}
      <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface">
        <div
          className="h-full bg-focus motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear"
          style={{ width: `${(state.remainingMs / state.totalMs) * 100}%` }}
        />
      </div>
      <p aria-live="polite" className="mt-2 min-h-6 text-sm font-semibold">
        {sayAloudCue(state)}
      </p>
    </section>
  );
}
