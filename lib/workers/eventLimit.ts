/**
 * Whether a run will reach the simulator's event limit, said before the bulk of it is simulated:
 * projected from how far the run has got. The first projection comes from the run's start: the
 * first MAIN_THREAD_BUDGET of it, which the runner tries on the main thread anyway, or, for a run
 * the runner sends straight to the worker, the worker's first report (after a few thousand
 * steps). Each later report from the worker refines it.
 *
 * How many events a scenario asks for depends on what happens in it (a lease lost, a retry storm,
 * clients finishing their jobs), so no formula of its fields can say it in advance: its own start
 * is the best evidence, and the lab says the result as a projection, "at its pace so far".
 */
import { LIMITS, type ResolvedScenario } from "@/lib/sim/scenario";
import { startTimes, type RunProgress } from "@/lib/sim/simulate";

export interface EventLimitForecast {
  /** How far the run had got when the projection was made. */
  from: RunProgress;
  /** Events the whole run would log at that pace (two significant figures). */
  projectedEvents: number;
  /** Where in the run, at that pace, the limit would stop it (ms of true time). */
  stopsNearMs: number;
}

/**
 * The forecast if the run, at its pace so far, would log more than the event limit; null if it
 * would not, or if no time has passed to measure a pace over.
 *
 * The pace is events per millisecond of a started client: clients start one after another, so the
 * start of a run has fewer of them at work than the rest (a cron client's runs are due at fixed
 * times, whatever its start: lib/sim/client.ts). It holds until the work ends: the end of the run
 * for a stream, the last cron run, and for counter jobs, once a job is done, the events a job has
 * cost so far times the jobs there are. Without that, 10,000 jobs of 1 ms on etcd in
 * 800 s would be told they reach the limit (their first 3.8 s log 5,000 events, and the whole run
 * about 270,000). How often this is right: `npm run -s audit:event-limit`.
 */
export function forecastEventLimit(scenario: ResolvedScenario, from: RunProgress): EventLimitForecast | null {
  if (from.reachedMs <= 0 || from.events === 0) return null;
  const starts =
    scenario.workload.kind === "cron" ? Array<number>(scenario.clients.count).fill(0) : startTimes(scenario);
  const perClientMs = from.events / Math.max(1, clientMsBy(starts, from.reachedMs));
  const byTime = perClientMs * clientMsBy(starts, workEndMs(scenario));
  const { workload, clients } = scenario;
  const byJobs =
    workload.kind === "counter" && from.jobsDone > 0
      ? (from.events / from.jobsDone) * clients.count * workload.jobsPerClient
      : Infinity;
  const projected = Math.min(byTime, byJobs);
  if (projected <= LIMITS.events) return null;
  // Over the limit at time's pace means the limit comes before the work ends, so within the run.
  return {
    from,
    projectedEvents: Number(projected.toPrecision(2)),
    stopsNearMs: timeOfClientMs(starts, LIMITS.events / perClientMs),
  };
}

/** Milliseconds of started clients from the run's start to `t`. */
function clientMsBy(starts: number[], t: number): number {
  return starts.reduce((sum, start) => sum + Math.max(0, t - start), 0);
}

/** The time by which the clients have had `clientMs` between them (the inverse of clientMsBy). */
function timeOfClientMs(starts: number[], clientMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let t = sorted[0] ?? 0;
  let had = 0;
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[i + 1] ?? Infinity;
    const running = i + 1;
    if (had + running * (next - t) >= clientMs) return t + (clientMs - had) / running;
    had += running * (next - t);
    t = next;
  }
  return t;
}

/** When the scenario's clients run out of work, at the latest (ms): the last cron run is due at (runs − 1) × everyMs, and has a period to run. */
function workEndMs(scenario: ResolvedScenario): number {
  const { workload, durationMs } = scenario;
  return workload.kind === "cron" ? Math.min(durationMs, workload.runs * workload.everyMs) : durationMs;
}
