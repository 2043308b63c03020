"use client";

import { useEffect } from "react";
import { DisabledUntilLive } from "@/components/ui/DisabledUntilLive";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";
import { linkedScenarioHoldEnd } from "./linkedScenarioHold";

export { openLabAhead } from "./LabProvider";

/**
 * The lab itself, its stores and every view: what LabApp loads after the page's first paint. Its
 * controls are disabled in the prerendered HTML, and stay so after hydration until this live lab
 * has taken the drawn copy's place: the drawn copy has no handlers, so a click or a dropped file
 * there would be silently lost.
 */
export function LabLive({ search }: { search: string }) {
  useEffect(linkedScenarioHoldEnd, []);
  return (
    <LabProvider key={search} search={search}>
      <DisabledUntilLive>
        <LabWorkspace />
      </DisabledUntilLive>
    </LabProvider>
  );
}
