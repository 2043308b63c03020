"use client";

import { useRef } from "react";
import { firstViolationHeading, keyCounts, verdictOf } from "@/lib/readers/summaryText";
import { selectHiding, selectPending, selectResult, selectWarnings } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";
import { frameOnTimeline } from "@/components/timeline/frameRequest";
import { frameAround } from "@/lib/readers/timelineFrame";
import { BottleneckNote } from "./BottleneckNote";
import { EventLimitHeadline } from "./EventLimitHeadline";
import { RunProgress } from "./RunProgress";
import { StoryList } from "./StoryList";
import { VerdictBadge } from "./VerdictBadge";

/**
 * The outcome of the run: the verdict in words (a live region, so a change is announced), the key
 * counts, the first violation with a button to jump there, and the story of the run. While the
 * learner predicts, it stays hidden; while a long run is in the worker, its progress and Cancel show,
 * and the live region says if it will probably reach the event limit (a fact of the simulator, not
 * of the answer, so it shows while predicting too).
 */
export function OutcomePanel() {
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const hiding = useScenario(selectHiding);
  const warnings = useScenario(selectWarnings);
  const { playback } = useLabStores();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const verdict = result ? verdictOf(result.summary, result.scenario) : null;
  const first = result?.violations[0];
  const firstHeading = first && verdict ? firstViolationHeading(first, verdict) : null;

  return (
    <section aria-labelledby="outcome-heading" className="rounded-xl border border-line bg-page p-4 sm:p-5">
      <h2 id="outcome-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold tracking-tight">
        Outcome
      </h2>
      <div role="status" aria-live="polite" className="mt-3">
        {hiding ? (
          <p className="text-ink-muted">Hidden until you make your prediction.</p>
        ) : pending || !result || !verdict ? (
          <p className="text-ink-muted">Simulating…</p>
        ) : (
          <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
            <VerdictBadge word={verdict.word} />
            <p className="min-w-0 flex-1 basis-64 pt-1 font-medium">{verdict.sentence}</p>
          </div>
        )}
        <EventLimitHeadline />
      </div>
      {/* A cancelled run's button goes away: focus comes back to the panel, not to the page's top. */}
      <RunProgress onCancelled={() => headingRef.current?.focus()} />

      {!hiding && result && !pending && (
        <>
          <ul className="mt-4 grid gap-x-6 gap-y-1.5 text-sm text-ink-muted sm:grid-cols-2">
            {keyCounts(result.summary, result.scenario).map((line) => (
              <li key={line} className="flex gap-2">
                <span aria-hidden="true">·</span>
                {line}
              </li>
            ))}
          </ul>

          <BottleneckNote result={result} />

          {first && firstHeading && (
            <div
              className={`mt-4 rounded-lg border-l-4 bg-surface p-3 ${firstHeading.damage ? "border-danger" : "border-focus"}`}
            >
              <h3 className="text-sm font-semibold">{firstHeading.text}</h3>
              <p className="mt-1 text-sm">{first.text}</p>
              <button
                type="button"
                onClick={() => {
                  // The playhead where the violation is drawn, its window framed, the timeline in view.
                  playback.getState().setT(first.t);
                  frameOnTimeline(playback, frameAround(first.t, first.endT ?? first.t, result.scenario.durationMs));
                }}
                className="mt-2 rounded-md border border-line bg-page px-3 py-1.5 text-sm font-semibold hover:bg-surface"
              >
                Jump to violation
              </button>
            </div>
          )}

          {warnings.length > 0 && (
            <div className="mt-4 text-sm">
              <h3 className="font-semibold">Notes from the simulator</h3>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink-muted">
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}

          <StoryList result={result} />
        </>
      )}
    </section>
  );
}
