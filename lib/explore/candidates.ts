/**
 * The single faults the failure finder tries at a run's moments, in order of simplicity: pauses
 * first (every moment at the shortest length, then the next length up, …), then clock jumps just
 * after each grant (of the granted client and of every service node, forward then back), then a
 * delayed write to storage. Sizes come from fixed ladders cut at the budget's maximum, which is
 * itself always tried. Milliseconds of true time throughout.
 */
import { delayAt, jumpAt, ladder, pauseAt, type Placed } from "./finderFaults";
import type { Moment } from "./moments";

export const PAUSE_LADDER = [1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000] as const;
export const JUMP_LADDER = [1000, 5000, 10_000, 30_000, 60_000] as const;
export const DELAY_LADDER = [1000, 5000, 10_000, 30_000, 60_000, 90_000] as const;

/** What a schedule may still add: pauses (each at most `pauseMs`), a jump and a delay (0: none). */
export interface Allowance {
  pauses: number;
  pauseMs: number;
  jumpMs: number;
  delayMs: number;
}

/** Every single fault the allowance permits at `moments`, simplest first, without repeats. */
export function singleFaults(
  moments: readonly Moment[],
  allowance: Allowance,
  serviceNodes: readonly string[],
): Placed[] {
  const out: Placed[] = [];
  const seen = new Set<string>();
  const add = (p: Placed) => {
    const key = JSON.stringify(p.fault);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  };
  if (allowance.pauses > 0) {
    for (const ms of ladder(PAUSE_LADDER, allowance.pauseMs))
      for (const m of moments) add({ fault: pauseAt(m, ms), moment: m });
  }
  const grants = moments.filter((m) => m.kind === "grant");
  for (const ms of ladder(JUMP_LADDER, allowance.jumpMs)) {
    for (const m of grants) {
      for (const target of [m.client, ...serviceNodes])
        for (const by of [ms, -ms]) add({ fault: jumpAt(m, target, by), moment: m });
    }
  }
  const writes = moments.filter((m) => m.kind === "write");
  for (const ms of ladder(DELAY_LADDER, allowance.delayMs))
    for (const m of writes) add({ fault: delayAt(m, ms), moment: m });
  return out;
}
