/**
 * Switching a scenario to a stream of jobs (moving Traffic or Keys, or choosing the stream
 * workload) also gives it the traffic preset's workers (see withStream): the notice the lab shows
 * says which of the other controls that changed, so the switch is never silent.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { changesBetween, changeText } from "@/lib/scenario/editSummary";

/** Controls the switch changes that the learner did not touch. */
const sideEffects = new Set(["Clients", "Work time"]);

export function streamSwitchNotes(before: Scenario, after: Scenario): string[] {
  if (before.workload?.kind === "stream" || after.workload?.kind !== "stream") return [];
  const changed = changesBetween(before, after).filter((c) => sideEffects.has(c.what));
  if (!changed.length) return [];
  return [
    `The workload is now a stream of jobs, run by the traffic preset's workers: ${changed.map(changeText).join(", ")}.`,
  ];
}
