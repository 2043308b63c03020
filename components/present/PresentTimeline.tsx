"use client";

import { useId, useMemo, useRef } from "react";
import { modelOf } from "@/lib/run/derived";
import { timelineLayout, type TimelineLayout } from "@/lib/run/timelineLayout";
import type { Lane } from "@/lib/run/timelineModel";
import { slideDomain } from "@/lib/present/slideDomain";
import { selectResult, selectSetT } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";
import { TimelineSvg } from "@/components/timeline/TimelineSvg";
import { useElementSize } from "./useElementSize";

/** The diagram is drawn at least this many px wide before scaling, so its time axis stays readable. */
const LOGICAL_MIN_WIDTH = 880;
const MAX_SCALE = 2.4;
/** A room reads lane names and clocks at this size on screen, in px, at least (STYLE.md: 24 px on a slide). */
const ROOM_LANE_TEXT = 24;
/** The lab's lane name size, in diagram px: a room's is never smaller. */
const DESK_LANE_TEXT = 12;
/** Two lines of lane text and their padding, per px of type. */
const LINES_PER_LANE = 2.3;

interface Fit {
  layout: TimelineLayout;
  /** Screen px per diagram px. */
  k: number;
  /** The lane text's size in diagram px, when the diagram is drawn for a room. */
  laneTextPx?: number;
}

/**
 * The diagram's scale in its box, and for a room the lane text's size that reads as 24 px at that
 * scale: larger text needs taller lanes, which can shrink the scale, so the two are settled in a
 * few rounds (it converges: each round's lanes are at least as tall as the last's).
 */
function fitIn(lanes: readonly Lane[], box: { width: number; height: number }, scale: "fit" | 1): Fit {
  const scaleFor = (layout: TimelineLayout) => Math.max(0.5, Math.min(MAX_SCALE, box.width / LOGICAL_MIN_WIDTH, box.height / layout.height));
  if (scale === 1) return { layout: timelineLayout(lanes), k: 1 };
  let layout = timelineLayout(lanes);
  let k = scaleFor(layout);
  // On a narrow box (a phone) 24 px would fill the width with labels: the lane column (about ten
  // characters of its text) keeps to a quarter of the diagram, and the text to the lab's 12 px at least.
  const textFor = (k: number) => Math.min(ROOM_LANE_TEXT / k, Math.max(DESK_LANE_TEXT, box.width / k / 40));
  let minLane = 0;
  for (let round = 0; round < 6; round++) {
    minLane = Math.ceil(textFor(k) * LINES_PER_LANE + 8);
    layout = timelineLayout(lanes, { minLaneHeight: minLane });
    k = scaleFor(layout);
  }
  // Never larger than the lanes were made for; on a box too small for 24 px that is the most that fits.
  return { layout, k, laneTextPx: Math.min(textFor(k), (minLane - 8) / LINES_PER_LANE) };
}

const noPick = () => {};

/**
 * The lab's space-time diagram at a slide's scale: "fit" draws it as large as the box allows
 * (bigger type and thicker strokes, for the back of a room); 1 draws it as the lab does, and
 * clicking it moves the playhead. The view is fixed on the run (no zoom or pan: the deck owns the
 * keys and the room needs no moving frame). `limitT` hides what a prediction asks about.
 */
export function PresentTimeline({ at, limitT, scale, className = "" }: { at: number; limitT: number; scale: "fit" | 1; className?: string }) {
  const result = useScenario(selectResult);
  const setT = usePlayback(selectSetT);
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const captionId = useId();
  const box = useElementSize(boxRef);
  const model = result ? modelOf(result) : null;
  const fit = useMemo(() => (model ? fitIn(model.lanes, box, scale) : null), [model, box, scale]);
  const layout = fit?.layout ?? null;
  const domain = useMemo(
    () => (model ? slideDomain({ lastEventT: model.lastEventT, durationMs: model.durationMs, at }) : ([0, 1] as [number, number])),
    [model, at],
  );

  const k = fit?.k ?? 1;
  const width = Math.floor(box.width / k);
  // A room's lane column is as wide as its clocks ("12.340 s (+2.0 s)") at its text size.
  const labelWidth = fit?.laneTextPx ? Math.max(150, Math.ceil(fit.laneTextPx * 10)) : width < 560 ? 92 : 150;

  return (
    <div ref={boxRef} className={`relative min-h-0 overflow-hidden ${className}`}>
      <p id={captionId} className="sr-only">
        The run drawn as lanes over true time: each client&apos;s belief that it holds the lock, each lease on the service, and each write at the storage.
      </p>
      {model && layout && result && box.width > 0 ? (
        <svg width={box.width} height={Math.ceil(layout.height * k)} viewBox={`0 0 ${width} ${layout.height}`} className="block" aria-hidden={false}>
          <TimelineSvg
            ref={svgRef}
            model={model}
            layout={layout}
            scenario={result.scenario}
            width={width}
            labelWidth={labelWidth}
            plotRight={width - 16}
            domain={domain}
            limitT={limitT}
            showMessages
            onPick={scale === 1 ? setT : noPick}
            describedBy={captionId}
            laneTextPx={fit?.laneTextPx}
          />
        </svg>
      ) : (
        <p className="p-4 text-ink-muted">Simulating…</p>
      )}
    </div>
  );
}
