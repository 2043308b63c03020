import type { LessonSummary } from "@/lib/content/lessonTypes";
import type { QuizQuestion } from "@/lib/content/types";

/** Below this share of right answers a set's result points back to the lessons behind the misses. */
export const LOW_SCORE = 0.7;

export const isLowScore = (correct: number, total: number) => total > 0 && correct / total < LOW_SCORE;

export interface LessonToRevisit {
  lesson: LessonSummary;
  /** 1-based positions in the set of the missed questions this lesson teaches. */
  questions: number[];
}

/** Each lesson behind a missed question once, in course order, with the missed questions it covers. */
export function lessonsToRevisit(
  questions: readonly QuizQuestion[],
  missedIds: ReadonlySet<string>,
  lessons: readonly LessonSummary[],
): LessonToRevisit[] {
  const bySlug = new Map<string, number[]>();
  questions.forEach((question, index) => {
    if (!missedIds.has(question.id) || question.lesson === null) return;
    bySlug.set(question.lesson, [...(bySlug.get(question.lesson) ?? []), index + 1]);
  });
  return lessons
    .filter((lesson) => bySlug.has(lesson.slug))
    .map((lesson) => ({ lesson, questions: bySlug.get(lesson.slug)! }));
}

/** "question 2", "questions 2 and 5", "questions 1, 3 and 4". */
export function questionList(numbers: readonly number[]): string {
  if (numbers.length === 1) return `question ${numbers[0]}`;
  return `questions ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}
