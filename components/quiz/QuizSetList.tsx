"use client";

import Link from "next/link";
import { useProgress } from "@/components/progress/useProgress";
import type { QuizSetSummary } from "@/lib/content/types";
import { selectHydrated, selectQuizzes } from "@/lib/store/progressSelectors";
import type { QuizSetProgress } from "@/lib/store/progressSchema";

function status(set: QuizSetSummary, progress: QuizSetProgress | undefined): { text: string; answered: number } {
  const total = set.questionIds.length;
  const answered = progress ? set.questionIds.filter((id) => progress.answers[id]).length : 0;
  const best = progress?.best ? `Best score ${progress.best.correct} of ${progress.best.total}` : null;
  if (progress && !progress.finishedAt && answered > 0) {
    return { text: `In progress: ${answered} of ${total} answered${best ? ` · ${best}` : ""}`, answered };
  }
  return { text: best ?? "Not attempted yet", answered: progress?.finishedAt ? total : 0 };
}

/** Every quiz set with the learner's best score and how far the current run has got. */
export function QuizSetList({ sets }: { sets: QuizSetSummary[] }) {
  const hydrated = useProgress(selectHydrated);
  const quizzes = useProgress(selectQuizzes);
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {sets.map((set, index) => {
        const total = set.questionIds.length;
        const { text, answered } = status(set, quizzes[set.slug]);
        return (
          <li key={set.slug} className="relative flex flex-col rounded-xl border border-line p-5 hover:bg-surface">
            <p className="text-sm font-semibold text-ink-muted">
              Set {index + 1} · {total} questions
            </p>
            <h2 className="mt-1 text-lg font-bold">
              {/* The link covers the card, so the whole card is one target with one name. */}
              <Link href={`/quiz/${set.slug}/`} className="rounded-sm after:absolute after:inset-0 after:rounded-xl">
                {set.title}
              </Link>
            </h2>
            <div className="mt-auto pt-4">
              <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-surface ring-1 ring-line">
                <div
                  className="h-full rounded-full bg-ink"
                  style={{ width: `${hydrated ? (answered / total) * 100 : 0}%` }}
                />
              </div>
              <p className="mt-2 min-h-5 text-sm text-ink-muted">{hydrated ? text : ""}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
