/**
 * The failure finder's budget as the learner edits it: whole seconds for lengths (the finder's
 * ladders are whole seconds), a count of schedules and a time limit, with the limits named.
 */
import { DEFAULT_BUDGET, type FinderBudget } from "@/lib/explore";
import { groupDigits } from "@/lib/sim/format";

export interface BudgetFields {
  maxPauses: string;
  maxPauseS: string;
  maxClockJumpS: string;
  maxDelayS: string;
  maxRuns: string;
  timeLimitS: string;
}

export const DEFAULT_TIME_LIMIT_MS = 60_000;

export const BUDGET_LIMITS = { lengthS: 600, runs: 50_000, timeLimitS: 600 } as const;

export function budgetFields(budget: FinderBudget = DEFAULT_BUDGET, timeLimitMs = DEFAULT_TIME_LIMIT_MS): BudgetFields {
  return {
    maxPauses: String(budget.maxPauses),
    maxPauseS: String(budget.maxPauseMs / 1000),
    maxClockJumpS: String(budget.maxClockJumpMs / 1000),
    maxDelayS: String(budget.maxDelayMs / 1000),
    maxRuns: String(budget.maxRuns),
    timeLimitS: String(timeLimitMs / 1000),
  };
}

/** The budget and time limit the fields say, or what is wrong with them (one sentence each). */
export function parseBudget(
  fields: BudgetFields,
): { ok: true; budget: FinderBudget; timeLimitMs: number } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const whole = (text: string, label: string, min: number, max: number): number => {
    const n = text.trim() === "" ? Number.NaN : Number(text);
    if (!Number.isInteger(n) || n < min || n > max)
      problems.push(`${label} must be a whole number from ${groupDigits(min)} to ${groupDigits(max)}.`);
    return n;
  };
  const pauses = whole(fields.maxPauses, "Pauses", 0, 2);
  const pauseS = whole(fields.maxPauseS, "The longest pause (s)", 1, BUDGET_LIMITS.lengthS);
  const jumpS = whole(fields.maxClockJumpS, "The largest clock jump (s)", 0, BUDGET_LIMITS.lengthS);
  const delayS = whole(fields.maxDelayS, "The longest delayed write (s)", 0, BUDGET_LIMITS.lengthS);
  const runs = whole(fields.maxRuns, "Schedules to try", 1, BUDGET_LIMITS.runs);
  const limitS = whole(fields.timeLimitS, "The time limit (s)", 1, BUDGET_LIMITS.timeLimitS);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    budget: {
      maxPauses: pauses as 0 | 1 | 2,
      maxPauseMs: pauseS * 1000,
      maxClockJumpMs: jumpS * 1000,
      maxDelayMs: delayS * 1000,
      maxRuns: runs,
    },
    timeLimitMs: limitS * 1000,
  };
}
