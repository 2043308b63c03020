"use client";

import { useId, useMemo, useRef } from "react";
import { modelOf } from "@/lib/run/derived";
import { timelineLayout } from "@/lib/run/timelineLayout";
import { slideDomain } from "@/lib/present/slideDomain";
import { selectResult, selectSetT } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";
import { TimelineSvg } from "@/components/timeline/TimelineSvg";
import { useElementSize } from "./useElementSize";

/** The diagram is drawn at least this many px wide before scaling, so its time axis stays readable. */
const LOGICAL_MIN_WIDTH = 880;
const MAX_SCALE = 2.4;

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
  const layout = useMemo(() => (model ? timelineLayout(model.lanes) : null), [model]);
  const domain = useMemo(() => (model ? slideDomain({ lastEventT: model.lastEventT, durationMs: model.durationMs, at }) : ([0, 1] as [number, number])), [model, at]);

  const k = !layout || scale === 1 ? 1 : Math.max(0.5, Math.min(MAX_SCALE, box.width / LOGICAL_MIN_WIDTH, box.height / layout.height));
  const width = Math.floor(box.width / k);
  const labelWidth = width < 560 ? 92 : 150;

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
          />
        </svg>
      ) : (
        <p className="p-4 text-ink-muted">Simulating…</p>
      )}
    </div>
  );
}
