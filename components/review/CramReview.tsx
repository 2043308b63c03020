"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { QuestionCard } from "@/components/quiz/QuestionCard";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import type { QuizQuestion } from "@/lib/content/types";
import type { ReviewItem } from "@/lib/store/progressReview";
import { shuffleOptions } from "./shuffleOptions";

export interface CramDrill {
  slug: string;
  title: string;
  promptHtml: string;
}

interface Props {
  /** Every card, due or not, in the order to go through them; fixed when cramming starts. */
  items: ReviewItem[];
  /** Quiz questions and lesson predictions, as question cards. */
  questionById: ReadonlyMap<string, QuizQuestion>;
  drillBySlug: ReadonlyMap<string, CramDrill>;
  /** A question's set title, a prediction's lesson title. */
  setTitles: Record<string, string>;
  numberKeys: boolean;
  onStop: () => void;
}

/**
 * The night before an interview: every missed question or prediction and rated drill, one after another, due or
 * not. Answers here are only counted on this page: nothing is saved, so the FSRS schedule stays as it was.
 */
export function CramReview({ items, questionById, drillBySlug, setTitles, numberKeys, onStop }: Props) {
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState<{ chosen: number[]; correct: boolean } | null>(null);
  const [right, setRight] = useState(0);
  const drillHeading = useRef<HTMLHeadingElement>(null);
  const questionCount = items.filter((item) => item.kind !== "drill").length;
  const item = items[index];

  function next() {
    setAnswered(null);
    setIndex((i) => i + 1);
    requestAnimationFrame(() => drillHeading.current?.focus());
  }

  function again() {
    setIndex(0);
    setRight(0);
    setAnswered(null);
  }

  const stop = (
    <button type="button" className={secondaryButton} onClick={onStop}>
      Stop cramming
    </button>
  );

  if (!item) {
    return (
      <div className="mt-6 max-w-3xl">
        <p role="status" className="font-semibold">
          Cram done: {items.length} {items.length === 1 ? "card" : "cards"}
          {questionCount > 0 &&
            `, ${right} of ${questionCount} ${questionCount === 1 ? "question" : "questions"} right`}
          . Your review schedule did not change.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={primaryButton} onClick={again}>
            Cram again
          </button>
          {stop}
        </div>
      </div>
    );
  }

  const position = `Card ${index + 1} of ${items.length}`;
  const question = item.kind !== "drill" ? questionById.get(item.id) : undefined;
  const drill = item.kind === "drill" ? drillBySlug.get(item.id) : undefined;

  return (
    <div className="mt-6 max-w-3xl">
      <p className="font-semibold tabular-nums">{position}</p>
      {question && (
        <div className="mt-3">
          <QuestionCard
            key={`${index}:${question.id}`}
            question={shuffleOptions(question, index)}
            position={`Cram · ${setTitles[question.setSlug]}`}
            answer={answered}
            numberKeys={numberKeys}
            onSubmit={(chosen, correct) => {
              setAnswered({ chosen, correct });
              if (correct) setRight((n) => n + 1);
            }}
            onNext={next}
            nextLabel={index + 1 < items.length ? "Next card" : "Finish cramming"}
            focusOnMount={index > 0}
          />
        </div>
      )}
      {drill && (
        <article aria-labelledby="cram-drill-heading" className="mt-3 rounded-xl border border-line p-5">
          <p className="text-sm font-semibold text-ink-muted">Cram · drill</p>
          <h3 id="cram-drill-heading" ref={drillHeading} tabIndex={-1} className="mt-1 text-xl font-bold">
            {drill.title}
          </h3>
          <ContentHtml html={drill.promptHtml} className="mt-3 leading-relaxed" />
          <p className="mt-3 text-ink-muted">
            Say your answer out loud, then open the drill to check it against the model answer and the rubric.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href={`/drill/${drill.slug}/`} className={secondaryButton}>
              Open the drill
            </Link>
            <button type="button" className={primaryButton} onClick={next}>
              {index + 1 < items.length ? "Next card" : "Finish cramming"}
            </button>
          </div>
        </article>
      )}
      <div className="mt-6">{stop}</div>
    </div>
  );
}
