"use client";

import { selectPending, selectResult } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";
import { StoryList } from "@/components/outcome/StoryList";
import { VerdictBadge } from "@/components/outcome/VerdictBadge";
import { firstViolationHeading, verdictOf } from "@/lib/readers/summaryText";

/**
 * The outcome in a compact form: the verdict (a live region, so a change made by a live control is
 * announced), the first violation with a button to jump there, and the story folded away. While a
 * prediction is open it says nothing.
 */
export function EmbeddedOutcome({ hidden }: { hidden: boolean }) {
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const { playback } = useLabStores();
  const verdict = result ? verdictOf(result.summary, result.scenario) : null;
  const first = result?.violations[0];
  const firstHeading = first && verdict ? firstViolationHeading(first, verdict) : null;

  return (
    <div className="space-y-3 p-3 sm:p-4">
      <div role="status" aria-live="polite">
        {hidden ? (
          <p className="text-sm text-ink-muted">The outcome is hidden until you answer.</p>
        ) : pending || !verdict ? (
          <p className="text-sm text-ink-muted">Simulating…</p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <VerdictBadge word={verdict.word} />
            <p className="min-w-0 flex-1 basis-60 font-medium">{verdict.sentence}</p>
          </div>
        )}
      </div>
      {!hidden && result && !pending && (
        <>
          {first && firstHeading && (
            <div
              className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border-l-4 bg-surface px-3 py-2 text-sm ${firstHeading.damage ? "border-danger" : "border-focus"}`}
            >
              <p className="min-w-0 flex-1 basis-64">
                <span className="font-semibold">{firstHeading.text}.</span> {first.text}
              </p>
              <button
                type="button"
                onClick={() => playback.getState().setT(first.t)}
                className="rounded-md border border-line bg-page px-2.5 py-1 text-sm font-semibold hover:bg-surface"
              >
                Jump to it
              </button>
            </div>
          )}
          <details className="group text-sm">
            <summary className="cursor-pointer font-semibold text-link underline-offset-2 hover:underline">
              What happened, step by step
            </summary>
            <StoryList result={result} />
          </details>
        </>
      )}
    </div>
  );
}
