"use client";

import { DisabledUntilLive } from "@/components/ui/DisabledUntilLive";
import type { Scenario } from "@/lib/sim/scenario";
import { EmbeddedOutcome } from "./EmbeddedOutcome";
import { EmbeddedSimProvider } from "./EmbeddedSimProvider";
import { EmbeddedTimeline } from "./EmbeddedTimeline";

/**
 * An embedded run itself: simulated, on the lab's timeline, with its outcome below (hidden while a
 * prediction holds it). Its controls are disabled in the prerendered HTML and until this run has
 * hydrated, so a click before then is not silently lost; then they work.
 */
export function EmbeddedRun({
  presetId,
  scenario,
  holdAt,
}: {
  presetId: string;
  scenario: Scenario;
  holdAt: number | null;
}) {
  return (
    <EmbeddedSimProvider presetId={presetId} scenario={scenario} holdAt={holdAt}>
      <DisabledUntilLive>
        <EmbeddedTimeline holdAt={holdAt} />
        <div className="border-t border-line">
          <EmbeddedOutcome hidden={holdAt !== null} />
        </div>
      </DisabledUntilLive>
    </EmbeddedSimProvider>
  );
}
