"use client";

import { useEffect, useId, useState } from "react";
import { seconds } from "@/lib/sim/format";
import { selectCancelRun, selectPending, selectReachedMs, selectResolved } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { secondaryButton } from "@/components/ui/button";

/** A run in the worker shows its progress and a Cancel button once it has taken this long. */
const SHOW_AFTER_MS = 1000;

/**
 * How far a run in the worker has simulated, in the scenario's own seconds, with the button that
 * cancels it (the lab then keeps the previous run and says so). Shown only for a run that has
 * taken over a second; the bar is not a live region, so its updates are read on demand, not announced.
 */
export function RunProgress({ onCancelled }: { onCancelled: () => void }) {
  const id = useId();
  const pending = useScenario(selectPending);
  const reachedMs = useScenario(selectReachedMs) ?? 0;
  const { durationMs } = useScenario(selectResolved);
  const cancel = useScenario(selectCancelRun);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);

  if (!pending || !slow) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <label htmlFor={id} className="font-semibold">
        Simulation progress
      </label>
      <progress id={id} max={durationMs} value={Math.min(reachedMs, durationMs)} className="h-2 w-48 accent-[var(--color-focus)]" />
      <span className="tabular-nums text-ink-muted">
        {seconds(reachedMs)} of {seconds(durationMs)} simulated
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
  );
}
