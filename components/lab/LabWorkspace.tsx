"use client";

import { ControlsPanel } from "@/components/controls/ControlsPanel";
import { ScenarioPicker } from "@/components/controls/ScenarioPicker";
import { OutcomePanel } from "@/components/outcome/OutcomePanel";
import { Timeline } from "@/components/timeline/Timeline";
import { Topology } from "@/components/topology/Topology";
import { CopyLinkButton } from "./CopyLinkButton";
import { ComparePanel, ExplorePanel, LoadPanel } from "./lazyPanels";
import { LabNotices } from "./LabNotices";
import { PredictPanel, PredictToggle } from "./PredictPanel";

/** The lab's page: the scenario, its controls, the timeline and the outcome. */
export function LabWorkspace() {
  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">The lab</h1>
          <p className="mt-1 text-ink-muted">Move a slider, predict, watch it happen.</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <PredictToggle />
          <CopyLinkButton />
        </div>
      </div>
      <div className="mt-5 rounded-xl border border-line bg-surface p-4">
        <ScenarioPicker />
      </div>
      <div className="mt-3">
        <LabNotices />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[300px_minmax(0,1fr)]">
        <div className="rounded-xl border border-line p-4 lg:self-start">
          <ControlsPanel />
        </div>
        <div className="min-w-0 space-y-6">
          <PredictPanel />
          <Timeline />
          <Topology />
          <OutcomePanel />
          <ComparePanel />
          <LoadPanel />
          <ExplorePanel />
        </div>
      </div>
    </div>
  );
}
