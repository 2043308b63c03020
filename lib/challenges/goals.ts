/**
 * A level's goal: a small declarative vocabulary of predicates on a run's result, all of which
 * must hold. Each reads what the checker established: a count of the summary, or the run's facts
 * (lib/sim/facts.ts); none reads the English text of a violation. Pure: no React, no DOM.
 */
import type { Summary } from "@/lib/sim/checker";
import type { RunFacts, WriteFact } from "@/lib/sim/facts";

/** The goals a level can name. */
export type GoalAtom =
  /** Storage lost an increment: `lostUpdates` ≥ 1. */
  | "lost-update"
  /** A cron run took effect twice: `duplicateEffects` ≥ 1. */
  | "duplicate-effect"
  /** Two clients believed they held the lock at once: `maxConcurrentHolders` ≥ 2. */
  | "two-holders"
  /** Storage accepted a write whose grant had already ended (a write fact, accepted and stale). */
  | "stale-write-accepted"
  /**
   * Two clients' writes were accepted under different grants, one of them after its grant had
   * ended: split brain, as storage saw it.
   */
  | "two-grants-accepted"
  /** Storage refused a write whose grant had ended (the guard worked). */
  | "stale-write-rejected"
  /** The checker's verdict: no lost update, no duplicate effect. */
  | "safe"
  | "unsafe"
  /** At most one client believed it held the lock at any moment. */
  | "one-holder"
  /** Cron: no scheduled run was skipped: `missedRuns` = 0. */
  | "no-missed-runs"
  /** At least this many jobs finished: `jobsDone` ≥ n. */
  | { "jobs-done": number };

export type Goal = readonly GoalAtom[];

export const GOAL_WORDS = [
  "lost-update",
  "duplicate-effect",
  "two-holders",
  "stale-write-accepted",
  "two-grants-accepted",
  "stale-write-rejected",
  "safe",
  "unsafe",
  "one-holder",
  "no-missed-runs",
] as const;

/** What a goal reads from a run. */
export interface RunOutcome {
  summary: Summary;
  facts: RunFacts;
}

const staleAccepted = (w: WriteFact) => w.accepted && w.stale !== null;

export function atomHolds(atom: GoalAtom, { summary: s, facts }: RunOutcome): boolean {
  if (typeof atom === "object") return s.jobsDone >= atom["jobs-done"];
  switch (atom) {
    case "lost-update":
      return s.lostUpdates >= 1;
    case "duplicate-effect":
      return s.duplicateEffects >= 1;
    case "two-holders":
      return s.maxConcurrentHolders >= 2;
    case "stale-write-accepted":
      return facts.writes.some(staleAccepted);
    case "two-grants-accepted":
      return facts.writes.some(
        (stale) => staleAccepted(stale) && facts.writes.some((w) => w.accepted && w.client !== stale.client && w.grant !== null && w.grant !== stale.grant),
      );
    case "stale-write-rejected":
      return facts.writes.some((w) => !w.accepted && w.stale !== null);
    case "safe":
      return s.verdict === "safe";
    case "unsafe":
      return s.verdict === "unsafe";
    case "one-holder":
      return s.maxConcurrentHolders <= 1;
    case "no-missed-runs":
      return s.missedRuns === 0;
  }
}

/** Whether every atom of the goal holds in the run. */
export function goalHolds(goal: Goal, run: RunOutcome): boolean {
  return goal.every((atom) => atomHolds(atom, run));
}

/** Each atom with whether it holds, for a checklist the learner reads. */
export function goalChecklist(goal: Goal, run: RunOutcome): { atom: GoalAtom; holds: boolean }[] {
  return goal.map((atom) => ({ atom, holds: atomHolds(atom, run) }));
}
