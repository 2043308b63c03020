/**
 * Warming a map's worker up while someone sets the map up. A new worker runs its first few hundred
 * simulations before V8 has optimised the engine's code: measured in Chromium on 2 cores, a first
 * chunk of 640 runs took 530 ms on a new worker and 150 ms on one that had run a map, so a first
 * map took about a second longer than the same map drawn again. Running the scenario for a moment
 * beforehand, and throwing the runs away, does that compiling while the visitor is still choosing.
 */
import { simulateResolved } from "@/lib/sim/simulate";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";

/** Each warm-up run stops at this many events, so one very long scenario cannot hold a worker up for seconds. */
export const WARM_UP_MAX_EVENTS = 20_000;

/**
 * Runs `scenario` summary-only on seeds 1, 2, … until `now()` (ms) has moved `forMs` on, and at
 * most `maxRuns` times; returns how many runs it made. An invalid scenario runs nothing: there is
 * nothing to warm up for, and the map reports its cells' problems itself.
 */
export function warmUp(scenario: Scenario, forMs: number, now: () => number, maxRuns = 2000): number {
  const validation = validateScenario(scenario);
  if (!validation.ok) return 0;
  const until = now() + forMs;
  let runs = 0;
  while (runs < maxRuns && now() < until) {
    runs++;
    simulateResolved({ ...validation.scenario, seed: runs }, validation.warnings, {
      summaryOnly: true,
      maxEvents: WARM_UP_MAX_EVENTS,
    });
  }
  return runs;
}
