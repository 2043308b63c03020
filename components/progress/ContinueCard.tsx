import Link from "next/link";
import { primaryButton } from "@/components/ui/button";
import type { DrillSummary, QuizSetSummary } from "@/lib/content/types";
import { gradeLabels } from "@/lib/store/progressSchedule";
import type { Progress } from "@/lib/store/progressSchema";

interface Target {
  href: string;
  title: string;
  detail: string;
}

function continueTarget(progress: Progress, sets: QuizSetSummary[], drills: DrillSummary[]): Target | null {
  const last = progress.lastVisited;
  if (last?.kind === "quiz") {
    const set = sets.find((s) => s.slug === last.slug);
    if (!set) return null;
    const run = progress.quizzes[set.slug];
    const total = set.questionIds.length;
    const answered = run ? set.questionIds.filter((id) => run.answers[id]).length : 0;
    const detail =
      run?.finishedAt && run.best
        ? `Quiz finished · best score ${run.best.correct} of ${run.best.total}`
        : `Quiz · question ${Math.min(answered + 1, total)} of ${total}`;
    return { href: `/quiz/${set.slug}/`, title: set.title, detail };
  }
  if (last?.kind === "drill") {
    const drill = drills.find((d) => d.slug === last.slug);
    if (!drill) return null;
    const { attempt } = progress.drills[drill.slug] ?? { attempt: null };
    const detail = attempt?.rating
      ? `Drill · rated ${gradeLabels[attempt.rating]}`
      : attempt?.revealed
        ? "Drill · model answer revealed, not rated yet"
        : attempt?.answer
          ? "Drill · draft in progress"
          : `Drill · about ${drill.minutes} minutes`;
    return { href: `/drill/${drill.slug}/`, title: drill.title, detail };
  }
  return null;
}

/** "Continue where you left off": the quiz or drill opened last, or where to begin. */
export function ContinueCard({ progress, sets, drills }: { progress: Progress; sets: QuizSetSummary[]; drills: DrillSummary[] }) {
  const target = continueTarget(progress, sets, drills);
  const first = sets[0];
  return (
    <div className="rounded-xl border-2 border-focus bg-surface p-5 sm:p-6">
      <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{target ? "Continue where you left off" : "Start here"}</h3>
      {target ? (
        <>
          <p className="mt-2 text-xl font-bold">{target.title}</p>
          <p className="mt-1 text-ink-muted">{target.detail}</p>
          <p className="mt-4">
            <Link href={target.href} className={primaryButton}>
              Continue<span className="sr-only"> with {target.title}</span>
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-xl font-bold">{first.title}</p>
          <p className="mt-1 text-ink-muted">The first quiz · {first.questionIds.length} questions</p>
          <p className="mt-4">
            <Link href={`/quiz/${first.slug}/`} className={primaryButton}>
              Start the first quiz
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
