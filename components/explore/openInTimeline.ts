import type { Scenario } from "@/lib/sim/scenario";
import type { LabStores } from "@/components/lab/stores";
import { frameOnTimeline } from "@/components/timeline/frameRequest";
import { frameAround } from "@/lib/readers/timelineFrame";

/**
 * Opens a scenario in the lab (as an edit, so the preset it came from stays named) and, once its
 * run is in, puts the playhead at `at`: a time in ms, or the run's first violation, frames that
 * moment (the violation's whole window) on the timeline and brings the timeline into view.
 */
export function openInTimeline(
  { scenario: store, playback }: LabStores,
  scenario: Scenario,
  at: number | "first-violation",
): void {
  const before = store.getState();
  store.getState().edit(() => scenario);
  const after = store.getState();
  if (after.scenario === before.scenario) return; // refused: the store's notice says why
  const settle = (s: typeof after) => {
    if (!s.result || s.pending || s.result === before.result) return false;
    const violation = s.result.violations[0];
    const [startT, endT] =
      at !== "first-violation" ? [at, at] : violation ? [violation.t, violation.endT ?? violation.t] : [null, null];
    if (startT !== null && endT !== null) playback.getState().setT(startT);
    frameOnTimeline(
      playback,
      startT !== null && endT !== null ? frameAround(startT, endT, s.result.scenario.durationMs) : null,
    );
    return true;
  };
  if (!settle(after)) {
    const unsubscribe = store.subscribe((s) => {
      if (s.scenario !== after.scenario || settle(s)) unsubscribe();
    });
  }
}
