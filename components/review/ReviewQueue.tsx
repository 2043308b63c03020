"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { dueDate, dueRelative } from "@/components/progress/formatDue";
import { useProgress } from "@/components/progress/useProgress";
import { useNow } from "@/components/progress/useNow";
import { QuestionCard } from "@/components/quiz/QuestionCard";
import { primaryButton } from "@/components/ui/button";
import type { QuizQuestion } from "@/lib/content/types";
import { predictionHref } from "@/lib/learn/predictionCards";
import { listOf } from "@/lib/sim/format";
import { cramQueue, reviewQueue, type ReviewItem } from "@/lib/store/progressReview";
import {
  selectDrills,
  selectHydrated,
  selectNumberKeys,
  selectPredictions,
  selectQuestionCards,
  selectReviewPrediction,
  selectReviewQuestion,
} from "@/lib/store/progressSelectors";
import { CramReview, type CramDrill } from "./CramReview";
import { shuffleOptions } from "./shuffleOptions";
import { UpcomingList } from "./UpcomingList";

interface Props {
  questions: QuizQuestion[];
  setTitles: Record<string, string>;
  /** Every lesson prediction as a review card (lib/learn/predictionCards.ts), its id the prediction's key. */
  predictions: QuizQuestion[];
  /** Each prediction's key with its question's fingerprint: a card kept for a question since reworded is left out. */
  predictionFingerprints: Record<string, string>;
  lessonTitles: Record<string, string>;
  drills: CramDrill[];
}

const counted = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** "2 questions, 1 prediction and 1 drill to review." */
function dueSummary(questions: number, predictions: number, drills: number): string {
  const parts = [
    questions > 0 ? counted(questions, "question") : "",
    predictions > 0 ? counted(predictions, "prediction") : "",
    drills > 0 ? counted(drills, "drill") : "",
  ].filter(Boolean);
  return parts.length > 0 ? `${listOf(parts)} to review.` : "All done for now.";
}

/** "<lesson slug>/<prediction id>" to where the prediction is on its lesson's page. */
function predictionKeyHref(key: string): string {
  const split = key.lastIndexOf("/");
  return predictionHref(key.slice(0, split), key.slice(split + 1));
}

/**
 * What FSRS says is due now, across missed quiz questions and lesson predictions (answered right
 * here, one at a time, in the same card) and drills (practised on their own page), then everything
 * scheduled for later.
 */
