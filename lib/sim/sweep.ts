/**
 * Runs one scenario over seeds 1..N in summary-only mode and aggregates: how many runs were unsafe,
 * had overlap, lost updates or duplicated effects, and a failing seed to open. A run cut short at
 * the event limit is counted in `incompleteRuns`: it counts as unsafe (or as having overlap) only
 * if that happened in the part it covered, and it never counts as safe.
 */
import { simulateResolved, ScenarioError, type SimulateOptions } from "./simulate";
import { validateScenario, type Scenario } from "./scenario";

export interface SeedSweep {
  runs: number;
  unsafeRuns: number;
  /** Runs with no damage yet but a stale write still on its way at the end. */
  undecidedRuns: number;
  overlapRuns: number;
  lostUpdateRuns: number;
  duplicateEffectRuns: number;
  staleWriteRuns: number;
  lostUpdates: number;
  duplicateEffects: number;
  firstUnsafeSeed: number | null;
  firstOverlapSeed: number | null;
  /** Runs that stopped at the event limit before the end of their duration. */
  incompleteRuns: number;
  firstIncompleteSeed: number | null;
}

export interface SweepOptions extends Pick<SimulateOptions, "maxEvents"> {
  /**
   * Told after each run how many have run and how many events the last one logged; answering false
   * ends the sweep there, with `runs` short of the seeds asked for. The command line sizes a batch
   * by its first run.
   */
  onRun?: (runs: number, events: number) => boolean | void;
}

export function sweepSeeds(scenario: Scenario, seeds: number, firstSeed = 1, options: SweepOptions = {}): SeedSweep {
  const validation = validateScenario(scenario);
  if (!validation.ok) throw new ScenarioError(validation.errors);
  const sweep: SeedSweep = {
    runs: 0,
    unsafeRuns: 0,
    undecidedRuns: 0,
    overlapRuns: 0,
    lostUpdateRuns: 0,
    duplicateEffectRuns: 0,
    staleWriteRuns: 0,
    lostUpdates: 0,
    duplicateEffects: 0,
    firstUnsafeSeed: null,
    firstOverlapSeed: null,
    incompleteRuns: 0,
    firstIncompleteSeed: null,
  };
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const { summary, eventCount } = simulateResolved({ ...validation.scenario, seed }, validation.warnings, {
      maxEvents: options.maxEvents,
      summaryOnly: true,
    });
    sweep.runs++;
    if (summary.incomplete) {
      sweep.incompleteRuns++;
      sweep.firstIncompleteSeed ??= seed;
    }
    if (summary.verdict === "unsafe") {
      sweep.unsafeRuns++;
      sweep.firstUnsafeSeed ??= seed;
    }
    if (summary.verdict === "undecided") sweep.undecidedRuns++;
    if (summary.overlapMs > 0) {
      sweep.overlapRuns++;
      sweep.firstOverlapSeed ??= seed;
    }
    if (summary.lostUpdates > 0) sweep.lostUpdateRuns++;
    if (summary.duplicateEffects > 0) sweep.duplicateEffectRuns++;
    if (summary.staleWritesAccepted > 0) sweep.staleWriteRuns++;
    sweep.lostUpdates += summary.lostUpdates;
    sweep.duplicateEffects += summary.duplicateEffects;
    if (options.onRun?.(sweep.runs, eventCount ?? 0) === false) break;
  }
  return sweep;
}
