"use client";

import { ControlsPanel } from "@/components/controls/ControlsPanel";
import { ScenarioPicker } from "@/components/controls/ScenarioPicker";
import { OutcomePanel } from "@/components/outcome/OutcomePanel";
import { Timeline } from "@/components/timeline/Timeline";
import { Topology } from "@/components/topology/Topology";
import { CopyLinkButton } from "./CopyLinkButton";
import { ComparePanel, ExplorePanel, LoadPanel, RealRunsPanel } from "./lazyPanels";
import { LabNotices } from "./LabNotices";
import { PredictPanel, PredictToggle } from "./PredictPanel";

/**
 * The lab's page: the scenario, its controls, the timeline and the outcome. The timeline comes
 * before the controls in the page's order, so on a phone (one column) Play is on the first screen
 * and the sliders follow it, and a keyboard reaches Play before twenty sliders. From large
 * screens up the controls take the left column beside it.
 */
export function LabWorkspace() {
  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
      <a
        href="#timeline"
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-md border border-line bg-page px-4 py-2 font-semibold text-link underline shadow-lg focus:translate-y-0"
      >
        Skip to the timeline
      </a>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">The lab</h1>
          <p className="mt-1 hidden text-ink-muted sm:block">Move a slider, predict, watch it happen.</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <PredictToggle />
          <CopyLinkButton />
        </div>
      </div>
      <div className="mt-3 rounded-xl border border-line bg-surface p-3 sm:mt-5 sm:p-4">
        <ScenarioPicker />
      </div>
      <div className="mt-3">
        <LabNotices />
      </div>
      <div className="mt-4 grid gap-6 sm:mt-6 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
          <PredictPanel />
          <Timeline />
        </div>
        <div className="rounded-xl border border-line p-4 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
          <ControlsPanel />
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-2">
          <Topology />
          <OutcomePanel />
          <ComparePanel />
          <RealRunsPanel />
          <LoadPanel />
          <ExplorePanel />
        </div>
      </div>
    </div>
  );
}
