"use client";

import Link from "next/link";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import type { DrillSummary, QuizSetSummary } from "@/lib/content/types";
import { reviewQueue } from "@/lib/store/progressReview";
import { selectHydrated, selectProgress } from "@/lib/store/progressSelectors";
import { CalibrationSummary } from "./CalibrationSummary";
import { ContinueCard } from "./ContinueCard";
import { ProgressTransfer } from "./ProgressTransfer";
import { useNow } from "./useNow";
import { useProgress } from "./useProgress";

interface Props {
  lessons: LessonSummary[];
  sets: QuizSetSummary[];
  drills: DrillSummary[];
  /** Every lesson prediction by key ("<lesson slug>/<prediction id>"), with its question's fingerprint. */
  predictionFingerprints: Record<string, string>;
}

/**
 * The home page's view of the learner: where to continue, best quiz scores, drills done and due,
 * missed questions and predictions due, how well their confidence in predictions matched, and export/import.
 */
export function ProgressOverview({ lessons, sets, drills, predictionFingerprints }: Props) {
  const hydrated = useProgress(selectHydrated);
  const progress = useProgress(selectProgress);
  const now = useNow();

  if (!hydrated || !now) return <p className="mt-6 min-h-40 text-ink-muted">Loading your progress…</p>;

  const known = {
    questionIds: new Set(sets.flatMap((s) => s.questionIds)),
    drillSlugs: new Set(drills.map((d) => d.slug)),
    predictions: new Map(Object.entries(predictionFingerprints)),
  };
  const queue = reviewQueue(progress, known, now);
  const practised = drills.filter((d) => progress.drills[d.slug]?.card).length;
  const dueDrills = queue.due.filter((item) => item.kind === "drill").length;
  const duePredictions = queue.due.filter((item) => item.kind === "prediction").length;
  const dueQuestions = queue.due.length - dueDrills - duePredictions;

  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4">
        <ContinueCard progress={progress} lessons={lessons} sets={sets} drills={drills} />
        <div className="rounded-xl border border-line p-5 sm:p-6">
          <h3 className="text-lg font-bold">Drills and review</h3>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-ink-muted">Drills practised</dt>
              <dd className="text-2xl font-bold tabular-nums">
                {practised} <span className="text-base font-medium text-ink-muted">of {drills.length}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Drills due now</dt>
              <dd className="text-2xl font-bold tabular-nums">{dueDrills}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Missed questions due now</dt>
              <dd className="text-2xl font-bold tabular-nums">{dueQuestions}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Missed predictions due now</dt>
              <dd className="text-2xl font-bold tabular-nums">{duePredictions}</dd>
            </div>
          </dl>
          <p className="mt-4">
            <Link href="/review/" className="font-semibold text-link underline underline-offset-2">
              {queue.due.length > 0
                ? `Review ${queue.due.length} due ${queue.due.length === 1 ? "item" : "items"}`
                : "Your review schedule"}
            </Link>
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-4 lg:col-span-2">
        <div className="rounded-xl border border-line p-5 sm:p-6">
          <h3 className="text-lg font-bold">Best quiz scores</h3>
          <ul className="mt-3 divide-y divide-line">
            {sets.map((set) => {
              const best = progress.quizzes[set.slug]?.best;
              return (
                <li key={set.slug} className="flex items-center gap-4 py-2.5">
                  <Link
                    href={`/quiz/${set.slug}/`}
                    className="min-w-0 flex-1 font-medium text-link underline-offset-2 hover:underline"
                  >
                    {set.title}
                  </Link>
                  <div
                    aria-hidden="true"
                    className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-surface ring-1 ring-line sm:block"
                  >
                    <div
                      className="h-full rounded-full bg-ink"
                      style={{ width: `${best ? (best.correct / best.total) * 100 : 0}%` }}
                    />
                  </div>
                  <span className="w-24 shrink-0 text-right text-sm tabular-nums">
                    {best ? `${best.correct} of ${best.total}` : <span className="text-ink-muted">not taken</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <CalibrationSummary predictions={progress.predictions} lessons={lessons} current={known.predictions} />
        <ProgressTransfer />
      </div>
    </div>
  );
}
