"use client";

import { useHydrated } from "@/components/ui/useHydrated";
import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

/**
 * The lab itself, its stores and every view: what LabApp loads after the page's first paint. Its
 * controls are disabled in the prerendered HTML, and stay so after hydration until this live lab
 * has taken the drawn copy's place: the drawn copy has no handlers, so a click or a dropped file
 * there would be silently lost.
 */
export function LabLive({ search }: { search: string }) {
  const live = useHydrated();
  return (
    <LabProvider key={search} search={search}>
      <fieldset disabled={!live} className="m-0 min-w-0 border-0 p-0">
        <LabWorkspace />
      </fieldset>
    </LabProvider>
  );
}
