"use client";

import type { ReactNode } from "react";
import { useHydrated } from "@/components/ui/useHydrated";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

export { openLabAhead } from "./LabProvider";

/**
 * The lab itself, its stores and every view: what LabApp loads after the page's first paint. Its
 * controls are disabled in the prerendered HTML, and stay so after hydration until this live lab
 * has taken the drawn copy's place: the drawn copy has no handlers, so a click or a dropped file
 * there would be silently lost.
 */
export function LabLive({ search }: { search: string }) {
  return (
    <LabProvider key={search} search={search}>
      <EnabledWhenLive>
        <LabWorkspace />
      </EnabledWhenLive>
    </LabProvider>
  );
}

/** Its own component, so that enabling the controls after hydration renders the fieldset alone, not the lab inside it. */
function EnabledWhenLive({ children }: { children: ReactNode }) {
  const live = useHydrated();
  return (
    <fieldset disabled={!live} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
