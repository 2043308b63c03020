import type { Scenario } from "@/lib/sim/scenario";
import type { LabStores } from "@/components/lab/stores";

/**
 * Opens a scenario in the lab (as an edit, so the preset it came from stays named) and, once its
 * run is in, puts the playhead at `at`: a time in ms, or the run's first violation. Then brings
 * the timeline into view: it is the region named "Timeline" (components/timeline/Timeline.tsx).
 */
export function openInTimeline({ scenario: store, playback }: LabStores, scenario: Scenario, at: number | "first-violation", reducedMotion: boolean): void {
  const before = store.getState();
  store.getState().edit(() => scenario);
  const after = store.getState();
  if (after.scenario === before.scenario) return; // refused: the store's notice says why
  const place = (t: number | null) => {
    if (t !== null) playback.getState().setT(t);
  };
  const settle = (s: typeof after) => {
    if (!s.result || s.pending || s.result === before.result) return false;
    place(at === "first-violation" ? s.result.summary.firstViolationMs : at);
    return true;
  };
  if (!settle(after)) {
    const unsubscribe = store.subscribe((s) => {
      if (s.scenario !== after.scenario || settle(s)) unsubscribe();
    });
  }
  document.querySelector('section[aria-label="Timeline"]')?.scrollIntoView({ block: "start", behavior: reducedMotion ? "auto" : "smooth" });
}
