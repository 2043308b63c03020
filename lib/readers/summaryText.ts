/**
 * The outcome in plain words: the verdict with the one sentence that justifies it, and the key
 * counts of the summary as short sentences a learner can read aloud.
 */
import type { Summary, Violation } from "@/lib/sim/checker";
import type { ResolvedScenario } from "@/lib/sim/scenario";
import { formatDuration, groupDigits, seconds } from "@/lib/sim/format";

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** Duplicate effects by workload: a cron run done twice, or a counter job whose write was applied twice. */
const duplicates = (n: number, scenario: ResolvedScenario) =>
  scenario.workload.kind === "cron" ? `${plural(n, "run")} done twice` : `${plural(n, "job")} applied twice`;

export type VerdictWord = "Safe" | "Unsafe" | "Incomplete" | "Undecided";

export interface Verdict {
  word: VerdictWord;
  sentence: string;
}

/** "incomplete: stopped at the event limit at 183.2 s", for a run cut short; null for a whole one. */
export function incompleteText(summary: Summary): string | null {
  return summary.incomplete
    ? `incomplete: stopped at the event limit at ${(summary.incomplete.atMs / 1000).toFixed(1)} s`
    : null;
}

/**
 * The verdict in a word and a sentence. Damage seen in part of a run is damage, so a truncated
 * unsafe run is Unsafe; a truncated run with no damage seen is Incomplete, never Safe; a whole run
 * with a stale write still on its way is Undecided.
 */
export function verdictOf(summary: Summary, scenario: ResolvedScenario): Verdict {
  const incomplete = incompleteText(summary);
  if (summary.verdict === "unsafe") {
    const damage = [
      summary.lostUpdates ? `${plural(summary.lostUpdates, "update")} lost` : null,
      summary.duplicateEffects ? duplicates(summary.duplicateEffects, scenario) : null,
    ].filter(Boolean);
    const sentence = `The data was damaged: ${damage.join(" and ")}.`;
    return {
      word: "Unsafe",
      sentence: incomplete ? `${sentence} The run is ${incomplete}; it may hold more.` : sentence,
    };
  }
  if (incomplete) {
    return {
      word: "Incomplete",
      sentence: `The run is ${incomplete}: no data was damaged up to then, and what came after is unknown.`,
    };
  }
  if (summary.verdict === "undecided") {
    const writes =
      summary.staleWritesPending === 1
        ? "a stale write was"
        : `${groupDigits(summary.staleWritesPending)} stale writes were`;
    return {
      word: "Undecided",
      sentence: `No data was damaged yet, but ${writes} still on the way when the run ended: the verdict may change if the run were longer.`,
    };
  }
  if (summary.overlapMs > 0) {
    const how =
      scenario.storage.guard === "none"
        ? "no write happened to collide"
        : `the storage guard (${scenario.storage.guard}) kept the data right`;
    return {
      word: "Safe",
      sentence: `No data was damaged, although two clients believed they held the lock at once: ${how}.`,
    };
  }
  if (summary.concurrentSectionsMs > 0) {
    return {
      word: "Safe",
      sentence:
        "No data was damaged, and at most one client believed it held the lock at any moment, although two clients were working on the data at once.",
    };
  }
  return {
    word: "Safe",
    sentence: "No data was damaged, and at most one client believed it held the lock at any moment.",
  };
}

/**
 * The heading of the box that points to a run's first violation. Under a verdict of Safe the data
 * was not damaged, so the violation is named for what it was (beliefs that overlapped, a token that
 * went backwards) and told as a warning, not as "First violation" in the colours of damage.
 */
export function firstViolationHeading(
  violation: Pick<Violation, "kind" | "t">,
  verdict: Verdict,
): { text: string; damage: boolean } {
  const at = seconds(violation.t);
  if (verdict.word !== "Safe") return { text: `First violation, at ${at}`, damage: true };
  const what =
    violation.kind === "token-regression"
      ? "A fencing token went backwards"
      : "More than one client believed it held the lock";
  return { text: `${what}, at ${at}: the data was not damaged`, damage: false };
}

/** The summary's key counts, each a short sentence. */
/**
 * The grants' tokens: each one while there are few ("1, 2, 3"), else their range, since a long
 * list ("0, 0, 0, …", one per grant of many per-key locks) says nothing.
 */
function tokensText(tokens: readonly number[]): string {
  if (tokens.length === 0) return ", with no fencing token";
  if (tokens.length <= 8) return ` with tokens ${tokens.join(", ")}`;
  const low = Math.min(...tokens);
  const high = Math.max(...tokens);
  return low === high
    ? `, every one with token ${groupDigits(low)}`
    : ` with tokens from ${groupDigits(low)} to ${groupDigits(high)}`;
}

export function keyCounts(summary: Summary, scenario: ResolvedScenario): string[] {
  const lines: string[] = [];
  if (scenario.workload.kind === "cron") {
    lines.push(
      summary.duplicateEffects
        ? `${plural(summary.duplicateEffects, "run")} happened twice.`
        : "No run happened twice.",
    );
    lines.push(summary.missedRuns ? `${plural(summary.missedRuns, "run")} never happened.` : "No run was missed.");
  } else {
    const applied = summary.counter + summary.lostUpdates;
    lines.push(
      summary.lostUpdates
        ? `The counter ends at ${groupDigits(summary.counter)} after ${plural(applied, "increment")}: ${plural(summary.lostUpdates, "update")} lost.`
        : `The counter ends at ${groupDigits(summary.counter)}: no update lost.`,
    );
    // A job whose reply was lost and that retried can increment the counter twice (a duplicate effect).
    if (summary.duplicateEffects)
      lines.push(`${plural(summary.duplicateEffects, "job")} incremented the counter twice.`);
  }
  lines.push(
    summary.overlapMs > 0
      ? `Up to ${summary.maxConcurrentHolders} clients believed they held the lock at once, for ${formatDuration(summary.overlapMs)} in all.`
      : "At most one client believed it held the lock at any moment.",
  );
  // Concurrent work counts whatever the clients believed: work that carried on after a lease ended included.
  if (summary.concurrentSectionsMs > 0)
    lines.push(
      `Clients worked on the data at once (from taking the lock to finishing the write) for ${formatDuration(summary.concurrentSectionsMs)} in all.`,
    );
  if (summary.writesPending) {
    const stale = summary.staleWritesPending
      ? `, ${groupDigits(summary.staleWritesPending)} of them after the writer's lease had ended`
      : "";
    lines.push(`${plural(summary.writesPending, "write")} still to come when the run ended${stale}.`);
  }
  lines.push(
    `Storage accepted ${plural(summary.writesAccepted, "write")} and rejected ${groupDigits(summary.writesRejected)}.`,
  );
  const stale = summary.staleWritesAccepted + summary.staleWritesRejected;
  if (stale)
    lines.push(
      `${plural(stale, "write")} came after the writer's lease had ended: ${groupDigits(summary.staleWritesAccepted)} accepted, ${groupDigits(summary.staleWritesRejected)} rejected.`,
    );
  if (summary.grants) {
    lines.push(
      `The lock service granted the lock ${summary.grants === 1 ? "once" : `${groupDigits(summary.grants)} times`}${tokensText(summary.tokens)}.`,
    );
  }
  lines.push(
    `${plural(summary.jobsDone, "job")} done${summary.jobsAborted ? `; ${plural(summary.jobsAborted, "attempt")} abandoned and retried` : ""}.`,
  );
  if (summary.timeouts) lines.push(`${plural(summary.timeouts, "request")} timed out.`);
  return lines;
}
