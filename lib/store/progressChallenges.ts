/** Pure transitions of the learner's challenge progress: a level won, and the best score kept. */
import type { ChallengeProgress, Progress } from "./progressSchema";

export type ChallengeScore = ChallengeProgress["best"];

/** Whether `a` beats `b`: fewer faults then less pause time, or fewer changes. */
function beats(a: ChallengeScore, b: ChallengeScore): boolean {
  if ("changes" in a && "changes" in b) return a.changes < b.changes;
  if ("faults" in a && "faults" in b) return a.faults < b.faults || (a.faults === b.faults && a.pauseMs < b.pauseMs);
  return true;
}

/** Records a win: the first keeps its date; the best score is kept. */
export function challengeSolved(progress: Progress, slug: string, score: ChallengeScore, now: Date): Progress {
  const previous = progress.challenges[slug];
  const entry: ChallengeProgress = previous
    ? { solvedAt: previous.solvedAt, best: beats(score, previous.best) ? score : previous.best }
    : { solvedAt: now.toISOString(), best: score };
  if (previous && entry.best === previous.best) return progress;
  return { ...progress, challenges: { ...progress.challenges, [slug]: entry } };
}
