"use client";

import { useId, useMemo, useRef } from "react";
import { modelOf } from "@/lib/readers/derived";
import { LAB_TEXT_PX, timelineLayout, type TimelineLayout } from "@/lib/readers/timelineLayout";
import type { Lane } from "@/lib/readers/timelineModel";
import { slideDomain } from "@/lib/present/slideDomain";
import { selectResult, selectSetT } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";
import { TimelineSvg } from "@/components/timeline/TimelineSvg";
import { useElementSize } from "./useElementSize";
import { useFontSize } from "./useFontSize";

/** A wide diagram is drawn at least this many px wide before scaling, so its marks grow with the screen. */
const LOGICAL_MIN_WIDTH = 880;
const MAX_SCALE = 2.4;
/** Two lines of lane text (a name over its clock) and their padding, per px of type. */
const LINES_PER_LANE = 2.3;

interface Fit {
  layout: TimelineLayout;
  /** Screen px per diagram px. */
  k: number;
}

/**
 * The diagram's scale in its box and, for a room, its layout with text that reads as `textOnScreen`
 * px at that scale: larger text needs taller lanes, which can shrink the scale, so the two are
 * settled in a few rounds (it converges: each round's lanes are at least as tall as the last's).
 * A narrow box (a phone) draws the diagram at 1:1 rather than shrinking a wide one, so its text
 * needs no more room than it shows.
 */
function fitIn(
  lanes: readonly Lane[],
  box: { width: number; height: number },
  scale: "fit" | 1,
  textOnScreen: number,
): Fit {
  if (scale === 1) return { layout: timelineLayout(lanes), k: 1 };
  const widest = Math.min(MAX_SCALE, Math.max(1, box.width / LOGICAL_MIN_WIDTH));
  const layoutFor = (k: number) => {
    // textOnScreen may shrink below, in a box too small for it.
    const textPx = Math.max(LAB_TEXT_PX, textOnScreen / k);
    return timelineLayout(lanes, { textPx, minLaneHeight: Math.ceil(textPx * LINES_PER_LANE + 8) });
  };
  let layout = layoutFor(widest);
  let k = widest;
  for (let round = 0; round < 8; round++) {
    k = Math.max(0.25, Math.min(widest, quantized(box.height / layout.height)));
    layout = layoutFor(k);
    // A box too short for every lane at this size (a phone's, under a question) takes smaller text.
    const over = (layout.height * k) / box.height;
    if (over > 1.01 && round >= 3) textOnScreen /= over;
  }
  return { layout, k };
}

/**
 * A scale on a grid of 1/50, rounded down: where the box's height follows the diagram's (a phone's
 * column), a pixel's rounding would otherwise change the scale, the text and the height again on
 * every resize, for ever.
 */
const quantized = (k: number) => Math.floor(k * 50) / 50;

const noPick = () => {};

/**
 * The lab's space-time diagram at a slide's scale: "fit" draws it as large as the box allows
 * (bigger type and thicker strokes, for the back of a room); 1 draws it as the lab does, and
 * clicking it moves the playhead. The view is fixed on the run (no zoom or pan: the deck owns the
 * keys and the room needs no moving frame). `limitT` hides what a prediction asks about.
 */
export function PresentTimeline({
  at,
  limitT,
  scale,
  className = "",
}: {
  at: number;
  limitT: number;
  scale: "fit" | 1;
  className?: string;
}) {
  const result = useScenario(selectResult);
  const setT = usePlayback(selectSetT);
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const captionId = useId();
  const box = useElementSize(boxRef);
  const textOnScreen = useFontSize(boxRef);
  const model = result ? modelOf(result) : null;
  const fit = useMemo(
    () => (model ? fitIn(model.lanes, box, scale, textOnScreen) : null),
    [model, box, scale, textOnScreen],
  );
  const layout = fit?.layout ?? null;
  const domain = useMemo(
    () =>
      model
        ? slideDomain({ activityEndT: model.activityEndT, durationMs: model.durationMs, at })
        : ([0, 1] as [number, number]),
    [model, at],
  );

  const k = fit?.k ?? 1;
  const width = Math.floor(box.width / k);
  // A room's lane column is as wide as its clocks ("12.340 s (+2.0 s)") at its text size.
  const room = scale === "fit" && layout !== null;
  const labelWidth = room ? Math.max(120, Math.ceil(layout.textPx * 10)) : width < 560 ? 92 : 150;

  return (
    <div
      ref={boxRef}
      className={`relative min-h-0 overflow-hidden ${scale === "fit" ? "present-room-text" : ""} ${className}`}
    >
      <p id={captionId} className="sr-only">
        The run drawn as lanes over true time: each client&apos;s belief that it holds the lock, each lease on the
        service, and each write at the storage.
      </p>
      {model && layout && result && box.width > 0 ? (
        <svg
          width={box.width}
          height={Math.ceil(layout.height * k)}
          viewBox={`0 0 ${width} ${layout.height}`}
          className="block"
          aria-hidden={false}
        >
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
            laneTextPx={room ? layout.textPx : undefined}
          />
        </svg>
      ) : (
        <p className="p-4 text-ink-muted">Simulating…</p>
      )}
    </div>
  );
}
