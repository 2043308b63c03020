"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import type { QuizSetProgress } from "@/lib/store/progressSchema";
import { MistakeList, type Mistake } from "./MistakeList";

interface Props {
  correct: number;
  total: number;
  best: QuizSetProgress["best"];
  attempts: number;
  mistakes: Mistake[];
  onRestart: () => void;
  focusOnMount: boolean;
}

/** The end of a set: the score, the best so far, and the learner's mistakes on request. */
export function QuizSummary({ correct, total, best, attempts, mistakes, onRestart, focusOnMount }: Props) {
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
