"use client";

import { quickStart, quickStartNext } from "@/lib/site/quickStart";
import { selectPredict, selectPresetId } from "./selectors";
import { useScenario } from "./stores";

/**
 * The home page's quick start goes through the lab twice: once the learner has answered the
 * prediction on one of its runs, the lab points to the next step, so the path does not end here.
 */
export function QuickStartNext() {
  const predict = useScenario(selectPredict);
  const step = quickStartNext(useScenario(selectPresetId));
  if (!step || !predict.on || !predict.revealed) return null;
  return (
    <nav aria-label="Quick start" className="rounded-xl border border-line bg-surface p-4 text-sm">
      <p className="text-ink-muted">
        Quick start: step {step.done} of {quickStart.length} done.
      </p>
      {/* A whole page load, not a client-side one: the lab reads the scenario from its address once, as it opens. */}
      <a href={step.next.href} className="mt-1 inline-block font-semibold text-link underline">
        Next: {step.next.title} →
      </a>
    </nav>
  );
}
