/**
 * Planning a run: an edited scenario is settled (kept valid, with notes), validated (errors name
 * the field path and any limit), and sized, so a large run can go to a Web Worker and the page
 * never freezes. The size is an estimate from clients × duration: waiting clients retry several
 * times a second, and Redlock talks to every node.
 */
import { LIMITS, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { settle } from "./edits";

/** Runs estimated above this many events go to the worker. */
export const WORKER_THRESHOLD_EVENTS = 20_000;

/** Events per client per simulated second, at most: a waiting client's retries and their messages. */
const EVENTS_PER_CLIENT_SECOND = 25;

export function estimateEvents(scenario: ResolvedScenario): number {
  const fanOut = scenario.service.kind === "redlock" ? scenario.service.nodes : 1;
  const estimate = scenario.clients.count * (scenario.durationMs / 1000) * EVENTS_PER_CLIENT_SECOND * fanOut;
  return Math.min(LIMITS.events, Math.round(estimate));
}

export type Plan =
  | { ok: true; scenario: Scenario; resolved: ResolvedScenario; warnings: string[]; notes: string[]; large: boolean }
  | { ok: false; errors: string[] };

export function planScenario(candidate: Scenario): Plan {
  const { scenario, notes } = settle(candidate);
  const validation = validateScenario(scenario);
  if (!validation.ok) return { ok: false, errors: validation.errors };
  const large = estimateEvents(validation.scenario) > WORKER_THRESHOLD_EVENTS;
  return { ok: true, scenario, resolved: validation.scenario, warnings: validation.warnings, notes, large };
}
