/**
 * Planning a run: an edited scenario is settled (kept valid, with notes), validated (errors name
 * the field path and any limit), and sized. Sizing only saves time: a scenario that is plainly
 * large goes straight to the Web Worker. Whatever the estimate says, the main thread never spends
 * more than MAIN_THREAD_BUDGET on a run (lib/workers/simRunner.ts stops a run there, discards it
 * and gives it to the worker), since a small-looking scenario (one client, a 1 ms lease) can
 * still ask for hundreds of thousands of events.
 */
import { PROGRESS_EVERY_STEPS } from "@/lib/sim/kernel";
import { LIMITS, cronRunsScheduled, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { settle } from "../scenario/edits";

/** Runs estimated above this many events go to the worker without a try on the main thread. */
export const WORKER_THRESHOLD_EVENTS = 20_000;

/**
 * What a run may cost the main thread: events logged, and steps of the engine's queue (counted in
 * the engine's progress calls, so work that logs nothing is bounded too): tens of milliseconds on a
 * laptop. Every preset but the traffic ones fits (the largest that does, chubby-partition, logs
 * 3,171 events; traffic-1x's 6,616 go to the worker); a run that reaches either bound is discarded
 * and runs in the worker.
 */
export const MAIN_THREAD_BUDGET = { events: 5_000, steps: 2 * PROGRESS_EVERY_STEPS } as const;

/** Events per client per simulated second, at most: a waiting client's retries and their messages. */
const EVENTS_PER_CLIENT_SECOND = 25;

export function estimateEvents(scenario: ResolvedScenario): number {
  const fanOut = scenario.service.kind === "redlock" ? scenario.service.nodes : 1;
  const estimate = scenario.clients.count * (scenario.durationMs / 1000) * EVENTS_PER_CLIENT_SECOND * fanOut;
  return Math.min(LIMITS.events, Math.round(estimate));
}

/**
 * Whether a scenario goes straight to the worker: estimated large, or with more cron runs put on
 * the queue before the run starts than the main thread's budget (that work comes before the
 * first step the budget counts).
 */
export function needsWorker(scenario: ResolvedScenario): boolean {
  return estimateEvents(scenario) > WORKER_THRESHOLD_EVENTS || cronRunsScheduled(scenario) > MAIN_THREAD_BUDGET.events;
}

/** How large a run looks before it is simulated: where the runner (lib/workers/simRunner.ts) starts it. */
export interface RunSize {
  /** Straight to the worker, without a try on the main thread. */
  large: boolean;
  estimatedEvents: number;
}

export type Plan =
  | ({ ok: true; scenario: Scenario; resolved: ResolvedScenario; warnings: string[]; notes: string[] } & RunSize)
  | { ok: false; errors: string[] };

export function planScenario(candidate: Scenario): Plan {
  const { scenario, notes } = settle(candidate);
  const validation = validateScenario(scenario);
  if (!validation.ok) return { ok: false, errors: validation.errors };
  const large = needsWorker(validation.scenario);
  return {
    ok: true,
    scenario,
    resolved: validation.scenario,
    warnings: validation.warnings,
    notes,
    large,
    estimatedEvents: estimateEvents(validation.scenario),
  };
}
