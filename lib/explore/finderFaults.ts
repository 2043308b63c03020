/**
 * The faults the failure finder adds, built at a moment of a run (see moments.ts), in the
 * scenario's own fault types, each with a plain-English explanation for the UI. Times and lengths
 * are milliseconds of true time; a fault's `atMs` is the moment's time rounded to a whole
 * millisecond on the side that keeps it "just after" or "just before" the moment.
 */
import { seconds } from "@/lib/sim/format";
import type { FaultSpec, ResolvedScenario } from "@/lib/sim/scenario";
import type { Moment } from "./moments";

/** The fault kinds the finder adds (their input and resolved forms are the same). */
export type AddedFault = Extract<FaultSpec, { kind: "pause" | "clock-jump" | "delay" | "crash" }>;

/** A fault and the moment it was placed at (which its explanation names). */
export interface Placed {
  fault: AddedFault;
  moment: Moment;
}

/**
 * A pause of the moment's client. After a grant and before a write it uses the scenario's phase
 * pauses (`atPhase: "holding"` / `"before-write"`, from `atMs` on), which strike exactly there:
 * before the client acts on its grant, and after any `checkBeforeWrite` check passed.
 */
export function pauseAt(m: Moment, forMs: number): AddedFault {
  switch (m.kind) {
    case "grant":
      return { kind: "pause", target: m.client, atPhase: "holding", atMs: Math.floor(m.t), forMs };
    case "write":
      return { kind: "pause", target: m.client, atPhase: "before-write", atMs: Math.floor(m.t), forMs };
    case "read":
      return { kind: "pause", target: m.client, atMs: Math.ceil(m.t), forMs };
    case "renew":
      return { kind: "pause", target: m.client, atMs: Math.floor(m.t), forMs };
  }
}

/** A clock jump of `target` (the client or a service node) just after the moment; `byMs` < 0 jumps back. */
export function jumpAt(m: Moment, target: string, byMs: number): AddedFault {
  return { kind: "clock-jump", target, atMs: Math.ceil(m.t), byMs };
}

/** Holds up the client's next message to storage sent from the moment on: at a write moment, the write. */
export function delayAt(m: Moment, byMs: number): AddedFault {
  return { kind: "delay", from: m.client, to: "storage", atMs: Math.floor(m.t), byMs };
}

/** A crash of the moment's client just after it was granted the lock, restarting `restartAfterMs` later with its memory empty. */
export function crashAt(m: Moment, restartAfterMs: number): AddedFault {
  return { kind: "crash", target: m.client, atMs: Math.ceil(m.t), host: false, restartAfterMs };
}

/** The size of a fault: a pause's length, a jump's distance, a delay's length, a crash's time down (ms). */
export function magnitudeOf(f: AddedFault): number {
  if (f.kind === "crash") return f.restartAfterMs ?? 0;
  return f.kind === "pause" ? f.forMs : Math.abs(f.byMs);
}

/** The same fault with another size (a jump keeps its direction). */
export function withMagnitude(f: AddedFault, ms: number): AddedFault {
  if (f.kind === "pause") return { ...f, forMs: ms };
  if (f.kind === "clock-jump") return { ...f, byMs: Math.sign(f.byMs) * ms };
  if (f.kind === "crash") return { ...f, restartAfterMs: ms };
  return { ...f, byMs: ms };
}

/** Whether a placed fault can move to moment `m`: the same client, and a moment of its kind. */
export function canMoveTo(p: Placed, m: Moment): boolean {
  if (m.client !== p.moment.client) return false;
  if (p.fault.kind === "pause") return true;
  return m.kind === p.moment.kind;
}

/** The same fault, of the same size and on the same target, placed at moment `m`. */
export function moveTo(p: Placed, m: Moment): Placed {
  const f = p.fault;
  const fault =
    f.kind === "pause"
      ? pauseAt(m, f.forMs)
      : f.kind === "clock-jump"
        ? jumpAt(m, f.target, f.byMs)
        : f.kind === "crash"
          ? crashAt(m, f.restartAfterMs ?? 0)
          : delayAt(m, f.byMs);
  return { fault, moment: m };
}

/** The rungs of a ladder up to `max`, and `max` itself: the sizes the search tries, smallest first. */
export function ladder(rungs: readonly number[], max: number): number[] {
  if (max <= 0) return [];
  const sizes = rungs.filter((r) => r < max);
  return [...sizes, max];
}

/** One sentence for a placed fault: "Pause c1 for 8.1 s at 2.0 s, just before it writes." */
export function explain(p: Placed, scenario: ResolvedScenario): string {
  const { fault: f, moment: m } = p;
  switch (f.kind) {
    case "pause":
      return `Pause ${m.client} for ${seconds(f.forMs)} at ${seconds(m.t)}, ${phrase(m, scenario)}.`;
    case "clock-jump": {
      const direction = f.byMs > 0 ? "forward" : "back";
      const whose = f.target === m.client ? "it" : m.client;
      return `Jump ${f.target}'s clock ${seconds(Math.abs(f.byMs))} ${direction} at ${seconds(f.atMs)}, just after ${whose} was granted the lock.`;
    }
    case "delay":
      return `Hold up ${m.client}'s write to storage for ${seconds(f.byMs)} in the network; it is sent at ${seconds(m.t)}.`;
    case "crash":
      return `Crash ${m.client} at ${seconds(f.atMs)}, just after it was granted the lock; it restarts ${seconds(f.restartAfterMs ?? 0)} later with its memory empty.`;
  }
}

function phrase(m: Moment, scenario: ResolvedScenario): string {
  switch (m.kind) {
    case "grant":
      return "just after it was granted the lock";
    case "read":
      return scenario.workload.kind === "counter" ? "just after it read the counter" : "just after its read";
    case "write":
      return scenario.clients.checkBeforeWrite
        ? "after its lease check passed, just before it writes"
        : "just before it writes";
    case "renew":
      return "just before it renews its lease";
  }
}
