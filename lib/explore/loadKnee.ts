/**
 * The knee of a load curve, by one stated rule: the lowest offered rate at which fewer than 90 %
 * of the jobs that arrived were done. Past it, jobs arrive faster than they are done, so the
 * backlog and the waits grow for as long as the load lasts. Arrivals are counted rather than the
 * nominal rate, so a Poisson stream that happened to bring fewer jobs is not mistaken for lost
 * throughput. Runs cut short by the event limit are skipped.
 *
 * p99 latency is not part of the rule: with a lock that clients poll (Redis, retry every
 * 100–300 ms) one unlucky retry doubles p99 at loads the lock handles easily, and a knee there
 * would not be where the curve bends.
 */
import type { CurvePoint } from "./loadCurve";
import { formatRate } from "@/lib/sim/format";

export const KNEE_THROUGHPUT_SHARE = 0.9;

export interface Knee {
  ratePerSec: number;
  /** Why this is the knee, in a sentence fragment. */
  because: string;
}

export function kneeOf(points: readonly CurvePoint[]): Knee | null {
  const usable = points.filter((p) => !p.truncated).sort((a, b) => a.ratePerSec - b.ratePerSec);
  // Rounded down, so a share just under the rule never reads as "90 %".
  const knee = usable.find((p) => p.arrived > 0 && p.completed < KNEE_THROUGHPUT_SHARE * p.arrived);
  if (!knee) return null;
  return {
    ratePerSec: knee.ratePerSec,
    because: `only ${Math.floor((100 * knee.completed) / knee.arrived)} % of the jobs that arrived were done (${formatRate(knee.throughputPerSec)})`,
  };
}
