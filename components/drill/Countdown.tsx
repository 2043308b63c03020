"use client";

import { useEffect, useReducer, useRef } from "react";
import {
  countdownInit,
  countdownKey,
  countdownLabel,
  countdownPhase,
  countdownReducer,
  countdownRestore,
  type CountdownState,
} from "./countdown";
import { CountdownButtons } from "./CountdownButtons";

function readSaved(slug: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(countdownKey(slug)) ?? "null");
  } catch {
    return null;
  }
}

function save(slug: string, state: CountdownState) {
  try {
    sessionStorage.setItem(countdownKey(slug), JSON.stringify(state));
  } catch {
    // Storage is blocked: the timer still runs, for this page view only.
  }
}

/** Forgets a drill's timer, for a new attempt. */
export function forgetCountdown(slug: string) {
  try {
    sessionStorage.removeItem(countdownKey(slug));
  } catch {
    // Nothing was kept.
  }
}

/**
 * An optional countdown from the drill's suggested time, with pause and reset. It is kept in this
 * tab's session storage, so a reload goes on where it was, and it stops for good once the model
 * answer is revealed (`stopped`): the time taken is what the learner rates against.
 */
export function Countdown({ minutes, slug, stopped }: { minutes: number; slug: string; stopped: boolean }) {
  const totalMs = minutes * 60_000;
  const [state, dispatch] = useReducer(countdownReducer, totalMs, countdownInit);
  const restored = useRef(false);
  const { running, finished, fresh } = countdownPhase(state);

  // Read back after hydration (the static HTML has no storage), then keep every change.
  useEffect(() => {
    dispatch({ type: "restore", state: countdownRestore(readSaved(slug), totalMs, Date.now()) });
    restored.current = true;
  }, [slug, totalMs]);
  useEffect(() => {
    if (restored.current) save(slug, state);
  }, [slug, state]);
  useEffect(() => {
    if (stopped && running) dispatch({ type: "pause", now: Date.now() });
  }, [stopped, running]);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => dispatch({ type: "tick", now: Date.now() }), 250);
    return () => clearInterval(id);
  }, [running]);

  return (
    <section
      aria-labelledby="timer-heading"
      className="flex flex-wrap items-center gap-x-5 gap-y-3 rounded-xl border border-line bg-surface p-4"
    >
      <div>
        <h2 id="timer-heading" className="text-sm font-semibold text-ink-muted">
          Timer · {minutes} minutes suggested
        </h2>
        <p role="timer" aria-labelledby="timer-heading" className="font-mono text-3xl font-semibold tabular-nums">
          {countdownLabel(state.remainingMs)}
        </p>
      </div>
      {stopped ? (
        <p className="text-sm text-ink-muted">
          {fresh
            ? "The timer was not used for this attempt."
            : finished
              ? "Time had run out before you revealed the model answer."
              : `Stopped when you revealed the model answer, with ${countdownLabel(state.remainingMs)} left.`}
        </p>
      ) : (
        <CountdownButtons
          state={state}
          dispatch={dispatch}
          labels={{ start: "Start timer", pause: "Pause timer", resume: "Resume timer", reset: "Reset timer" }}
        />
      )}
      {/* Announced once when time runs out; the ticking itself stays silent. */}
      <p aria-live="polite" className="font-semibold">
        {finished && !stopped && (
          <>
            <span aria-hidden="true">⏰ </span>Time is up. Finish your thought, then reveal the model answer.
          </>
        )}
      </p>
    </section>
  );
}
