import type { CountdownState } from "./countdown";

/** Two minutes: how long an interviewer lets a first answer run before cutting in. */
export const SAY_ALOUD_MS = 120_000;
/** When the learner is told to wrap up. */
export const SAY_ALOUD_WARN_MS = 30_000;

/**
 * What a screen reader is told about the say-it-out-loud timer: one line that changes only at the
 * start, at 30 seconds left, at a pause and at the end, so the ticking itself stays silent.
 */
export function sayAloudCue(state: CountdownState): string {
  const running = state.endsAt !== null;
  if (state.remainingMs === 0) return "Two minutes are up: stop and compare with the rubric.";
  if (state.remainingMs === state.totalMs && !running) return "";
  if (!running) return "Paused.";
  return state.remainingMs <= SAY_ALOUD_WARN_MS
    ? "30 seconds left: wrap up."
    : "Two minutes: say your answer out loud.";
}
