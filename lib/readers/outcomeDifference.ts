/**
 * The first difference between two runs that changes an outcome: the first write whose fate
 * differs (storage accepts it in one run and rejects it in the other, it overwrites an increment
 * in one only, or only one run makes it). Runs can differ from their first message on (a fencing
 * token in a grant) without any of it mattering; this is the moment that does.
 */
import type { SimEvent } from "@/lib/sim/events";

type Write = Extract<SimEvent, { kind: "write" }>;

export interface OutcomeDifference {
  /** The earlier of the two writes' true times (ms). */
  t: number;
  /** The write in each run; null where that run makes no such write. */
  a: Write | null;
  b: Write | null;
}

const writesOf = (events: readonly SimEvent[]) => events.filter((e): e is Write => e.kind === "write");
const fate = (w: Write) => `${w.client}/${w.accepted}/${w.applied}/${w.lostIncrements}`;

export function firstOutcomeDifference(a: readonly SimEvent[], b: readonly SimEvent[]): OutcomeDifference | null {
  const wa = writesOf(a);
  const wb = writesOf(b);
  for (let i = 0; i < Math.max(wa.length, wb.length); i++) {
    const x = wa[i] ?? null;
    const y = wb[i] ?? null;
    if (x && y && fate(x) === fate(y)) continue;
    return { t: Math.min(x?.t ?? Infinity, y?.t ?? Infinity), a: x, b: y };
  }
  return null;
}
