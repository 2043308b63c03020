"use client";

import { useProgress } from "@/components/progress/useProgress";
import { useVisitRecord } from "@/components/progress/useVisitRecord";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import { selectHydrated, selectLessons, selectSetLessonUnderstood } from "@/lib/store/progressSelectors";

/**
 * "Mark as understood": a toggle kept in the learner's progress. Being the lesson page's piece of
 * progress, it also remembers the lesson as the last visit, for "continue where you left off".
 */
export function MarkUnderstood({ slug }: { slug: string }) {
  const hydrated = useProgress(selectHydrated);
  const understood = useProgress(selectLessons)[slug] !== undefined;
  const setUnderstood = useProgress(selectSetLessonUnderstood);
  useVisitRecord("lesson", slug);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={understood}
        disabled={!hydrated}
        onClick={() => setUnderstood(slug, !understood)}
        className={understood ? secondaryButton : primaryButton}
      >
        <span aria-hidden="true">{understood ? "✓" : "○"}</span>
        Mark as understood
      </button>
      <p role="status" className="text-sm text-ink-muted">
        {hydrated && understood ? "Marked as understood. Press again to take the mark back." : ""}
      </p>
    </div>
  );
}
