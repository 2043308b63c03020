/**
 * The knee of a load curve, by one stated rule: the lowest offered rate at which either
 * - the jobs done fall below 90 % of the jobs that arrived (throughput stops keeping up), or
 * - p99 acquire latency exceeds twice its value at the lowest rate (waiting has taken over).
 * Arrivals are counted rather than the nominal rate, so a Poisson stream that happened to bring
 * fewer jobs is not mistaken for lost throughput. Runs cut short by the event limit are skipped.
 */
import { formatDuration } from "../format";
import type { CurvePoint } from "./curve";
import { formatRate } from "./format";

export const KNEE_THROUGHPUT_SHARE = 0.9;
export const KNEE_LATENCY_FACTOR = 2;

export interface Knee {
  ratePerSec: number;
  rule: "throughput" | "latency";
  /** Why this is the knee, in a sentence fragment. */
  because: string;
}

export function kneeOf(points: readonly CurvePoint[]): Knee | null {
  const usable = points.filter((p) => !p.truncated).sort((a, b) => a.ratePerSec - b.ratePerSec);
  if (usable.length === 0) return null;
  const baseline = usable[0].p99Ms;
  for (const p of usable) {
    if (p.arrived > 0 && p.completed < KNEE_THROUGHPUT_SHARE * p.arrived) {
      return {
        ratePerSec: p.ratePerSec,
        rule: "throughput",
        because: `only ${Math.round((100 * p.completed) / p.arrived)} % of the jobs that arrived were done (${formatRate(p.throughputPerSec)})`,
      };
    }
    if (baseline > 0 && p.p99Ms > KNEE_LATENCY_FACTOR * baseline) {
      return {
        ratePerSec: p.ratePerSec,
        rule: "latency",
        because: `p99 acquire latency reached ${formatDuration(p.p99Ms)}, over twice its ${formatDuration(baseline)} at ${formatRate(usable[0].ratePerSec)}`,
      };
    }
  }
  return null;
}
