/**
 * The simulation worker's job (sim.worker.ts serves it; tests run it in process): run a scenario
 * already validated by the page, telling the page how far it has simulated, and derive what the
 * page shows (timeline model, story, questions) here too, so the page receives a prepared run
 * without the event log and its typed arrays without copying.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { simulate, type RunProgress } from "@/lib/sim/simulate";
import { prepareRun, type PreparedRun } from "@/lib/readers/derived";

/** After its first report, the worker tells the page of progress at most this often, in simulated time (a second). */
const PROGRESS_STEP_MS = 1000;

/**
 * Runs `scenario`; `progress` hears how far it has got: at once after the first few thousand
 * steps (a run planned large is foretold from that, lib/workers/eventLimit.ts), then a simulated
 * second apart at least.
 */
export function simulationJob(scenario: Scenario, progress: (progress: RunProgress) => void): PreparedRun {
  let told: number | null = null;
  const result = simulate(scenario, {
    progress: (now) => {
      if (told !== null && now.reachedMs - told < PROGRESS_STEP_MS) return;
      told = now.reachedMs;
      progress(now);
    },
  });
  return prepareRun(result);
}
