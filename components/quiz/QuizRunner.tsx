"use client";

import { useState } from "react";
import { useProgress } from "@/components/progress/useProgress";
import { useVisitRecord } from "@/components/progress/useVisitRecord";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import type { QuizSet } from "@/lib/content/types";
import {
  selectAnswerQuestion,
  selectHydrated,
  selectNumberKeys,
  selectQuizSet,
  selectRestartQuiz,
} from "@/lib/store/progressSelectors";
import { NumberKeysToggle } from "./NumberKeysToggle";
import { QuestionCard } from "./QuestionCard";
import { isLowScore, lessonsToRevisit } from "./lessonsToRevisit";
import { QuizSummary } from "./QuizSummary";

/**
 * Runs a quiz set one question at a time. The run lives in the progress store, so a reload (or a
 * visit next week) resumes at the first unanswered question; the summary follows the last one.
 */
export function QuizRunner({ set, lessons }: { set: QuizSet; lessons: LessonSummary[] }) {
  const hydrated = useProgress(selectHydrated);
  const progress = useProgress(selectQuizSet(set.slug));
  const numberKeys = useProgress(selectNumberKeys);
  const answerQuestion = useProgress(selectAnswerQuestion);
  const restartQuiz = useProgress(selectRestartQuiz);
  // The question whose explanation is showing, and whether the learner has moved on from one
  // (only then does focus follow the next question: never on page load).
  const [showing, setShowing] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);

  useVisitRecord("quiz", set.slug);

  if (!hydrated) {
    // As tall as the shortest question card (about 37rem at 1280 px, 50rem on a phone), so the
    // question arriving does not push the footer out of the first screen (a layout shift).
    return <p className="min-h-[36rem] text-ink-muted">Loading your progress…</p>;
  }

  const total = set.questions.length;
  const { answers } = progress;
  const answered = set.questions.filter((q) => answers[q.id]).length;
  const shown = set.questions.find((q) => q.id === showing);
  const next = set.questions.find((q) => !answers[q.id]);
  const questionIds = set.questions.map((q) => q.id);

  function moveOn() {
    setShowing(null);
    setMoved(true);
  }

  let body;
  if (shown) {
    body = (
      <QuestionCard
        key={shown.id}
        question={shown}
        position={`Question ${set.questions.indexOf(shown) + 1} of ${total}`}
        answer={answers[shown.id] ?? null}
        numberKeys={numberKeys}
        onSubmit={() => {}}
        onNext={moveOn}
        nextLabel={next ? "Next question" : "See your score"}
        focusOnMount={false}
      />
    );
  } else if (next) {
    body = (
      <QuestionCard
        key={next.id}
        question={next}
        position={`Question ${set.questions.indexOf(next) + 1} of ${total}`}
        answer={null}
        numberKeys={numberKeys}
        onSubmit={(chosen, correct) => {
          answerQuestion({ setSlug: set.slug, questionIds, questionId: next.id, chosen, correct });
          setShowing(next.id);
        }}
        onNext={moveOn}
        nextLabel="Next question"
        focusOnMount={moved}
      />
    );
  } else {
    const mistakes = set.questions.flatMap((q) => {
      const answer = answers[q.id];
      return answer && !answer.correct ? [{ question: q, chosen: answer.chosen }] : [];
    });
    const correct = total - mistakes.length;
    const revisit = isLowScore(correct, total)
      ? lessonsToRevisit(set.questions, new Set(mistakes.map((m) => m.question.id)), lessons)
      : [];
    body = (
      <QuizSummary
        correct={correct}
        total={total}
        best={progress.best}
        attempts={progress.attempts}
        mistakes={mistakes}
        revisit={revisit}
        onRestart={() => {
          restartQuiz(set.slug);
          setMoved(true);
        }}
        focusOnMount={moved}
      />
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <div
            aria-hidden="true"
            className="h-2 max-w-64 flex-1 overflow-hidden rounded-full bg-surface ring-1 ring-line"
          >
            <div className="h-full rounded-full bg-ink" style={{ width: `${(answered / total) * 100}%` }} />
          </div>
          <p className="text-sm text-ink-muted tabular-nums">
            {answered} of {total} answered
          </p>
        </div>
        <NumberKeysToggle />
      </div>
      {body}
    </>
  );
}
