"use client";

import { useEffect, useReducer } from "react";
import { secondaryButton } from "@/components/ui/button";
import { countdownInit, countdownLabel, countdownReducer } from "./countdown";

/** An optional countdown from the drill's suggested time, with pause and reset. */
export function Countdown({ minutes }: { minutes: number }) {
  const [state, dispatch] = useReducer(countdownReducer, minutes * 60_000, countdownInit);
  const running = state.endsAt !== null;
  const finished = state.remainingMs === 0;
  const fresh = state.remainingMs === state.totalMs && !running;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => dispatch({ type: "tick", now: Date.now() }), 250);
    return () => clearInterval(id);
  }, [running]);

  return (
    <section aria-labelledby="timer-heading" className="flex flex-wrap items-center gap-x-5 gap-y-3 rounded-xl border border-line bg-surface p-4">
      <div>
        <h2 id="timer-heading" className="text-sm font-semibold text-ink-muted">
          Timer · {minutes} minutes suggested
        </h2>
        <p role="timer" aria-labelledby="timer-heading" className="font-mono text-3xl font-semibold tabular-nums">
          {countdownLabel(state.remainingMs)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!finished && (
          <button type="button" className={secondaryButton} onClick={() => dispatch({ type: running ? "pause" : "start", now: Date.now() })}>
            {running ? "Pause timer" : fresh ? "Start timer" : "Resume timer"}
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={() => dispatch({ type: "reset" })} disabled={fresh}>
          Reset timer
        </button>
      </div>
      {/* Announced once when time runs out; the ticking itself stays silent. */}
      <p aria-live="polite" className="font-semibold">
        {finished && (
          <>
            <span aria-hidden="true">⏰ </span>Time is up. Finish your thought, then reveal the model answer.
          </>
        )}
      </p>
    </section>
  );
}
