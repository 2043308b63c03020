/**
 * Predict mode's questions, generated from a run: the learner answers before the run is revealed,
 * then sees the answer against the simulation. Each question has a moment: the timeline is shown
 * only up to it while the learner predicts. The answer and its explanation come from the same
 * result the timeline and the story read, so they cannot disagree.
 */
import type { SimEvent } from "@/lib/sim/events";
import type { WriteFact } from "@/lib/sim/facts";
import { seconds } from "@/lib/sim/format";
import type { SimResult } from "@/lib/sim/simulate";
import type { StoryLine } from "./story";

export interface QuestionOption {
  id: string;
  label: string;
}

export interface Question {
  /** Stable for a scenario: with the scenario's code it keys the learner's saved answer. */
  id: string;
  prompt: string;
  options: QuestionOption[];
  /** The id of the right option. */
  answer: string;
  /** Why, in the run's own words. */
  explanation: string;
  /** True time in ms: the timeline is shown up to here while the learner predicts. */
  momentT: number;
}

const yesNo: QuestionOption[] = [
  { id: "yes", label: "Yes" },
  { id: "no", label: "No" },
];

const FAULT_KINDS = new Set<SimEvent["kind"]>([
  "pause-start",
  "crash",
  "clock-jump",
  "partition-start",
  "isolate-start",
  "outage-start",
  "failover",
]);

/** Where a whole-run question stops the timeline: at the first fault, else once the first holder has the lock. */
function setupMoment(result: SimResult): number {
  const fault = result.events.find((e) => FAULT_KINDS.has(e.kind));
  if (fault) return fault.t;
  const first = result.events.find((e) => e.kind === "belief-start");
  return first ? first.t : 0;
}

function lineAt(story: readonly StoryLine[], seq: number): string | null {
  return story.find((line) => line.seq === seq)?.text ?? null;
}

/** The first write made by a client whose lease had already ended: the course's central moment. */
function firstStaleWrite(result: SimResult): WriteFact | null {
  return result.facts.writes.find((w) => w.stale !== null) ?? null;
}

/** When the writer sent the write, so the question stops the timeline before storage answers. */
function sendMoment(result: SimResult, write: WriteFact): number {
  let sent = write.t;
  for (const e of result.events) {
    if (e.t > write.t) break;
    if (e.kind === "send" && e.from === write.client && e.to === "storage" && e.msg === "write") sent = e.t;
  }
  return Math.min(sent, write.t - 0.001);
}

/** The questions a run can answer, best first. */
export function questionsFor(result: SimResult, story: readonly StoryLine[]): Question[] {
  const questions: Question[] = [];
  const { summary } = result;
  const stale = firstStaleWrite(result);
  if (stale) {
    const who = stale.run === null ? `${stale.client}'s write` : `${stale.client}'s run ${stale.run}`;
    const token = stale.token === null ? "" : ` (token ${stale.token})`;
    questions.push({
      id: `write-${stale.client}-${Math.round(stale.t)}`,
      prompt: `Will storage accept ${who}${token} at ${seconds(stale.t)}?`,
      options: [
        { id: "accept", label: "Storage accepts it" },
        { id: "reject", label: "Storage rejects it" },
      ],
      answer: stale.accepted ? "accept" : "reject",
      explanation: lineAt(story, stale.seq) ?? `Storage ${stale.accepted ? "accepted" : "rejected"} it.`,
      momentT: sendMoment(result, stale),
    });
  }
  const isCron = result.scenario.workload.kind === "cron";
  if (!isCron) {
    const lost = result.violations.find((v) => v.kind === "lost-update");
    questions.push({
      id: "lost-update",
      prompt: "Will any update be lost?",
      options: yesNo,
      answer: summary.lostUpdates > 0 ? "yes" : "no",
      explanation: lost
        ? `${lost.text} In all, ${summary.lostUpdates} ${summary.lostUpdates === 1 ? "update was" : "updates were"} lost.`
        : `No. The counter ends at ${summary.counter}, one for every write storage applied.`,
      momentT: setupMoment(result),
    });
  } else {
    const twice = result.violations.find((v) => v.kind === "duplicate-effect");
    questions.push({
      id: "duplicate-effect",
      prompt: "Will any scheduled run happen twice?",
      options: yesNo,
      answer: summary.duplicateEffects > 0 ? "yes" : "no",
      explanation: twice
        ? twice.text
        : `No. Every run happened at most once${summary.missedRuns ? `, and ${summary.missedRuns} did not happen at all` : ""}.`,
      momentT: setupMoment(result),
    });
  }
  const overlap = result.violations.find((v) => v.kind === "overlap");
  questions.push({
    id: "overlap",
    prompt: "Will two clients ever believe they hold the lock at the same time?",
    options: yesNo,
    answer: overlap ? "yes" : "no",
    explanation: overlap ? overlap.text : "No. At every instant at most one client believed it held the lock.",
    momentT: setupMoment(result),
  });
  return questions;
}
