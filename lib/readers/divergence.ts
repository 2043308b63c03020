/**
 * Where two runs of the same seed part ways: the first position in their event logs at which the
 * events differ. `seq` is left out of the comparison (it counts scheduling, which an extra timer
 * shifts without anything visible happening); every other field counts, tokens included.
 */
import { leaseEndWords, rejectionNote } from "./phrases";
import type { SimEvent } from "@/lib/sim/events";
import { seconds } from "@/lib/sim/format";

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
  return keys.every((k) =>
    typeof xs[k] === "object" && xs[k] !== null ? JSON.stringify(xs[k]) === JSON.stringify(ys[k]) : xs[k] === ys[k],
  );
}

/** The first difference between two event logs, or null when they are the same. */
export function firstDivergence(a: readonly SimEvent[], b: readonly SimEvent[]): Divergence | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const [x, y] = [a[i]!, b[i]!]; // i < n, the shorter length
    if (!sameEvent(x, y)) return { index: i, t: Math.min(x.t, y.t), a: x, b: y };
  }
  const rest = a[n] ?? b[n];
  if (rest === undefined) return null;
  return { index: n, t: rest.t, a: a[n] ?? null, b: b[n] ?? null };
}

/** An event in a few words, for saying where two runs part: "redis grants c1 the lock with token 1". */
export function eventPhrase(e: SimEvent): string {
  const token = (t: number | null) => (t === null ? "no token" : `token ${t}`);
  switch (e.kind) {
    case "grant":
      return `${e.proc === e.client ? "a majority" : e.proc} grants ${e.client} the lock (${token(e.token)})`;
    case "write":
      return `storage ${e.accepted ? "accepts" : "rejects"} ${e.client}'s write (${token(e.token)}${e.rejection ? `, ${rejectionNote(e.rejection)}` : ""})`;
    case "read":
      return `storage ${e.ok ? "serves" : "refuses"} ${e.client}'s read (${token(e.token)})`;
    case "send":
    case "deliver":
      return `${e.from} → ${e.to}: ${e.msg} ${e.kind === "send" ? "sent" : "delivered"}`;
    case "drop":
      return `${e.from} → ${e.to}: ${e.msg} lost (${e.reason})`;
    case "belief-start":
      return `${e.proc} believes it holds the lock (${token(e.token)})${e.leaseDeadline === null ? "" : ` until its clock reads ${seconds(e.leaseDeadline)}`}`;
    case "belief-end":
      return `${e.proc} stops believing it holds the lock (${e.reason})`;
    case "check":
      return `${e.proc}'s lease check ${e.ok ? "passes" : "fails"}`;
    case "attempt-abort":
      return `${e.proc} aborts its attempt (${e.reason})`;
    case "lease-end":
      return `${e.proc} ends ${e.client}'s lease (${leaseEndWords[e.reason].label})`;
    default:
      return `${e.proc}: ${e.kind.replace(/-/g, " ")}`;
  }
}
