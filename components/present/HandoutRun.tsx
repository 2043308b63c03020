"use client";

import type { SlideSim } from "@/lib/content/deckTypes";
import { PresentTimeline } from "./PresentTimeline";
import { RunCaption } from "./RunCaption";
import { SlideSimProvider } from "./SlideSimProvider";

/** A slide's run on a handout: the timeline stopped at the slide's moment (before a prediction's answer plays) and its caption. */
export function HandoutRun({ sim }: { sim: SlideSim }) {
  return (
    <SlideSimProvider sim={sim}>
      <PresentTimeline at={sim.at} limitT={sim.at} scale={1} className="rounded-lg border border-line" />
      <RunCaption title={sim.presetTitle} live={false} />
    </SlideSimProvider>
  );
}
