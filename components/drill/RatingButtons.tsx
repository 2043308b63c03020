"use client";

import Link from "next/link";
import { dueDate, dueRelative } from "@/components/progress/formatDue";
import { useNow } from "@/components/progress/useNow";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import { cardPreview, gradeLabels, grades } from "@/lib/store/progressSchedule";
import type { DrillProgress, Grade } from "@/lib/store/progressSchema";
import { rubricRatingRule } from "@/lib/store/rubricRating";

const hints: Record<Grade, string> = {
  1: "I missed the main points",
  2: "I got there, with gaps",
  3: "I covered most of the rubric",
  4: "I covered it all, easily",
};

/**
 * Again, Hard, Good or Easy: the learner's rating schedules the drill's next review with FSRS. The
 * rating the rubric ticks suggest is marked in words on its button; the learner still chooses.
 */
export function RatingButtons({
  drill,
  suggested,
  onRate,
  onRestart,
}: {
  drill: DrillProgress;
  suggested: Grade;
  onRate: (grade: Grade) => void;
  onRestart: () => void;
}) {
  const now = useNow();
  const rating = drill.attempt.rating;
  const preview = now ? cardPreview(drill.card, now) : null;

  return (
    <section aria-labelledby="rating-heading" className="mt-10 rounded-xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="rating-heading" className="text-2xl font-bold tracking-tight">
        How did it go?
      </h2>
      {rating === null ? (
        <>
          <p className="mt-2 text-ink-muted">Your rating decides when this drill comes back for review.</p>
          <p className="mt-2 text-sm">
            <span className="font-semibold">Your ticks suggest {gradeLabels[suggested]}.</span> {rubricRatingRule} The
            choice is yours.
          </p>
          <div className="mt-4 grid gap-2 sm:grid-cols-4">
            {grades.map((grade) => (
              <button
                key={grade}
                type="button"
                className={`${secondaryButton} flex-col items-start! text-left ${grade === suggested ? "border-focus! border-2!" : ""}`}
                onClick={() => onRate(grade)}
              >
                <span className="text-base">
                  {gradeLabels[grade]}
                  {grade === suggested && " "}
                  {grade === suggested && (
                    <span className="ml-1 rounded-sm bg-focus px-1.5 py-0.5 text-xs font-bold text-page">
                      Suggested
                    </span>
                  )}
                </span>
                <span className="font-normal text-ink-muted">
                  {" "}
                  {hints[grade]}
                  {preview && <>; back {dueRelative(preview[grade], now!)}</>}
                </span>
              </button>
            ))}
          </div>
        </>
      ) : (
        <div className="mt-3">
          <p role="status" className="font-semibold">
            You rated this attempt {gradeLabels[rating]}.{" "}
            {drill.card && now && (
              <>
                Next review {dueRelative(new Date(drill.card.due), now)} ({dueDate(new Date(drill.card.due))}).
              </>
            )}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href="/review/" className={primaryButton}>
              Your review schedule
            </Link>
            <button type="button" className={secondaryButton} onClick={onRestart}>
              Start a new attempt
            </button>
          </div>
          <p className="mt-2 text-sm text-ink-muted">
            A new attempt clears your answer and the ticks; the schedule stays.
          </p>
        </div>
      )}
    </section>
  );
}
