"use client";

import Link from "next/link";
import { useProgress } from "@/components/progress/useProgress";
import { useNow } from "@/components/progress/useNow";
import { MINUTES_PER_QUESTION, planItemDone, type PlanItem } from "@/lib/content/eveningPlan";
import { selectDrills, selectHydrated, selectQuizzes } from "@/lib/store/progressSelectors";

/**
 * "Interview tomorrow?": the evening's quizzes and drills in order, each with its minutes, ticked
 * off as the learner finishes a quiz or rates a drill tonight, then a pointer to the cram review.
 */
export function EveningPlan({ plan }: { plan: PlanItem[] }) {
  const hydrated = useProgress(selectHydrated);
  const quizzes = useProgress(selectQuizzes);
  const drills = useProgress(selectDrills);
  const now = useNow();
  const ready = hydrated && now !== null;
  const done = plan.map((item) => ready && planItemDone(item, { quizzes, drills }, now));
  const total = plan.reduce((sum, item) => sum + item.minutes, 0);
  const doneCount = done.filter(Boolean).length;

  return (
    <section
      aria-labelledby="evening-heading"
      className="mt-10 max-w-3xl rounded-xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="evening-heading" className="text-2xl font-bold tracking-tight">
        Interview tomorrow? A plan for one evening
      </h2>
      <p className="mt-2 text-ink-muted">
        Each quiz in course order with the shortest drill on its topic, then a design question as a full mock: {total}{" "}
        minutes in all (a quiz at {MINUTES_PER_QUESTION} minute a question). Then cram everything you missed on the{" "}
        <Link href="/review/" className="font-medium text-link underline underline-offset-2">
          review page
        </Link>
        .
      </p>
      <p aria-live="polite" className="mt-3 min-h-6 font-semibold tabular-nums">
        {ready && `${doneCount} of ${plan.length} done`}
      </p>
      <ol className="mt-3 space-y-2">
        {plan.map((item, index) => (
          <li
            key={`${item.kind}:${item.slug}`}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg border border-line bg-page p-3"
          >
            <span className="min-w-0">
              <span className="text-sm text-ink-muted tabular-nums">{index + 1}. </span>
              <span className="text-sm font-semibold text-ink-muted">{item.kind === "quiz" ? "Quiz" : "Drill"} · </span>
              <Link
                href={item.kind === "quiz" ? `/quiz/${item.slug}/` : `/drill/${item.slug}/`}
                className="font-medium text-link underline underline-offset-2"
              >
                {item.title}
              </Link>
            </span>
            <span className="shrink-0 text-sm tabular-nums">
              {done[index] && (
                <span className="mr-2 font-semibold">
                  <span aria-hidden="true">✓ </span>Done
                </span>
              )}
              <span className="text-ink-muted">{item.minutes} min</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