export function ReviewQueue({
  questions,
  setTitles,
  predictions,
  predictionFingerprints,
  lessonTitles,
  drills,
}: Props) {
  const hydrated = useProgress(selectHydrated);
  const questionCards = useProgress(selectQuestionCards);
  const drillProgress = useProgress(selectDrills);
  const numberKeys = useProgress(selectNumberKeys);
  const reviewQuestion = useProgress(selectReviewQuestion);
  const predictionProgress = useProgress(selectPredictions);
  const reviewPrediction = useProgress(selectReviewPrediction);
  const now = useNow();
  // The question whose answer is being explained, in the order it was asked in; it has left the queue once answered.
  const [answered, setAnswered] = useState<{ question: QuizQuestion; chosen: number[]; correct: boolean } | null>(null);
  const [moved, setMoved] = useState(false);
  // The cram's cards, fixed when it starts; null when not cramming.
  const [cram, setCram] = useState<ReviewItem[] | null>(null);

  const questionById = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const predictionById = useMemo(() => new Map(predictions.map((p) => [p.id, p])), [predictions]);
  // Quiz questions and predictions are answered in the same card; their ids never meet ("<set>/<heading>" and "<lesson>/predict-<preset>-<at>").
  const cardById = useMemo(() => new Map([...questionById, ...predictionById]), [questionById, predictionById]);
  const cardTitles = useMemo(() => ({ ...setTitles, ...lessonTitles }), [setTitles, lessonTitles]);
  const drillBySlug = useMemo(() => new Map(drills.map((d) => [d.slug, d])), [drills]);
  const known = useMemo(
    () => ({
      questionIds: new Set(questionById.keys()),
      predictions: new Map(Object.entries(predictionFingerprints)),
      drillSlugs: new Set(drillBySlug.keys()),
    }),
    [questionById, predictionFingerprints, drillBySlug],
  );
  const cards = useMemo(
    () => ({ questions: questionCards, predictions: predictionProgress, drills: drillProgress }),
    [questionCards, predictionProgress, drillProgress],
  );
  const queue = useMemo(() => now && reviewQueue(cards, known, now), [now, cards, known]);

  if (!hydrated || !queue || !now) return <p className="mt-8 text-ink-muted">Loading your review schedule…</p>;

  // Missed questions and predictions: answered here, in the same card.
  const dueCards = queue.due.filter((item) => item.kind !== "drill");
  const dueDrills = queue.due.filter((item) => item.kind === "drill");
  const next = dueCards[0];
  const due = next && cardById.get(next.id);
  const reps =
    next && (next.kind === "prediction" ? predictionProgress[next.id]?.card?.reps : questionCards[next.id]?.reps);
  // Shuffled for this review (its card's count of reviews so far), so the answer is recalled, not its place.
  const shown = answered?.question ?? (due && shuffleOptions(due, reps ?? 0));
  const shownIsPrediction = shown !== undefined && predictionById.has(shown.id);
  const remaining = dueCards.length + (answered ? 1 : 0);
  const nothingYet = queue.due.length === 0 && queue.upcoming.length === 0 && !answered;
  const duePredictions =
    dueCards.filter((item) => item.kind === "prediction").length + (answered && shownIsPrediction ? 1 : 0);

  const title = (item: ReviewItem) =>
    (item.kind === "drill" ? drillBySlug.get(item.id)! : cardById.get(item.id)!).title;
  const where = (item: ReviewItem) =>
    item.kind === "drill"
      ? "Drill"
      : item.kind === "prediction"
        ? `Prediction · ${lessonTitles[predictionById.get(item.id)!.setSlug]}`
        : `Question · ${setTitles[questionById.get(item.id)!.setSlug]}`;
  const cardCount = queue.due.length + queue.upcoming.length;

  const cramSection = (
    <section
      aria-labelledby="cram-heading"
      className="mt-10 max-w-3xl rounded-xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="cram-heading" className="text-2xl font-bold tracking-tight">
        Cram before an interview
      </h2>
      <p className="mt-2 text-ink-muted">
        Every question and prediction you missed and every drill you rated, due or not, one after another. Cramming
        ignores the spacing and does not change your review schedule.
      </p>
      {cram ? (
        <CramReview
          items={cram}
          questionById={cardById}
          drillBySlug={drillBySlug}
          setTitles={cardTitles}
          numberKeys={numberKeys}
          onStop={() => setCram(null)}
        />
      ) : cardCount > 0 ? (
        <button type="button" className={`${primaryButton} mt-4`} onClick={() => setCram(cramQueue(cards, known))}>
          Cram all {counted(cardCount, "card")}
        </button>
      ) : (
        <p className="mt-3 font-semibold">Nothing to cram yet.</p>
      )}
    </section>
  );

  // While cramming, the cram is the page: one card at a time, and no second question beside it.
  if (cram) return cramSection;

  return (
    <>
      <section aria-labelledby="due-heading" className="mt-10">
        <h2 id="due-heading" className="text-2xl font-bold tracking-tight">
          Due now
        </h2>
        {nothingYet ? (
          <p className="mt-3 max-w-2xl text-ink-muted">
            Nothing to review yet. Questions you miss in a{" "}
            <Link href="/quiz/" className="font-medium text-link underline underline-offset-2">
              quiz
            </Link>
            , predictions you miss in a{" "}
            <Link href="/learn/" className="font-medium text-link underline underline-offset-2">
              lesson
            </Link>{" "}
            and{" "}
            <Link href="/drill/" className="font-medium text-link underline underline-offset-2">
              drills
            </Link>{" "}
            you rate come back here when they are due.
          </p>
        ) : queue.due.length === 0 && !answered ? ( // not nothingYet: a review is upcoming
          <p className="mt-3 text-ink-muted">
            You are up to date. The next review is {dueRelative(new Date(queue.upcoming[0]!.due), now)}.
          </p>
        ) : (
          <p className="mt-3 text-ink-muted">
            {dueSummary(remaining - duePredictions, duePredictions, dueDrills.length)}
          </p>
        )}

        {shown && (
          <div className="mt-6 max-w-3xl">
            <h3 className="sr-only">Questions</h3>
            <QuestionCard
              key={shown.id}
              question={shown}
              position={`${shownIsPrediction ? "Missed prediction" : "Missed question"} · ${cardTitles[shown.setSlug]} · ${remaining} due`}
              answer={answered}
              numberKeys={numberKeys}
              onSubmit={(chosen, correct) => {
                if (shownIsPrediction) reviewPrediction(shown.id, correct);
                else reviewQuestion(shown.id, correct);
                setAnswered({ question: shown, chosen, correct });
              }}
              onNext={() => {
                setAnswered(null);
                setMoved(true);
              }}
              nextLabel={dueCards.length > 0 ? "Next card" : "Done"}
              focusOnMount={moved}
            />
            {answered && (
              <p className="mt-3 text-sm text-ink-muted">
                {answered.correct
                  ? `Right: this ${shownIsPrediction ? "prediction" : "question"} comes back later, at a longer interval.`
                  : `Missed again: this ${shownIsPrediction ? "prediction" : "question"} comes back tomorrow.`}
              </p>
            )}
          </div>
        )}

        {dueDrills.length > 0 && (
          <div className="mt-8">
            <h3 className="text-lg font-bold">Drills</h3>
            <ul className="mt-3 space-y-2">
              {dueDrills.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg border border-line p-4"
                >
                  <Link href={`/drill/${item.id}/`} className="font-semibold text-link underline underline-offset-2">
                    {title(item)}
                  </Link>
                  <span className="text-sm text-ink-muted">due {dueRelative(new Date(item.due), now)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {cramSection}

      {queue.upcoming.length > 0 && (
        <UpcomingList
          items={queue.upcoming.map((item) => ({
            ...item,
            title: title(item),
            where: where(item),
            href:
              item.kind === "drill"
                ? `/drill/${item.id}/`
                : item.kind === "prediction"
                  ? predictionKeyHref(item.id)
                  : null,
            when: `${dueRelative(new Date(item.due), now)} · ${dueDate(new Date(item.due))}`,
          }))}
        />
      )}
    </>
  );
}
