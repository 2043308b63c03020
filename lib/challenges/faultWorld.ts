/**
 * The small world an exhaustive check covers: how many faults a schedule may add, and the grid of
 * lengths each kind of fault is tried at. Faults are placed at the finder's candidate moments
 * (lib/explore/moments.ts) of the run as it is when the fault is added. Milliseconds of true time.
 */
import { crashAt, delayAt, jumpAt, pauseAt, type Placed } from "@/lib/explore/finderFaults";
import type { Moment } from "@/lib/explore/moments";

export interface FaultWorld {
  /** The most faults a schedule adds (0–3). */
  maxFaults: number;
  /** Pause lengths, tried at every moment of every client. */
  pauseMs: readonly number[];
  /** Clock-jump sizes, each forward and back, of the granted client and of every service node, just after each grant. */
  jumpMs: readonly number[];
  /** Delays of a client's write to storage, at each of its write moments. */
  delayMs: readonly number[];
  /** Crashes of a client just after each of its grants, restarting after each of these times; absent for none. */
  crashRestartMs?: readonly number[];
  /** The clients whose writes may be delayed; absent for every client. */
  delayClients?: readonly string[];
  /** The most pause time one schedule may add, in all; absent for no limit. */
  maxTotalPauseMs?: number;
  /** The most schedules the check may run; a world that would need more is refused before it starts. */
  maxSchedules: number;
}

/** The single faults a world allows at `moments`, in a fixed order, without repeats. */
export function worldFaults(moments: readonly Moment[], world: FaultWorld, serviceNodes: readonly string[]): Placed[] {
  const out: Placed[] = [];
  const seen = new Set<string>();
  const add = (p: Placed) => {
    const key = faultKey(p);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  };
  for (const m of moments) {
    for (const ms of world.pauseMs) add({ fault: pauseAt(m, ms), moment: m });
    if (m.kind === "grant") {
      for (const ms of world.crashRestartMs ?? []) add({ fault: crashAt(m, ms), moment: m });
      for (const ms of world.jumpMs)
        for (const target of [m.client, ...serviceNodes])
          for (const by of [ms, -ms]) add({ fault: jumpAt(m, target, by), moment: m });
    }
    if (m.kind === "write" && (!world.delayClients || world.delayClients.includes(m.client)))
      for (const ms of world.delayMs) add({ fault: delayAt(m, ms), moment: m });
  }
  return out;
}

export function faultKey(p: Placed): string {
  return JSON.stringify(p.fault);
}

/**
 * The order schedules are built in: a schedule's faults strictly increase in (moment time, key),
 * so each set of faults is tried once, not once per ordering.
 */
export function placedOrder(a: Placed, b: Placed): number {
  if (a.moment.t !== b.moment.t) return a.moment.t - b.moment.t;
  const ka = faultKey(a);
  const kb = faultKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Σ C(n, i) for i ≤ k: the schedules of a world whose moments stay put (an estimate otherwise). */
export function schedulesEstimate(singles: number, maxFaults: number): number {
  let total = 0;
  let choose = 1;
  for (let i = 0; i <= maxFaults && i <= singles; i++) {
    total += choose;
    choose = (choose * (singles - i)) / (i + 1);
  }
  return Math.round(total);
}

/** A smaller world to offer when one is over its budget: one fault fewer, or else the shortest length of each kind. */
export function smallerWorld(world: FaultWorld): FaultWorld | null {
  if (world.maxFaults > 1) return { ...world, maxFaults: world.maxFaults - 1 };
  const first = (xs: readonly number[]) => xs.slice(0, 1);
  const halved = {
    ...world,
    pauseMs: first(world.pauseMs),
    jumpMs: first(world.jumpMs),
    delayMs: first(world.delayMs),
    ...(world.crashRestartMs ? { crashRestartMs: first(world.crashRestartMs) } : {}),
  };
  const same =
    halved.pauseMs.length === world.pauseMs.length &&
    halved.jumpMs.length === world.jumpMs.length &&
    halved.delayMs.length === world.delayMs.length &&
    (halved.crashRestartMs?.length ?? 0) === (world.crashRestartMs?.length ?? 0);
  return same ? null : halved;
}

/** Whether two worlds are the same (a world that came back from a worker is a copy, not the same object). */
export function sameWorld(a: FaultWorld, b: FaultWorld): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
