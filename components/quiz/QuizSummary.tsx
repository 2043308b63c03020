"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import type { QuizSetProgress } from "@/lib/store/progressSchema";
import { LOW_SCORE, questionList, type LessonToRevisit } from "./lessonsToRevisit";
import { MistakeList, type Mistake } from "./MistakeList";

interface Props {
  correct: number;
  total: number;
  best: QuizSetProgress["best"];
  attempts: number;
  mistakes: Mistake[];
  /** The lessons behind the missed questions, after a low score; empty otherwise. */
  revisit: LessonToRevisit[];
  onRestart: () => void;
  focusOnMount: boolean;
}

/** The end of a set: the score, the best so far, the lessons to read again after a low score, and the learner's mistakes on request. */
export function QuizSummary({ correct, total, best, attempts, mistakes, revisit, onRestart, focusOnMount }: Props) {
  const [showMistakes, setShowMistakes] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mistakesRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (showMistakes) mistakesRef.current?.focus();
  }, [showMistakes]);

  const percent = Math.round((correct / total) * 100);
  return (
    <>
      <section aria-labelledby="score-heading" className="rounded-xl border border-line bg-surface p-6 sm:p-8">
        <h2 id="score-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
          Your score
        </h2>
        <p className="mt-3 text-5xl font-bold tabular-nums">
          {correct} <span className="text-2xl font-semibold text-ink-muted">of {total} correct</span>
        </p>
        <p className="mt-2 text-ink-muted">
          {percent}%{best && attempts > 1 ? ` · best so far ${best.correct} of ${best.total}` : ""}
          {attempts > 1 ? ` · ${attempts} attempts` : ""}
        </p>
        {revisit.length > 0 && (
          <section aria-labelledby="revisit-heading" className="mt-6 rounded-lg border border-line bg-page p-4 sm:p-5">
            <h3 id="revisit-heading" className="text-lg font-bold">
              Read these lessons again
            </h3>
            <p className="mt-1 text-ink-muted">
              Under {Math.round(LOW_SCORE * 100)}% right: the questions you missed are taught here.
            </p>
            <ul className="mt-3 space-y-2">
              {revisit.map(({ lesson, questions }) => (
                <li key={lesson.slug}>
                  <Link
                    href={`/learn/${lesson.slug}/`}
                    className="font-semibold text-link underline underline-offset-2"
                  >
                    Lesson {lesson.number}: {lesson.title}
                  </Link>{" "}
                  <span className="text-ink-muted">· covers {questionList(questions)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {mistakes.length > 0 ? (
            <button
              type="button"
              className={primaryButton}
              aria-expanded={showMistakes}
              aria-controls="mistakes"
              onClick={() => setShowMistakes((shown) => !shown)}
            >
              {showMistakes ? "Hide my mistakes" : "Review my mistakes"}
            </button>
          ) : (
            <p className="self-center font-semibold text-safe-ink">No mistakes: every answer was right.</p>
          )}
          <button type="button" className={secondaryButton} onClick={onRestart}>
            Try the set again
          </button>
          <Link href="/quiz/" className={secondaryButton}>
            All quizzes
          </Link>
        </div>
      </section>
      <div id="mistakes">{showMistakes && <MistakeList mistakes={mistakes} headingRef={mistakesRef} />}</div>
    </>
  );
}
