/**
 * The failure finder: searches fault schedules within a budget for one that damages data (or, where
 * nothing but the lock protects the data, lets two clients hold the lock at once), then shrinks it.
 *
 * Decisions:
 * - The scenario's own faults stay as they are; the finder adds at most the budget's faults.
 * - Chaos (random pauses) is turned off: the schedule found is then the whole cause of the
 *   failure, and the scenario returned reproduces it without depending on random pauses.
 * - What counts as a failure (`failOn`): by default, damage (the verdict is unsafe: a lost update
 *   or a duplicated effect) or overlap (`maxConcurrentHolders` ≥ 2) when storage has no guard,
 *   since then only the lock protects the data; damage alone when storage has a guard (fencing,
 *   compare-and-set, idempotency), since overlap is exactly what a guard is there to absorb.
 * - Order: the scenario with no added fault (one run, whose full log gives the moments, see
 *   moments.ts); every single fault (candidates.ts); then pairs: each single fault is run again in
 *   full and extended by one more fault at a moment of *that* run from its own moment on, since
 *   the first fault moves everything after it. Single faults that stressed the lock without
 *   breaking it (they added stale writes, overlap or aborted attempts) are extended first, then
 *   the rest, largest first. Schedules of three or more faults are not tried.
 * - The search stops at the first failure, at `budget.maxRuns` schedules, or when `shouldStop()`
 *   (polled before every run) says so. Shrinking (shrink.ts) has its own bound of runs.
 * Deterministic: the same scenario, budget and options give the same result.
 */
