"use client";

import type { Scenario } from "@/lib/sim/scenario";
import { EmbeddedOutcome } from "./EmbeddedOutcome";
import { EmbeddedSimProvider } from "./EmbeddedSimProvider";
import { EmbeddedTimeline } from "./EmbeddedTimeline";

/** An embedded run itself: simulated, on the lab's timeline, with its outcome below (hidden while a prediction holds it). */
export function EmbeddedRun({ presetId, scenario, holdAt }: { presetId: string; scenario: Scenario; holdAt: number | null }) {
  return (
    <EmbeddedSimProvider presetId={presetId} scenario={scenario} holdAt={holdAt}>
      <EmbeddedTimeline holdAt={holdAt} />
      <div className="border-t border-line">
        <EmbeddedOutcome hidden={holdAt !== null} />
      </div>
    </EmbeddedSimProvider>
  );
}
