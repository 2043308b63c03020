/**
 * The failure finder in words: its budget as a sentence, and why a search stopped (each fault's
 * explanation comes from lib/explore).
 */
import type { FinderBudget } from "@/lib/explore";
import { formatDuration } from "@/lib/sim/format";
import { groupDigits } from "@/lib/sim/format";

/** Why a search that found nothing stopped; "time-limit" is the page's own limit (the worker's clock). */
export type FinderStop = "exhausted" | "max-runs" | "cancelled" | "time-limit";

const count = (n: number, one: string, many: string) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** "Up to 2 pauses of at most 30 s, one clock jump of up to 30 s either way, …; at most 5,000 schedules or 1 min." */
export function budgetInWords(budget: FinderBudget, timeLimitMs: number): string {
  const parts: string[] = [];
  if (budget.maxPauses > 0)
    parts.push(
      `up to ${count(budget.maxPauses, "pause", "pauses")} of a client of at most ${formatDuration(budget.maxPauseMs)}`,
    );
  if (budget.maxClockJumpMs > 0)
    parts.push(`one clock jump of up to ${formatDuration(budget.maxClockJumpMs)} either way`);
  if (budget.maxDelayMs > 0) parts.push(`one write to storage delayed by up to ${formatDuration(budget.maxDelayMs)}`);
  const faults = parts.length ? `adds ${parts.join(", ")}` : "adds no fault (it only runs the scenario as it is)";
  return `The search ${faults}, at the moments that matter (grants, reads, writes, renewals), two faults at most; it tries at most ${count(budget.maxRuns, "schedule", "schedules")} and stops after ${formatDuration(timeLimitMs)}.`;
}

/** Why nothing was found, with the number of schedules tried. */
export function stoppedInWords(stop: FinderStop, tried: number, timeLimitMs: number): string {
  const ran = count(tried, "schedule", "schedules");
  switch (stop) {
    case "exhausted":
      return `No failure: all ${ran} within the budget ran safely.`;
    case "max-runs":
      return `No failure in ${ran}: the search reached its limit of schedules before trying everything the budget allows.`;
    case "time-limit":
      return `No failure in ${ran}: the search reached its time limit of ${formatDuration(timeLimitMs)} before trying everything the budget allows.`;
    case "cancelled":
      return `Cancelled after ${ran}, with no failure found so far.`;
  }
}
