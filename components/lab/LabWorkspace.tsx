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
import { QuickStartNext } from "./QuickStartNext";

/**
 * The lab's page: the scenario, its controls, the timeline and the outcome. The timeline comes
 * before the controls in the page's order, so on a phone (one column) Play is on the first screen
 * and the sliders follow it, and a keyboard reaches Play before twenty sliders. From large
 * screens up the controls take the left column beside it, and so do the notices and the
 * prediction: whatever their length, they never push the timeline's lanes (storage, where a stale
 * write lands) or Play below a laptop's first screen (1280×800).
 */
export function LabWorkspace() {
  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-4">
      <a
        href="#timeline"
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-md border border-line bg-page px-4 py-2 font-semibold text-link underline shadow-lg focus:translate-y-0"
      >
        Skip to the timeline
      </a>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-baseline gap-x-4">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">The lab</h1>
          <p className="mt-1 hidden text-ink-muted sm:block">Move a slider, predict, watch it happen.</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <PredictToggle />
          <CopyLinkButton />
        </div>
      </div>
      <div className="mt-3 rounded-xl border border-line bg-surface p-3 sm:p-4 lg:py-3">
        <ScenarioPicker />
      </div>
      {/* From lg up, two columns and two rows: the notices and the prediction beside the timeline,
          then the controls beside the panels. With neither notice nor prediction, the controls
          take both rows (app/lab/lab.css). */}
      <div className="mt-4 grid gap-6 sm:mt-6 lg:mt-4 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="lab-left-top min-w-0 space-y-3 empty:hidden lg:col-start-1 lg:row-start-1">
          <LabNotices />
          <PredictPanel />
          <QuickStartNext />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <Timeline />
        </div>
        <div className="lab-controls rounded-xl border border-line p-4 lg:col-start-1 lg:row-start-2 lg:self-start">
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
