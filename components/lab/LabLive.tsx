"use client";

import { LabProvider } from "./LabProvider";
import { LabWorkspace } from "./LabWorkspace";

/** The lab itself, its stores and every view: what LabApp loads after the page's first paint. */
export function LabLive({ search }: { search: string }) {
  return (
    <LabProvider key={search} search={search}>
      <LabWorkspace />
    </LabProvider>
  );
}
