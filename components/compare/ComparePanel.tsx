"use client";

import { useMemo } from "react";
import { eventPhrase, firstDivergence, type Divergence } from "@/lib/readers/divergence";
import { firstOutcomeDifference, type OutcomeDifference } from "@/lib/readers/outcomeDifference";
import { seconds } from "@/lib/sim/format";
import {
  selectCompare,
  selectHiding,
  selectResolved,
  selectResult,
  selectScenario,
  selectSetCompare,
} from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { FlipPicker } from "./FlipPicker";
import { TwinTimelines } from "./TwinTimelines";
import { useTwinRun } from "./useTwinRun";

/**
 * Twin runs: the lab's run and the same seed with one thing flipped, stacked with their verdicts,
 * one playhead and one zoom, and the first moment they differ. The flip is in the URL.
 */
export function ComparePanel() {
  const input = useScenario(selectScenario);
  const resolved = useScenario(selectResolved);
  const result = useScenario(selectResult);
  const hiding = useScenario(selectHiding);
  const flip = useScenario(selectCompare);
  const setCompare = useScenario(selectSetCompare);
  const twin = useTwinRun(input, resolved, hiding ? null : flip);
  const divergence = useMemo(() => {
    if (!result || !twin.result || !result.events.length || !twin.result.events.length) return null;
    return firstDivergence(result.events, twin.result.events);
  }, [result, twin.result]);
  const outcomeDifference = useMemo(
    () => (divergence && result && twin.result ? firstOutcomeDifference(result.events, twin.result.events) : null),
    [divergence, result, twin.result],
  );

  return (
    <section aria-label="Compare" className="rounded-xl border border-line bg-page">
      <div className="space-y-3 border-b border-line p-3 sm:px-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Compare</h2>
          <p className="text-sm text-ink-muted">The same seed with one thing flipped</p>
        </div>
        {hiding ? (
          <p className="text-sm text-ink-muted">Reveal your prediction first: a twin run would give the answer away.</p>
        ) : (
          <FlipPicker input={input} resolved={resolved} flip={flip} onFlip={setCompare} />
        )}
      </div>
      {!hiding && twin.twin && !twin.twin.ok && (
        <p role="status" className="p-3 text-sm font-medium sm:px-4">
          This flip cannot apply to the scenario as it is now: {twin.twin.reason}
        </p>
      )}
      {!hiding && twin.error && (
        <p role="alert" className="p-3 text-sm font-medium text-danger-ink sm:px-4">
          {twin.error}
        </p>
      )}
      {!hiding && twin.twin?.ok && (
        <div>
          <div className="space-y-1 p-3 text-sm sm:px-4" aria-live="polite">
            {twin.twin.notes.map((note) => (
              <p key={note} className="text-ink-muted">
                For the twin: {note}
              </p>
            ))}
            {twin.pending || !result ? (
              <p role="status">Simulating the twin run…</p>
            ) : divergence ? (
              <>
                <OutcomeLine difference={outcomeDifference} />
                <DivergenceLine divergence={divergence} />
              </>
            ) : twin.result && result.events.length && twin.result.events.length ? (
              <p>
                <strong>The two runs are the same, event for event:</strong> this flip changes nothing in this scenario.
              </p>
            ) : (
              <p className="text-ink-muted">
                This run is too large to compare event by event here; the verdicts below still hold.
              </p>
            )}
          </div>
          {result && twin.result && (
            <TwinTimelines
              sides={[
                { letter: "A", title: `As set · ${twin.twin.original}`, result },
                { letter: "B", title: `Flipped · ${twin.twin.label}`, result: twin.result },
              ]}
              divergenceT={divergence?.t ?? null}
            />
          )}
          <p id="compare-help" className="p-3 text-xs text-ink-muted sm:px-4">
            Both runs share the lab&apos;s playhead: play, step or click either diagram to move it. Drag to pan both;
            Ctrl or ⌘ + wheel zooms both. The dashed line marks the first moment the runs differ.
          </p>
        </div>
      )}
    </section>
  );
}

/** The difference that matters, first: the first write whose fate differs, or that there is none. */
function OutcomeLine({ difference }: { difference: OutcomeDifference | null }) {
  if (!difference)
    return (
      <p>
        Every write has the same fate in both runs: the flip changes how the run unfolds, not what storage ends up
        accepting.
      </p>
    );
  const side = (w: OutcomeDifference["a"]) => (w ? `${eventPhrase(w)} at ${seconds(w.t)}` : "that write never happens");
  return (
    <p>
      <strong>The first difference in outcome, at {seconds(difference.t)}:</strong> in A, {side(difference.a)}; in B,{" "}
      {side(difference.b)}.
    </p>
  );
}

/** Where the runs part, in words: what each run did at that point of its log. */
function DivergenceLine({ divergence }: { divergence: Divergence }) {
  const a = divergence.a ? eventPhrase(divergence.a) : "the log has ended";
  const b = divergence.b ? eventPhrase(divergence.b) : "the log has ended";
  return (
    <p>
      <strong>The runs first differ at {seconds(divergence.t)}</strong> (event {divergence.index + 1}):{" "}
      {a === b ? `in both, ${a}, but not in the same way (a field of the event differs).` : `in A, ${a}; in B, ${b}.`}
    </p>
  );
}
