/**
 * The load curve: the current scenario simulated at a range of offered rates (summary-only runs,
 * in a Web Worker), one point per rate. The rates do not depend on the current one, so moving
 * "Traffic" only moves the marker, and the curve is recomputed only when something else changes.
 */
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { withStream } from "@/lib/scenario/trafficSliders";

/** 1 to 1,000 jobs/s, four points per tenfold: the Traffic slider's range. */
export const CURVE_RATES: readonly number[] = Array.from({ length: 13 }, (_, i) =>
  Number((10 ** (i / 4)).toPrecision(2)),
);

/** Each point simulates at most this much true time, so the whole curve takes seconds, not minutes. */
export const CURVE_MAX_DURATION_MS = 60_000;

export interface CurvePoint {
  /** The offered load: the stream's average rate (jobs/s). */
  ratePerSec: number;
  /** Jobs that arrived and that were done during the run. */
  arrived: number;
  completed: number;
  throughputPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Busy fraction of the lock service's busiest node. */
  utilization: number;
  /** The run hit the event limit, so its figures cover only part of it. */
  truncated: boolean;
}

/** The scenario as the curve runs it at `ratePerSec`: a stream at that rate, at most a minute long. */
export function curveScenario(scenario: Scenario, ratePerSec: number): Scenario {
  const stream = withStream(scenario, { ratePerSec });
  return { ...stream, durationMs: Math.min(stream.durationMs ?? 60_000, CURVE_MAX_DURATION_MS) };
}

/** What the curve keeps of one summary-only run. */
export function curvePointOf(ratePerSec: number, result: SimResult): CurvePoint {
  const { summary, series } = result;
  return {
    ratePerSec,
    arrived: series.arrived.reduce((a, b) => a + b, 0),
    completed: summary.jobsDone,
    throughputPerSec: summary.throughputPerSec,
    p50Ms: summary.acquireLatencyMs.p50,
    p99Ms: summary.acquireLatencyMs.p99,
    utilization: summary.serviceUtilization,
    truncated: summary.incomplete !== null,
  };
}

/** Scenarios that differ only in their rate (or name) share a curve: this is what identifies it. */
export function curveKey(scenario: Scenario): string {
  return JSON.stringify({ ...curveScenario(scenario, 1), name: undefined });
}
