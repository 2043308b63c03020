/**
 * Grading on the run: a break level is won when the run with the learner's faults meets the goal
 * within the budget; the score is the faults (and pause time) used, against par. Pure.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { formatDuration } from "@/lib/sim/format";
import { goalHolds, type RunOutcome } from "./goals";
import type { BreakLevel, BreakRules } from "./level";

type InputFault = NonNullable<Scenario["faults"]>[number];

export interface BreakScore {
  faults: number;
  pauseMs: number;
}

export type ParVerdict = "under" | "at" | "over";

export interface BreakGrade {
  score: BreakScore;
  /** What takes the faults outside the budget, one sentence each; empty when within it. */
  overBudget: string[];
  goalMet: boolean;
  /** Won: the goal holds and the faults are within the budget. */
  solved: boolean;
  par: ParVerdict | null;
}

export function breakScore(faults: readonly InputFault[]): BreakScore {
  return { faults: faults.length, pauseMs: faults.reduce((sum, f) => sum + (f.kind === "pause" ? f.forMs : 0), 0) };
}

/** Why a set of faults is outside a level's budget, one sentence each. */
export function overBudget(rules: BreakRules, faults: readonly InputFault[]): string[] {
  const out: string[] = [];
  const { faults: count, pauseMs } = breakScore(faults);
  if (count > rules.maxFaults) out.push(`${count} faults: this level allows at most ${rules.maxFaults}.`);
  const kinds = new Set<string>(rules.faultKinds);
  const other = [...new Set(faults.map((f) => f.kind).filter((k) => !kinds.has(k)))];
  if (other.length) out.push(`This level allows only ${rules.faultKinds.join(", ")}; remove the ${other.join(", ")}.`);
  if (rules.maxTotalPauseMs !== undefined && pauseMs > rules.maxTotalPauseMs)
    out.push(
      `${formatDuration(pauseMs)} of pauses in all: this level allows at most ${formatDuration(rules.maxTotalPauseMs)}.`,
    );
  return out;
}

/** Fewer faults beats less pause time; par's pause time counts only where the level sets one. */
export function parVerdict(score: BreakScore, par: NonNullable<BreakRules["par"]>): ParVerdict {
  if (score.faults !== par.faults) return score.faults < par.faults ? "under" : "over";
  if (par.pauseMs === undefined || score.pauseMs === par.pauseMs) return "at";
  return score.pauseMs < par.pauseMs ? "under" : "over";
}

/**
 * The faults the learner added: those after the level's own, which must be there as the level set
 * them (null when the learner changed or removed one of them).
 */
export function learnerFaults(level: BreakLevel, scenario: Scenario): InputFault[] | null {
  const own = level.scenario.faults ?? [];
  const all = scenario.faults ?? [];
  const kept = own.every((f, i) => JSON.stringify(f) === JSON.stringify(all[i]));
  return kept ? all.slice(own.length) : null;
}

/** Grades a break level's run: `faults` are the learner's (learnerFaults), the run has the level's own as well. */
export function gradeBreak(level: BreakLevel, faults: readonly InputFault[], run: RunOutcome): BreakGrade {
  const score = breakScore(faults);
  const over = overBudget(level.rules, faults);
  const goalMet = goalHolds(level.goal, run);
  const solved = goalMet && over.length === 0;
  return {
    score,
    overBudget: over,
    goalMet,
    solved,
    par: solved && level.rules.par ? parVerdict(score, level.rules.par) : null,
  };
}

/** Whether a score beats another: fewer faults, then less pause time. */
export function betterScore(a: BreakScore, b: BreakScore): boolean {
  return a.faults < b.faults || (a.faults === b.faults && a.pauseMs < b.pauseMs);
}
