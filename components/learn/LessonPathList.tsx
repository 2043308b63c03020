"use client";

import Link from "next/link";
import { useProgress } from "@/components/progress/useProgress";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import { selectHydrated, selectLessons } from "@/lib/store/progressSelectors";

/** The path: every lesson in order, with what the learner has marked as understood and where to go next. */
export function LessonPathList({ lessons }: { lessons: LessonSummary[] }) {
  const hydrated = useProgress(selectHydrated);
  const understood = useProgress(selectLessons);
  const done = hydrated ? lessons.filter((lesson) => understood[lesson.slug]).length : 0;
  const next = hydrated ? lessons.find((lesson) => !understood[lesson.slug]) : undefined;

  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="min-w-56 flex-1">
          <p className="text-sm font-semibold" aria-live="polite">
            {hydrated ? `${done} of ${lessons.length} lessons understood` : " "}
          </p>
          <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-surface ring-1 ring-line">
            <div className="h-full rounded-full bg-ink" style={{ width: `${(done / lessons.length) * 100}%` }} />
          </div>
        </div>
        {next && (
          <Link
            href={`/learn/${next.slug}/`}
            className="rounded-md bg-ink px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90"
          >
            {done === 0 ? "Start" : "Continue"} with lesson {next.number}
          </Link>
        )}
      </div>
      <ol className="mt-8 space-y-3">
        {lessons.map((lesson) => {
          const isDone = hydrated && understood[lesson.slug] !== undefined;
          return (
            <li
              key={lesson.slug}
              className="relative flex gap-4 rounded-xl border border-line p-4 hover:bg-surface sm:p-5"
            >
              <span
                aria-hidden="true"
                className={`flex size-10 shrink-0 items-center justify-center rounded-full border-2 font-semibold tabular-nums ${isDone ? "border-safe bg-safe/10 text-safe-ink" : "border-line"}`}
              >
                {isDone ? "✓" : lesson.number}
              </span>
              <div className="min-w-0">
                <h2 className="text-lg font-bold">
                  <Link
                    href={`/learn/${lesson.slug}/`}
                    className="rounded-sm after:absolute after:inset-0 after:rounded-xl"
                  >
                    <span className="sr-only">Lesson {lesson.number}: </span>
                    {lesson.title}
                  </Link>
                </h2>
                <p className="mt-1 text-ink-muted">{lesson.summary}</p>
                {isDone && <p className="mt-1 text-sm font-medium text-safe-ink">Understood</p>}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
