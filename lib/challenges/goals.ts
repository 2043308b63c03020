/**
 * A level's goal: a small declarative vocabulary of predicates on a run's result, all of which
 * must hold. Each reads what the checker established: a count of the summary, or the run's facts
 * (lib/sim/facts.ts); none reads the English text of a violation. Pure: no React, no DOM.
 */
import type { Summary, Violation } from "@/lib/sim/checker";
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
/** A stale write accepted while another client's write under a grant of its own was accepted too. */
const twoGrants = (stale: WriteFact, writes: readonly WriteFact[]) =>
  staleAccepted(stale) &&
  writes.some((w) => w.accepted && w.client !== stale.client && w.grant !== null && w.grant !== stale.grant);

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
      return facts.writes.some((stale) => twoGrants(stale, facts.writes));
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

/**
 * Where a run shows an atom: the violation the checker recorded for it, or the write fact that
 * makes it hold, at its true time. Atoms that say nothing went wrong have none.
 */
export type GoalMoment = { t: number; violation: Violation } | { t: number; write: WriteFact };

/** What a goal's moments are read from: the run's facts and the checker's violations, in time order. */
export interface RunRecord extends RunOutcome {
  violations: readonly Violation[];
}

/** The first moment of the run at which the atom holds, or null for an atom that has none. */
export function atomMoment(atom: GoalAtom, { facts, violations }: RunRecord): GoalMoment | null {
  const violation = (...kinds: Violation["kind"][]): GoalMoment | null => {
    const v = violations.find((v) => kinds.includes(v.kind));
    return v ? { t: v.t, violation: v } : null;
  };
  const write = (test: (w: WriteFact) => boolean): GoalMoment | null => {
    const w = facts.writes.find(test);
    return w ? { t: w.t, write: w } : null;
  };
  if (typeof atom === "object") return null;
  switch (atom) {
    case "lost-update":
      return violation("lost-update");
    case "duplicate-effect":
      return violation("duplicate-effect");
    case "two-holders":
      return violation("overlap");
    case "unsafe":
      return violation("lost-update", "duplicate-effect");
    case "stale-write-accepted":
      return write(staleAccepted);
    case "two-grants-accepted": {
      // The stale write is the damage, but the atom holds only once the other client's write under
      // its own grant has been accepted too, which may come before or after it.
      const stale = facts.writes.find((w) => twoGrants(w, facts.writes));
      if (!stale) return null;
      const other = facts.writes.find(
        (w) => w.accepted && w.client !== stale.client && w.grant !== null && w.grant !== stale.grant,
      )!;
      return { t: Math.max(stale.t, other.t), write: stale };
    }
    case "stale-write-rejected":
      return write((w) => !w.accepted && w.stale !== null);
    case "safe":
    case "one-holder":
    case "no-missed-runs":
      return null;
  }
}

/**
 * The moment a met goal came to hold: the latest of its atoms' first moments, so that everything
 * the goal asks for has happened by then. Null when no atom has a moment.
 */
export function goalMoment(goal: Goal, run: RunRecord): GoalMoment | null {
  let latest: GoalMoment | null = null;
  for (const atom of goal) {
    const moment = atomMoment(atom, run);
    if (moment && (!latest || moment.t > latest.t)) latest = moment;
  }
  return latest;
}
