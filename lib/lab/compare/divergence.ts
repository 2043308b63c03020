/**
 * Where two runs of the same seed part ways: the first position in their event logs at which the
 * events differ. `seq` is left out of the comparison (it counts scheduling, which an extra timer
 * shifts without anything visible happening); every other field counts, tokens included.
 */
import type { SimEvent } from "@/lib/sim/events";

export interface Divergence {
  /** The position in both logs of the first event that differs. */
  index: number;
  /** The earlier of the two events' true times (ms): the first moment the runs differ. */
  t: number;
  /** The event at that position in each run; null where that run's log has ended. */
  a: SimEvent | null;
  b: SimEvent | null;
}

function sameEvent(x: SimEvent, y: SimEvent): boolean {
  const xs = x as unknown as Record<string, unknown>;
  const ys = y as unknown as Record<string, unknown>;
  const keys = Object.keys(xs).filter((k) => k !== "seq");
  if (keys.length !== Object.keys(ys).filter((k) => k !== "seq").length) return false;
  return keys.every((k) => (typeof xs[k] === "object" && xs[k] !== null ? JSON.stringify(xs[k]) === JSON.stringify(ys[k]) : xs[k] === ys[k]));
}

/** The first difference between two event logs, or null when they are the same. */
export function firstDivergence(a: readonly SimEvent[], b: readonly SimEvent[]): Divergence | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (!sameEvent(a[i], b[i])) return { index: i, t: Math.min(a[i].t, b[i].t), a: a[i], b: b[i] };
  }
  if (a.length === b.length) return null;
  const rest = a.length > n ? a[n] : b[n];
  return { index: n, t: rest.t, a: a[n] ?? null, b: b[n] ?? null };
}