import type { Summary } from "@/lib/sim/checker";
import type { SimEvent } from "@/lib/sim/events";
import { ScenarioError, simulateResolved } from "@/lib/sim/simulate";
import { serviceNodeIds, validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { singleFaults, type Allowance } from "./candidates";
import { explain, type AddedFault, type Placed } from "./finderFaults";
import { momentsOf, type Moment } from "./moments";
import { shrinkSchedule } from "./shrink";

export interface FinderBudget {
  /** Pauses a schedule may add: 0, 1 or 2. */
  maxPauses: 0 | 1 | 2;
  /** The longest pause, in ms of true time. */
  maxPauseMs: number;
  /** The largest clock jump, forward or back, in ms; 0 tries no clock jump. */
  maxClockJumpMs: number;
  /** The longest delay of one message (a client's write to storage), in ms; 0 tries none. */
  maxDelayMs: number;
  /** The most schedules the search runs before it gives up. */
  maxRuns: number;
}

export const DEFAULT_BUDGET: FinderBudget = {
  maxPauses: 2,
  maxPauseMs: 30_000,
  maxClockJumpMs: 30_000,
  maxDelayMs: 60_000,
  maxRuns: 5000,
};

/** The most runs shrinking may take after a find. */
export const SHRINK_RUN_LIMIT = 400;

export type FailOn = "damage" | "damage-or-overlap";
export type FailureKind = "damage" | "overlap";

export interface FinderOptions {
  /** Called after every schedule run: how many were tried, and the most the search may try. */
  onProgress?: (tried: number, total: number) => void;
  /**
   * Polled before every run; true stops: during the search the result is `found: false` with
   * `stoppedBy: "cancelled"`; during shrinking, the find is returned as far as it was shrunk.
   */
  shouldStop?: () => boolean;
  /** What counts as a failure; the default depends on the storage guard (see above). */
  failOn?: FailOn;
}

/** An added fault, in the scenario's own fault type, with one sentence for the UI. */
export interface ScheduledFault {
  fault: AddedFault;
  /** The moment it was placed at (true time in ms), which the explanation names. */
  moment: Moment;
  explanation: string;
}

export type FinderResult =
  | {
      found: true;
      kind: FailureKind;
      /** The faults added, after shrinking (empty when the scenario fails as it is). */
      schedule: ScheduledFault[];
      /** The input scenario with chaos off and the schedule added to its faults: open this. */
      scenario: Scenario;
      summary: Summary;
      /** Schedules run by the search, the one that failed included. */
      tried: number;
      /** Runs spent shrinking. */
      shrinkRuns: number;
      notes: string[];
    }
  | {
      found: false;
      tried: number;
      budget: FinderBudget;
      /** "exhausted": every schedule in the budget was tried; "max-runs": budget.maxRuns was reached. */
      stoppedBy: "exhausted" | "max-runs" | "cancelled";
      notes: string[];
    };

class Stop {
  constructor(readonly why: "max-runs" | "cancelled") {}
}

/**
 * Searches for a fault schedule under which `input` fails, within `budget`, and shrinks what it
 * finds. Throws a ScenarioError if the scenario is invalid. See the file comment for the rules.
 */
export function findFailure(
  input: Scenario,
  budget: FinderBudget = DEFAULT_BUDGET,
  options: FinderOptions = {},
): FinderResult {
  const calm = withoutChaos(input);
  const validation = validateScenario(calm);
  if (!validation.ok) throw new ScenarioError(validation.errors);
  const base = validation.scenario;
  const failOn = options.failOn ?? (base.storage.guard === "none" ? "damage-or-overlap" : "damage");
  const notes = input.chaos?.pauseEveryMs
    ? ["Random pauses (chaos) are off for the search, so the schedule found is the whole cause of the failure."]
    : [];
  const runner = new Runner(base, validation.warnings, options, budget.maxRuns);

  let found: Found | null;
  try {
    found = search(runner, base, budget, failOn);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    return { found: false, tried: runner.tried, budget, stoppedBy: e.why, notes };
  }
  if (!found) return { found: false, tried: runner.tried, budget, stoppedBy: "exhausted", notes };

  const tried = runner.tried;
  const { schedule, complete } = shrink(runner, base, found, failOn, options);
  if (!complete)
    notes.push("Shrinking stopped early (cancelled or out of runs): the schedule fails, but may not be minimal.");
  const summary = runner.shrinkRun(schedule);
  return {
    found: true,
    kind: failureOf(summary, failOn) ?? found.kind,
    schedule: schedule.map((p) => ({ fault: p.fault, moment: p.moment, explanation: explain(p, base) })),
    scenario: { ...calm, faults: [...(calm.faults ?? []), ...schedule.map((p) => p.fault)] },
    summary,
    tried,
    shrinkRuns: runner.shrinkRuns,
    notes,
  };
}

interface Found {
  schedule: Placed[];
  kind: FailureKind;
}

/** The search proper: the first failing schedule in the order of the file comment, or null. Throws Stop. */
function search(runner: Runner, base: ResolvedScenario, budget: FinderBudget, failOn: FailOn): Found | null {
  const nodes = serviceNodeIds(base.service);
  const serviceNodes = new Set(nodes);
  const start = runner.search([], true);
  const baseSummary = start.summary;
  const failedAlready = failureOf(baseSummary, failOn);
  if (failedAlready) return { schedule: [], kind: failedAlready };

  const allowance: Allowance = {
    pauses: budget.maxPauses,
    pauseMs: budget.maxPauseMs,
    jumpMs: budget.maxClockJumpMs,
    delayMs: budget.maxDelayMs,
  };
  const singles = singleFaults(momentsOf(start.events, serviceNodes), allowance, nodes);
  const pairs = allowance.pauses + (allowance.jumpMs > 0 ? 1 : 0) + (allowance.delayMs > 0 ? 1 : 0) >= 2;
  runner.total = pairs ? budget.maxRuns : Math.min(budget.maxRuns, 1 + singles.length);

  const stressing: Placed[] = [];
  const calmer: Placed[] = [];
  for (const p of singles) {
    const { summary } = runner.search([p], false);
    const kind = failureOf(summary, failOn);
    if (kind) return { schedule: [p], kind };
    (stressed(summary, baseSummary) ? stressing : calmer).push(p);
  }
  if (!pairs) return null;

  // Extend the faults that stressed the lock first; then the others, largest first, since two
  // faults that each fall short (two pauses shorter than the lease) can add up.
  for (const first of [...stressing, ...calmer.reverse()]) {
    runner.poll();
    const moments = momentsOf(runner.full([first]).events, serviceNodes).filter((m) => m.t >= first.moment.t);
    for (const second of singleFaults(moments, allowanceAfter(allowance, first.fault), nodes)) {
      if (JSON.stringify(second.fault) === JSON.stringify(first.fault)) continue;
      const { summary } = runner.search([first, second], false);
      const kind = failureOf(summary, failOn);
      if (kind) return { schedule: [first, second], kind };
    }
  }
  return null;
}

/** Shrinks a find, keeping its kind of failure (damage stays damage); bounded and cancellable. */
function shrink(
  runner: Runner,
  base: ResolvedScenario,
  found: Found,
  failOn: FailOn,
  options: FinderOptions,
): { schedule: Placed[]; complete: boolean } {
  const serviceNodes = new Set(serviceNodeIds(base.service));
  let complete = true;
  const schedule = shrinkSchedule(found.schedule, {
    fails(s) {
      if (!complete || runner.shrinkRuns >= SHRINK_RUN_LIMIT || options.shouldStop?.()) {
        complete = false;
        return false;
      }
      const kind = failureOf(runner.shrinkRun(s), failOn);
      return found.kind === "damage" ? kind === "damage" : kind !== null;
    },
    momentsWith: (s) => momentsOf(runner.full(s).events, serviceNodes),
  });
  return { schedule, complete };
}

/** Runs schedules on the validated base scenario and counts them. */
class Runner {
  tried = 0;
  shrinkRuns = 0;
  /** The most schedules the search may still run in all, for progress. */
  total: number;

  constructor(
    private readonly base: ResolvedScenario,
    private readonly warnings: string[],
    private readonly options: FinderOptions,
    private readonly maxRuns: number,
  ) {
    this.total = maxRuns;
  }

  /** One schedule of the search: polls shouldStop, enforces maxRuns, reports progress. */
  search(schedule: readonly Placed[], full: boolean): { summary: Summary; events: SimEvent[] } {
    this.poll();
    if (this.tried >= this.maxRuns) throw new Stop("max-runs");
    const result = full ? this.full(schedule) : { summary: this.summary(schedule), events: [] };
    this.tried++;
    this.options.onProgress?.(this.tried, Math.max(this.total, this.tried));
    return result;
  }

  poll(): void {
    if (this.options.shouldStop?.()) throw new Stop("cancelled");
  }

  /** A schedule's full run, for its moments (not counted as a schedule tried). */
  full(schedule: readonly Placed[]): { summary: Summary; events: SimEvent[] } {
    return simulateResolved(this.with(schedule), this.warnings);
  }

  shrinkRun(schedule: readonly Placed[]): Summary {
    this.shrinkRuns++;
    return this.summary(schedule);
  }

  private summary(schedule: readonly Placed[]): Summary {
    return simulateResolved(this.with(schedule), this.warnings, { summaryOnly: true }).summary;
  }

  private with(schedule: readonly Placed[]): ResolvedScenario {
    return { ...this.base, faults: [...this.base.faults, ...schedule.map((p) => p.fault)] };
  }
}

/** Damage first; overlap only when it counts. */
export function failureOf(summary: Summary, failOn: FailOn): FailureKind | null {
  if (summary.verdict === "unsafe") return "damage";
  if (failOn === "damage-or-overlap" && summary.maxConcurrentHolders >= 2) return "overlap";
  return null;
}

/** The fault made the lock work harder than in the base run without breaking it: worth a second fault. */
function stressed(s: Summary, base: Summary): boolean {
  return (
    s.staleWritesAccepted + s.staleWritesRejected > base.staleWritesAccepted + base.staleWritesRejected ||
    s.maxConcurrentHolders > base.maxConcurrentHolders ||
    s.jobsAborted > base.jobsAborted
  );
}

function allowanceAfter(a: Allowance, used: AddedFault): Allowance {
  return {
    ...a,
    pauses: used.kind === "pause" ? a.pauses - 1 : a.pauses,
    jumpMs: used.kind === "clock-jump" ? 0 : a.jumpMs,
    delayMs: used.kind === "delay" ? 0 : a.delayMs,
  };
}

function withoutChaos(s: Scenario): Scenario {
  const calm = { ...s };
  delete calm.chaos;
  return calm;
}
