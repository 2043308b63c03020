import type { QuizQuestion } from "@/lib/content/types";

/** Right when the chosen options are exactly the correct ones (one for most questions, all of them when `multiple`). */
export function answerIsCorrect(question: QuizQuestion, chosen: readonly number[]): boolean {
  const picked = new Set(chosen);
  return question.options.every((option, index) => option.correct === picked.has(index));
}
