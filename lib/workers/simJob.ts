/**
 * The simulation worker's job (sim.worker.ts serves it; tests run it in process): run a scenario
 * already validated by the page, telling the page how far it has simulated, and derive what the
 * page shows (timeline model, story, questions) here too, so the page receives a prepared run
 * without the event log and its typed arrays without copying.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { prepareRun, type PreparedRun } from "@/lib/run/derived";

/** The worker tells the page of progress at most this often, in simulated time (a second). */
const PROGRESS_STEP_MS = 1000;

/** Runs `scenario`; `progress` hears the simulated time reached (ms), a second of it apart at least. */
export function simulationJob(scenario: Scenario, progress: (reachedMs: number) => void): PreparedRun {
  let told = 0;
  const result = simulate(scenario, {
    progress: (reachedMs) => {
      if (reachedMs - told < PROGRESS_STEP_MS) return;
      told = reachedMs;
      progress(reachedMs);
    },
  });
  return prepareRun(result);
}
