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
 * Deterministic: the same scenario and world give the same result.
 */
import type { Summary } from "@/lib/sim/checker";
import { serviceNodeIds, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { ScenarioError, simulateResolved } from "@/lib/sim/simulate";
import { explain, magnitudeOf, type AddedFault, type Placed } from "@/lib/explore/faults";
import { momentsOf, type Moment } from "@/lib/explore/moments";
import type { RunOutcome } from "./goals";
import { placedOrder, schedulesEstimate, worldFaults, type World } from "./world";

export interface ExhaustiveOptions {
  /** Called after every schedule run: how many were run, and the estimate of the whole world. */
  onProgress?: (tried: number, estimate: number) => void;
  /** Polled before every run; true stops the check (`stoppedBy: "cancelled"`). */
  shouldStop?: () => boolean;
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
  world: World;
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
export function worldSize(input: Scenario, world: World): WorldSize {
  const { base, warnings } = calmBase(input);
  const nodes = serviceNodeIds(base.service);
  const moments = momentsOf(simulateResolved(base, warnings).events, new Set(nodes));
  const singles = world.maxFaults > 0 ? allowed(worldFaults(moments, world, nodes), [], world).length : 0;
  return { moments: moments.length, singles, estimate: schedulesEstimate(singles, world.maxFaults) };
}

/** Runs every schedule of the world; `isCounterexample` says which runs break the design. */
export function exhaustiveCheck(
  input: Scenario,
  world: World,
  isCounterexample: (run: RunOutcome) => boolean,
  options: ExhaustiveOptions = {},
): ExhaustiveResult {
  const { calm, base, warnings } = calmBase(input);
  const nodes = serviceNodeIds(base.service);
  const nodeSet = new Set(nodes);
  let tried = 0;
  let failed = 0;
  let best: { schedule: Placed[]; summary: Summary; size: number } | null = null;
  let size: WorldSize = { moments: 0, singles: 0, estimate: 1 };

  /** Runs one schedule; returns the moments of its run when it will be extended. */
  const visit = (schedule: Placed[], extend: boolean): Moment[] | null => {
    if (options.shouldStop?.()) throw new Stop("cancelled");
    if (tried >= world.maxSchedules) throw new Stop("max-schedules");
    const result = simulateResolved(withSchedule(base, schedule), warnings, { summaryOnly: !extend });
    tried++;
    if (isCounterexample(result)) {
      failed++;
      const total = schedule.reduce((sum, p) => sum + magnitudeOf(p.fault), 0);
      if (!best || schedule.length < best.schedule.length || (schedule.length === best.schedule.length && total < best.size)) {
        best = { schedule, summary: result.summary, size: total };
      }
    }
    options.onProgress?.(tried, Math.max(size.estimate, tried));
    return extend ? momentsOf(result.events, nodeSet) : null;
  };

  const grow = (schedule: Placed[], moments: Moment[]) => {
    const last = schedule[schedule.length - 1];
    const later = last ? moments.filter((m) => m.t >= last.moment.t) : moments;
    for (const p of allowed(worldFaults(later, world, nodes), schedule, world)) {
      if (last && placedOrder(p, last) <= 0) continue;
      const next = [...schedule, p];
      const moreToAdd = next.length < world.maxFaults;
      const nextMoments = visit(next, moreToAdd);
      if (nextMoments) grow(next, nextMoments);
    }
  };

  let stoppedBy: ExhaustiveResult["stoppedBy"] = "complete";
  try {
    const moments = visit([], world.maxFaults > 0);
    if (moments) {
      const singles = allowed(worldFaults(moments, world, nodes), [], world).length;
      size = { moments: moments.length, singles, estimate: schedulesEstimate(singles, world.maxFaults) };
      grow([], moments);
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
function allowed(candidates: Placed[], schedule: readonly Placed[], world: World): Placed[] {
  if (world.maxTotalPauseMs === undefined) return candidates;
  const paused = schedule.reduce((sum, p) => sum + (p.fault.kind === "pause" ? p.fault.forMs : 0), 0);
  return candidates.filter((p) => p.fault.kind !== "pause" || paused + p.fault.forMs <= world.maxTotalPauseMs!);
}
