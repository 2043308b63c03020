"use client";

import { useEffect, useId, useState } from "react";
import { groupDigits, seconds } from "@/lib/sim/format";
import {
  selectCancelRun,
  selectEventLimit,
  selectForetold,
  selectPending,
  selectResolved,
  selectRunProgress,
} from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { secondaryButton } from "@/components/ui/button";
import { eventLimitDetail } from "./eventLimitText";

/** A run in the worker shows its progress and a Cancel button once it has taken this long. */
const SHOW_AFTER_MS = 1000;

/**
 * How far a run in the worker has simulated, in the scenario's own seconds and in events, with the
 * button that cancels it (the lab then keeps the previous run and says so). Shown once the run has
 * taken over a second, or at once when it will probably reach the event limit: that is said as
 * soon as the run's start shows it, before the worker has simulated the rest, with the figures it
 * is projected from. The headline is in the outcome's live region (EventLimitHeadline); these
 * figures change with every report, so they are read on demand, not announced.
 */
export function RunProgress({ onCancelled }: { onCancelled: () => void }) {
  const id = useId();
  const pending = useScenario(selectPending);
  const progress = useScenario(selectRunProgress);
  const eventLimit = useScenario(selectEventLimit);
  const { durationMs } = useScenario(selectResolved);
  const cancel = useScenario(selectCancelRun);
  const foretold = useScenario(selectForetold);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);

  // Shown at once when foretold (and kept, to say if a later report withdraws it), else after a second.
  if (!pending || !(slow || foretold)) return null;
  const reachedMs = progress?.reachedMs ?? 0;
  return (
    <div className="mt-2 text-sm">
      {eventLimit && <p className="max-w-prose">{eventLimitDetail(eventLimit, durationMs)}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={id} className="font-semibold">
          Simulation progress
        </label>
        <progress
          id={id}
          max={durationMs}
          value={Math.min(reachedMs, durationMs)}
          className="h-2 w-48 accent-[var(--color-focus)]"
        />
        <span className="tabular-nums text-ink-muted">
          {seconds(reachedMs)} of {seconds(durationMs)} simulated, {groupDigits(progress?.events ?? 0)} events
        </span>
        <button
          type="button"
          onClick={() => {
            cancel();
            onCancelled();
          }}
          className={secondaryButton}
        >
          Cancel the run
        </button>
      </div>
    </div>
  );
}
