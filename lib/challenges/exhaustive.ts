/**
 * The exhaustive check of a small world: runs every fault schedule the world allows (world.ts) on
 * a scenario and counts those that are counterexamples, keeping the shortest one.
 *
 * Decisions:
 * - A schedule is built fault by fault: the next fault is placed at a moment of the run *with the
 *   faults so far* (each fault moves what comes after it), at or after the previous fault's moment,
 *   and strictly after it in (time, fault) order, so each set is tried once.
 * - The empty schedule counts: a design that fails with no fault at all fails the check.
 * - The scenario's own faults stay; chaos (random pauses) is turned off, so a counterexample is
 *   the whole cause of its failure and reproduces without it.
 * - Shortest: fewest faults, then the least fault time in all (pause lengths, jump sizes, delays),
 *   then the first found.
 * - Before starting, `worldSize` estimates the count from the fault-free run's moments; a world
 *   over its `maxSchedules` is refused by the caller. The check itself also stops at maxSchedules,
 *   so it can never run away; `stoppedBy` says whether it covered the whole world.
 * - Schedules are run a fault count at a time (none, then every single fault, then every pair…),
 *   so the exact count is known once the schedules one fault short of the world's limit have run
 *   (their runs place the last fault), and progress reports it from then on. The estimate is only
 *   that: a 15 s pause moves every moment after it, and fence-the-pause with fenced reads and
 *   writes has 93 schedules where its fault-free run suggests 79. Within a fault count the order
 *   is the one a depth-first walk would take, so "the first found" among equals is the same.
 * Deterministic: the same scenario and world give the same result.
 */
