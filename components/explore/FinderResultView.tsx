"use client";

import { groupDigits, seconds } from "@/lib/sim/format";
import { budgetInWords, stoppedInWords } from "@/lib/explore/finderText";
import { useLabStores } from "@/components/lab/stores";
import { primaryButton } from "@/components/ui/button";
import { openInTimeline } from "./openInTimeline";
import type { FinderRun } from "./useFailureFinder";

const KIND_TEXT = { damage: "the data is damaged", overlap: "two clients hold the lock at once" } as const;

/** What a finished search found, to open on the timeline fault by fault; or why it stopped. */
export function FinderResultView({ run }: { run: Exclude<FinderRun, { status: "searching" }> }) {
  const stores = useLabStores();
  if (run.status === "failed")
    return <p className="font-medium text-danger-ink">The search stopped with an error: {run.error}</p>;

  const budget = <p className="mt-1 text-sm text-ink-muted">Budget: {budgetInWords(run.budget, run.timeLimitMs)}</p>;
  if (run.status === "cancelled")
    return (
      <div>
        <p className="font-semibold">{stoppedInWords("cancelled", run.tried, run.timeLimitMs)}</p>
        {budget}
      </div>
    );

  const { result } = run;
  if (!result.found) {
    const stop = result.stoppedBy === "cancelled" && run.timedOut ? "time-limit" : result.stoppedBy;
    return (
      <div>
        <p className="font-semibold">{stoppedInWords(stop, result.tried, run.timeLimitMs)}</p>
        {budget}
        <Notes notes={result.notes} />
      </div>
    );
  }

  const open = (at: number | "first-violation") => openInTimeline(stores, result.scenario, at);
  const faults = result.schedule.length;
  return (
    <div className="rounded-lg border-2 border-danger p-3 sm:p-4">
      <h3 className="text-base font-bold">
        Found:{" "}
        {faults === 0
          ? "the scenario fails as it is"
          : `with ${faults === 1 ? "one added fault" : `${faults} added faults`}`}
        , {KIND_TEXT[result.kind]}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        Found after {groupDigits(result.tried)} {result.tried === 1 ? "schedule" : "schedules"}
        {result.shrinkRuns
          ? `, then ${groupDigits(result.shrinkRuns)} runs to shrink it to the fewest, smallest faults`
          : ""}
        .
        {result.summary.firstViolationMs !== null
          ? ` The first violation comes at ${seconds(result.summary.firstViolationMs)}.`
          : ""}
      </p>
      {faults > 0 && (
        <ol className="mt-3 space-y-2">
          {result.schedule.map((s, i) => (
            <li key={i} className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md bg-surface p-2 text-sm">
              <span className="min-w-0 flex-1 basis-72">{s.explanation}</span>
              <button
                type="button"
                onClick={() => open(s.moment.t)}
                className="rounded-md px-2 py-1 font-medium text-link underline underline-offset-2"
              >
                Show at {seconds(s.moment.t)}
              </button>
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={() => open("first-violation")} className={`${primaryButton} mt-3`}>
        Open on the timeline
      </button>
      <p className="mt-2 text-xs text-ink-muted">
        Opening replaces the lab&apos;s scenario with this one (its faults included, so Copy link shares it); the
        timeline draws each fault.
      </p>
      <Notes notes={result.notes} />
    </div>
  );
}

function Notes({ notes }: { notes: string[] }) {
  if (!notes.length) return null;
  return (
    <ul className="mt-2 list-disc pl-5 text-xs text-ink-muted">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
