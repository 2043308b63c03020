/** The drill timer as data: running while `endsAt` (a Date.now() reading) is set. */
export interface CountdownState {
  totalMs: number;
  remainingMs: number;
  endsAt: number | null;
}

export type CountdownAction =
  { type: "start" | "pause" | "tick"; now: number } | { type: "reset" } | { type: "restore"; state: CountdownState };

export function countdownInit(totalMs: number): CountdownState {
  return { totalMs, remainingMs: totalMs, endsAt: null };
}

export function countdownReducer(state: CountdownState, action: CountdownAction): CountdownState {
  switch (action.type) {
    case "start":
      return state.endsAt !== null || state.remainingMs === 0
        ? state
        : { ...state, endsAt: action.now + state.remainingMs };
    case "pause":
      return state.endsAt === null
        ? state
        : { ...state, remainingMs: Math.max(0, state.endsAt - action.now), endsAt: null };
    case "tick": {
      if (state.endsAt === null) return state;
      const remainingMs = Math.max(0, state.endsAt - action.now);
      return { ...state, remainingMs, endsAt: remainingMs === 0 ? null : state.endsAt };
    }
    case "reset":
      return countdownInit(state.totalMs);
    case "restore":
      return action.state;
  }
}

/** "08:00": minutes and seconds left, rounded up so the display reads 00:00 only when time is up. */
/** Where a countdown is: running, run out, or untouched (full and stopped). */
export function countdownPhase(state: CountdownState): { running: boolean; finished: boolean; fresh: boolean } {
  const running = state.endsAt !== null;
  return { running, finished: state.remainingMs === 0, fresh: state.remainingMs === state.totalMs && !running };
}

export function countdownLabel(remainingMs: number): string {
  const seconds = Math.ceil(remainingMs / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Where a drill's timer is kept, so a reload (or a slip of the keyboard) does not lose it. */
export const countdownKey = (slug: string) => `lease-lab:drill-timer:${slug}`;

/**
 * A timer read back from storage, if it is one for this many minutes: a running one goes on from
 * where it is now (or has run out meanwhile); anything else starts afresh.
 */
export function countdownRestore(saved: unknown, totalMs: number, now: number): CountdownState {
  const fresh = countdownInit(totalMs);
  if (typeof saved !== "object" || saved === null) return fresh;
  const { totalMs: total, remainingMs, endsAt } = saved as Record<string, unknown>;
  if (total !== totalMs || typeof remainingMs !== "number" || !(remainingMs >= 0 && remainingMs <= totalMs))
    return fresh;
  if (endsAt === null) return { totalMs, remainingMs, endsAt: null };
  if (typeof endsAt !== "number") return fresh;
  return countdownReducer({ totalMs, remainingMs, endsAt }, { type: "tick", now });
}
