"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { primaryButton } from "@/components/ui/button";
import type { QuizQuestion } from "@/lib/content/types";
import { answerIsCorrect } from "./answerGrade";
import { AnswerReview } from "./AnswerReview";
import { ResultIcon } from "./ResultIcon";
import { useNumberKeys } from "./useNumberKeys";

export interface QuestionCardProps {
  question: QuizQuestion;
  /** Where this question stands, e.g. "Question 3 of 10". */
  position: string;
  /** The submitted answer; null while the learner is still choosing. */
  answer: { chosen: number[]; correct: boolean } | null;
  numberKeys: boolean;
  onSubmit: (chosen: number[], correct: boolean) => void;
  onNext: () => void;
  nextLabel: string;
  /** Move focus to the question when it appears (after "Next", not on page load). */
  focusOnMount: boolean;
}

/**
 * One question: choose an option (click, arrow keys, or 1–9), check it, then read why the chosen
 * and the correct options are right or wrong. Mount it with a `key` per question.
 */
export function QuestionCard({
  question,
  position,
  answer,
  numberKeys,
  onSubmit,
  onNext,
  nextLabel,
  focusOnMount,
}: QuestionCardProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const headingId = useId();
  const errorId = useId();
  const count = question.options.length;

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (answer) resultRef.current?.focus();
  }, [answer]);

  function pick(index: number) {
    setError(false);
    setChosen((current) =>
      question.multiple
        ? current.includes(index)
          ? current.filter((i) => i !== index)
          : [...current, index].sort()
        : [index],
    );
  }

  useNumberKeys(numberKeys && !answer, count, (index) => {
    pick(index);
    inputs.current[index]?.focus();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(true);
      inputs.current[0]?.focus();
      return;
    }
    onSubmit(chosen, answerIsCorrect(question, chosen));
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-line bg-page p-5 sm:p-7">
      <p className="text-sm font-semibold text-ink-muted">{position}</p>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-2 text-xl font-bold tracking-tight text-balance sm:text-2xl"
      >
        <ContentHtml inline html={question.titleHtml} />
      </h2>
      {question.contextHtml && <ContentHtml html={question.contextHtml} className="mt-3 text-ink-muted" />}

      {answer ? (
        <div className="mt-6">
          <h3
            ref={resultRef}
            tabIndex={-1}
            className={`mb-4 flex items-center gap-2 text-lg font-bold ${answer.correct ? "text-safe-ink" : "text-danger-ink"}`}
          >
            <ResultIcon correct={answer.correct} className="size-6" />
            {answer.correct ? "Correct" : "Not quite"}
          </h3>
          <AnswerReview question={question} chosen={answer.chosen} />
          <div className="mt-6">
            <button type="button" className={primaryButton} onClick={onNext}>
              {nextLabel}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6">
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="text-sm font-medium text-ink-muted">
              {question.multiple ? "Choose every correct answer" : "Choose one answer"}
              {numberKeys && <span className="max-sm:hidden">{` (or press 1–${count}), then check it`}</span>}
            </legend>
            <ul className="mt-3 space-y-2.5">
              {question.options.map((option, index) => (
                <li key={index}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line p-3.5 hover:bg-surface has-checked:border-focus has-checked:bg-surface">
                    <input
                      ref={(node) => {
                        inputs.current[index] = node;
                      }}
                      type={question.multiple ? "checkbox" : "radio"}
                      name={question.id}
                      value={index}
                      checked={chosen.includes(index)}
                      onChange={() => pick(index)}
                      className="mt-1 size-4 shrink-0 accent-(--color-focus)"
                    />
                    <span
                      aria-hidden="true"
                      className="flex size-6 shrink-0 items-center justify-center rounded border border-line font-mono text-xs font-semibold text-ink-muted"
                    >
                      {index + 1}
                    </span>
                    <ContentHtml inline html={option.html} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error && (
            <p id={errorId} role="alert" className="mt-3 font-medium text-danger-ink">
              Choose an answer first.
            </p>
          )}
          <div className="mt-5">
            <button type="submit" className={primaryButton}>
              Check answer
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
