"use client";

import type { Dispatch } from "react";
import { secondaryButton } from "@/components/ui/button";
import { countdownPhase, type CountdownAction, type CountdownState } from "./countdown";

/** Start (or pause, or resume) and reset for a countdown, with the words its timer uses. */
export function CountdownButtons({
  state,
  dispatch,
  labels,
}: {
  state: CountdownState;
  dispatch: Dispatch<CountdownAction>;
  labels: { start: string; pause: string; resume: string; reset: string };
}) {
  const { running, finished, fresh } = countdownPhase(state);
  return (
    <div className="flex flex-wrap gap-2">
      {!finished && (
        <button
          type="button"
          className={secondaryButton}
          onClick={() => dispatch({ type: running ? "pause" : "start", now: Date.now() })}
        >
          {running ? labels.pause : fresh ? labels.start : labels.resume}
        </button>
      )}
      <button type="button" className={secondaryButton} onClick={() => dispatch({ type: "reset" })} disabled={fresh}>
        {labels.reset}
      </button>
    </div>
  );
}
