/** The drill timer as data: running while `endsAt` (a Date.now() reading) is set. */
export interface CountdownState {
  totalMs: number;
  remainingMs: number;
  endsAt: number | null;
}

export type CountdownAction = { type: "start" | "pause" | "tick"; now: number } | { type: "reset" };

export function countdownInit(totalMs: number): CountdownState {
  return { totalMs, remainingMs: totalMs, endsAt: null };
}

export function countdownReducer(state: CountdownState, action: CountdownAction): CountdownState {
  switch (action.type) {
    case "start":
      return state.endsAt !== null || state.remainingMs === 0 ? state : { ...state, endsAt: action.now + state.remainingMs };
    case "pause":
      return state.endsAt === null ? state : { ...state, remainingMs: Math.max(0, state.endsAt - action.now), endsAt: null };
    case "tick": {
      if (state.endsAt === null) return state;
      const remainingMs = Math.max(0, state.endsAt - action.now);
      return { ...state, remainingMs, endsAt: remainingMs === 0 ? null : state.endsAt };
    }
    case "reset":
      return countdownInit(state.totalMs);
  }
}

/** "08:00": minutes and seconds left, rounded up so the display reads 00:00 only when time is up. */
export function countdownLabel(remainingMs: number): string {
  const seconds = Math.ceil(remainingMs / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}
