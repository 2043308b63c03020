import { gradeLabels } from "@/lib/store/progressSchedule";
import type { DrillAttempt } from "@/lib/store/progressSchema";

/** The attempt before this one, closed by default: a due drill is practised from the prompt alone. */
export function LastAttempt({ attempt, rubric }: { attempt: DrillAttempt; rubric: string[] }) {
  return (
    <details className="mt-4 rounded-xl border border-line p-4">
      <summary className="cursor-pointer font-semibold">
        Your last attempt{attempt.rating !== null ? `, rated ${gradeLabels[attempt.rating]}` : ""}
      </summary>
      <p className="mt-3 whitespace-pre-wrap text-ink">{attempt.answer || "You wrote no answer."}</p>
      {attempt.revealed && (
        <p className="mt-2 text-sm text-ink-muted">
          {attempt.rubric.length} of {rubric.length} rubric points covered.
        </p>
      )}
    </details>
  );
}