import type { Summary } from "@/lib/sim/checker";
import { serviceNodeIds, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { ScenarioError, simulateResolved } from "@/lib/sim/simulate";
import type { CodeOptions } from "@/lib/sim/code/codeClient";
import { explain, magnitudeOf, type AddedFault, type Placed } from "@/lib/explore/finderFaults";
import { momentsOf, type Moment } from "@/lib/explore/moments";
import type { RunOutcome } from "./goals";
import { placedOrder, schedulesEstimate, worldFaults, type FaultWorld } from "./faultWorld";

export interface ExhaustiveOptions {
  /** Called after every schedule run: how many were run, and how many the world has once that is known (null before). */
  onProgress?: (tried: number, total: number | null) => void;
  /** Polled before every run; true stops the check (`stoppedBy: "cancelled"`). */
  shouldStop?: () => boolean;
  /** Every run's clients run this learner's program (lib/sim/code) instead of the built-in client. */
  code?: CodeOptions;
}

export interface Counterexample {
  faults: AddedFault[];
  /** One sentence per fault, naming the moment it was placed at. */
  explanations: string[];
  /** The checked scenario (chaos off) with the faults added: open this on the timeline. */
  scenario: Scenario;
  summary: Summary;
}

export interface WorldSize {
  /** Candidate moments in the fault-free run. */
  moments: number;
  /** Single faults the world allows at them. */
  singles: number;
  /** Schedules of ≤ maxFaults faults, if the moments stayed put: the check's likely size. */
  estimate: number;
  /**
   * The exact count where no fault can move another's moments (at most one fault: the run with
   * none, and each single fault); null where later faults are placed on runs the earlier ones changed.
   */
  exact: number | null;
  /** Events the fault-free run logged, where worldSize ran it: what one schedule's run costs, about. */
  runEvents?: number;
}

export interface ExhaustiveResult {
  /** Schedules run (the empty one included). */
  tried: number;
  /** Schedules that were counterexamples. */
  failed: number;
  /** "complete": every schedule of the world was run. */
  stoppedBy: "complete" | "cancelled" | "max-schedules";
  shortest: Counterexample | null;
  size: WorldSize;
  world: FaultWorld;
}

class Stop {
  constructor(readonly why: "cancelled" | "max-schedules") {}
}

/** A validated scenario, chaos off, ready to add schedules to. Throws a ScenarioError if invalid. */
function calmBase(input: Scenario): { calm: Scenario; base: ResolvedScenario; warnings: string[] } {
  const calm = { ...input };
  delete calm.chaos;
  const validation = validateScenario(calm);
  if (!validation.ok) throw new ScenarioError(validation.errors);
  return { calm, base: validation.scenario, warnings: validation.warnings };
}

const withSchedule = (base: ResolvedScenario, schedule: readonly Placed[]): ResolvedScenario => ({
  ...base,
  faults: [...base.faults, ...schedule.map((p) => p.fault)],
});

/** The world's likely size, from one full run of the scenario without added faults. */
export function worldSize(input: Scenario, world: FaultWorld, code?: CodeOptions): WorldSize {
  const { base, warnings } = calmBase(input);
  const nodes = serviceNodeIds(base.service);
  const { events, eventCount } = simulateResolved(base, warnings, { code });
  const moments = momentsOf(events, new Set(nodes));
  const singles = world.maxFaults > 0 ? allowed(worldFaults(moments, world, nodes), [], world).length : 0;
  return { ...sizeOf(moments.length, singles, world), runEvents: eventCount ?? events.length };
}

function sizeOf(moments: number, singles: number, world: FaultWorld): WorldSize {
  return {
    moments,
    singles,
    estimate: schedulesEstimate(singles, world.maxFaults),
    exact: world.maxFaults <= 1 ? 1 + singles : null,
  };
}

/** Runs every schedule of the world; `isCounterexample` says which runs break the design. */
export function exhaustiveCheck(
  input: Scenario,
  world: FaultWorld,
  isCounterexample: (run: RunOutcome) => boolean,
  options: ExhaustiveOptions = {},
): ExhaustiveResult {
  const { calm, base, warnings } = calmBase(input);
  const nodes = serviceNodeIds(base.service);
  const nodeSet = new Set(nodes);
  let tried = 0;
  let failed = 0;
  let best: { schedule: Placed[]; summary: Summary; size: number } | null = null;
  let size: WorldSize = sizeOf(0, 0, world);
  let total: number | null = null;

  /** Runs one schedule; returns the moments of its run when it will be extended. */
  const visit = (schedule: Placed[], extend: boolean): Moment[] | null => {
    if (options.shouldStop?.()) throw new Stop("cancelled");
    if (tried >= world.maxSchedules) throw new Stop("max-schedules");
    const result = simulateResolved(withSchedule(base, schedule), warnings, {
      summaryOnly: !extend,
      code: options.code,
    });
    tried++;
    if (isCounterexample(result)) {
      failed++;
      const magnitude = schedule.reduce((sum, p) => sum + magnitudeOf(p.fault), 0);
      if (
        !best ||
        schedule.length < best.schedule.length ||
        (schedule.length === best.schedule.length && magnitude < best.size)
      ) {
        best = { schedule, summary: result.summary, size: magnitude };
      }
    }
    options.onProgress?.(tried, total);
    return extend ? momentsOf(result.events, nodeSet) : null;
  };

  /** The faults that may follow a schedule, placed at the moments of its own run. */
  const nextFaults = (schedule: Placed[], moments: Moment[]): Placed[] => {
    const last = schedule[schedule.length - 1];
    const later = last ? moments.filter((m) => m.t >= last.moment.t) : moments;
    return allowed(worldFaults(later, world, nodes), schedule, world).filter((p) => !last || placedOrder(p, last) > 0);
  };

  let stoppedBy: ExhaustiveResult["stoppedBy"] = "complete";
  try {
    if (world.maxFaults === 0) total = 1;
    const moments = visit([], world.maxFaults > 0);
    if (moments) {
      size = sizeOf(moments.length, allowed(worldFaults(moments, world, nodes), [], world).length, world);
      let runs: { schedule: Placed[]; moments: Moment[] }[] = [{ schedule: [], moments }];
      for (let count = 1; count <= world.maxFaults; count++) {
        const next = runs.map((run) => ({ schedule: run.schedule, faults: nextFaults(run.schedule, run.moments) }));
        const last = count === world.maxFaults;
        // Every schedule of fewer faults has run: what remains is exactly these.
        if (last) total = tried + next.reduce((sum, n) => sum + n.faults.length, 0);
        const extended: typeof runs = [];
        for (const { schedule, faults } of next)
          for (const p of faults) {
            const longer = [...schedule, p];
            const moments = visit(longer, !last);
            if (moments) extended.push({ schedule: longer, moments });
          }
        runs = extended;
      }
    }
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    stoppedBy = e.why;
  }

  const found = best as { schedule: Placed[]; summary: Summary } | null;
  return {
    tried,
    failed,
    stoppedBy,
    size,
    world,
    shortest: found && {
      faults: found.schedule.map((p) => p.fault),
      explanations: found.schedule.map((p) => explain(p, base)),
      scenario: { ...calm, faults: [...(calm.faults ?? []), ...found.schedule.map((p) => p.fault)] },
      summary: found.summary,
    },
  };
}

/** The candidates that keep a schedule within the world's total pause. */
function allowed(candidates: Placed[], schedule: readonly Placed[], world: FaultWorld): Placed[] {
  if (world.maxTotalPauseMs === undefined) return candidates;
  const paused = schedule.reduce((sum, p) => sum + (p.fault.kind === "pause" ? p.fault.forMs : 0), 0);
  return candidates.filter((p) => p.fault.kind !== "pause" || paused + p.fault.forMs <= world.maxTotalPauseMs!);
}
