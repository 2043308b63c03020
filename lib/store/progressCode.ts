/** Pure transitions of the learner's code levels: a level passed, and the best par score kept. */
import type { CodeLevelProgress, Progress } from "./progressSchema";

/** A pass as Submit grades it (lib/challenges/codeCheck.ts): the code's fingerprint and its par score. */
export interface CodePass {
  fingerprint: string;
  best: CodeLevelProgress["best"];
}

/** Whether `a` beats `b`: par met beats par missed, then the lower value (fewer calls, sooner finish). */
const beats = (a: CodePass["best"], b: CodePass["best"]) => (a.met !== b.met ? a.met : a.value < b.value);

/** Records a pass: the first keeps its date; the best score (and the code that made it) is kept. */
export function codeLevelPassed(progress: Progress, slug: string, pass: CodePass, now: Date): Progress {
  const previous = progress.code[slug];
  if (previous && !beats(pass.best, previous.best)) return progress;
  const entry: CodeLevelProgress = {
    solvedAt: previous?.solvedAt ?? now.toISOString(),
    fingerprint: pass.fingerprint,
    best: pass.best,
  };
  return { ...progress, code: { ...progress.code, [slug]: entry } };
}
