import Link from "next/link";
import { primaryButton } from "@/components/ui/button";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import type { DrillSummary, QuizSetSummary } from "@/lib/content/types";
import { gradeLabels } from "@/lib/store/progressSchedule";
import type { Progress } from "@/lib/store/progressSchema";

interface Target {
  href: string;
  title: string;
  detail: string;
}

function lessonTarget(progress: Progress, lessons: LessonSummary[], slug: string): Target | null {
  const index = lessons.findIndex((lesson) => lesson.slug === slug);
  const lesson = lessons[index];
  if (!lesson) return null;
  const understood = (l: LessonSummary) => progress.lessons[l.slug] !== undefined;
  // Going back to a lesson already understood would be a step backwards: lead on to the next one not understood yet.
  const next = understood(lesson) ? lessons.slice(index + 1).find((l) => !understood(l)) : undefined;
  if (next) {
    return {
      href: `/learn/${next.slug}/`,
      title: next.title,
      detail: `Next: lesson ${next.number} of ${lessons.length} · you marked lesson ${lesson.number} as understood`,
    };
  }
  const mark = understood(lesson) ? "marked as understood" : "not marked as understood yet";
  return {
    href: `/learn/${lesson.slug}/`,
    title: lesson.title,
    detail: `Lesson ${lesson.number} of ${lessons.length} · ${mark}`,
  };
}

function quizTarget(progress: Progress, lessons: LessonSummary[], sets: QuizSetSummary[], slug: string): Target | null {
  const index = sets.findIndex((s) => s.slug === slug);
  const set = sets[index];
  if (!set) return null;
  const finished = (set: QuizSetSummary) => Boolean(progress.quizzes[set.slug]?.finishedAt);
  if (!finished(set)) {
    const run = progress.quizzes[set.slug];
    const total = set.questionIds.length;
    const answered = run ? set.questionIds.filter((id) => run.answers[id]).length : 0;
    return {
      href: `/quiz/${set.slug}/`,
      title: set.title,
      detail: `Quiz · question ${Math.min(answered + 1, total)} of ${total}`,
    };
  }
  // A finished quiz only shows its score again: lead on to the next set not finished (after this one, then from the start).
  const next = [...sets.slice(index + 1), ...sets.slice(0, index)].find((s) => !finished(s));
  const best = progress.quizzes[set.slug]?.best;
  const score = best ? ` with ${best.correct} of ${best.total}` : "";
  if (next)
    return { href: `/quiz/${next.slug}/`, title: next.title, detail: `Next quiz · you finished ${set.title}${score}` };
  // Every quiz finished: the first lesson not yet understood, if there is one.
  const lesson = lessons.find((l) => progress.lessons[l.slug] === undefined);
  return lesson ? lessonTarget(progress, lessons, lesson.slug) : null;
}

/** Where "continue" leads: the lesson, quiz or drill opened last, or null when there is none (or it no longer exists). */
export function continueTarget(
  progress: Progress,
  lessons: LessonSummary[],
  sets: QuizSetSummary[],
  drills: DrillSummary[],
): Target | null {
  const last = progress.lastVisited;
  if (last?.kind === "lesson") return lessonTarget(progress, lessons, last.slug);
  if (last?.kind === "quiz") return quizTarget(progress, lessons, sets, last.slug);
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

/** "Continue where you left off": the lesson, quiz or drill opened last, or the first lesson, where the path begins. */
export function ContinueCard({
  progress,
  lessons,
  sets,
  drills,
}: {
  progress: Progress;
  lessons: LessonSummary[];
  sets: QuizSetSummary[];
  drills: DrillSummary[];
}) {
  const target = continueTarget(progress, lessons, sets, drills);
  const first = lessons[0];
  return (
    <div className="rounded-xl border-2 border-focus bg-surface p-5 sm:p-6">
      <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {target ? "Continue where you left off" : "Start here"}
      </h3>
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
      ) : first ? (
        <>
          <p className="mt-2 text-xl font-bold">{first.title}</p>
          <p className="mt-1 text-ink-muted">The first lesson · {first.summary}</p>
          <p className="mt-4">
            <Link href={`/learn/${first.slug}/`} className={primaryButton}>
              Start the first lesson
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
