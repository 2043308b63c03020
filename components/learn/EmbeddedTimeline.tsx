"use client";

import { useId, useMemo, useRef } from "react";
import { selectPending, selectResult, selectSetT, selectShowMessages } from "@/components/lab/selectors";
import { usePlayback, useScenario } from "@/components/lab/stores";
import { stepGapOf } from "@/components/timeline/geometry";
import { PlaybackBar } from "@/components/timeline/PlaybackBar";
import { TimelineSvg } from "@/components/timeline/TimelineSvg";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { usePlaybackLoop } from "@/components/timeline/usePlaybackLoop";
import { useReducedMotion } from "@/components/timeline/useReducedMotion";
import { modelOf } from "@/lib/readers/derived";
import { pictureSpan } from "@/lib/readers/pictureSpan";
import { timelineLayout } from "@/lib/readers/timelineLayout";

const RIGHT_PAD = 12;
const EMPTY = new Float64Array();

/**
 * The lab's timeline in a compact form for a lesson: the playback bar and the space-time diagram,
 * fitted to the run's events, without the lab's zoom, view options, downloads or shortcuts.
 * `holdAt` hides everything after that moment (a prediction is open).
 */
export function EmbeddedTimeline({ holdAt }: { holdAt: number | null }) {
  const helpId = useId();
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const showMessages = usePlayback(selectShowMessages);
  const setT = usePlayback(selectSetT);
  const reducedMotion = useReducedMotion();
  const svgRef = useRef<SVGSVGElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const { width, redrawn } = useElementWidth(containerRef);

  const model = result ? modelOf(result) : null;
  const layout = useMemo(() => (model ? timelineLayout(model.lanes) : null), [model]);
  const labelWidth = width < 560 ? 92 : 140;
  const plotRight = Math.max(labelWidth + 40, width - RIGHT_PAD);
  const domain = useMemo<[number, number]>(() => (model ? pictureSpan(model) : [0, 1]), [model]);
  const stops = model ? model.stops.key : EMPTY;
  const everyStop = model ? (showMessages ? model.stops.all : model.stops.withoutMessages) : EMPTY;
  usePlaybackLoop(stops, reducedMotion);

  return (
    <div>
      <div className="border-b border-line p-3">
        <PlaybackBar
          stops={stops}
          everyStop={everyStop}
          stepGapMs={stepGapOf(domain, plotRight - labelWidth)}
          onStepped={() => {}}
          reducedMotion={reducedMotion}
        />
      </div>
      <div ref={containerRef} className="overflow-hidden">
        {model && layout && result && width > 0 ? (
          <TimelineSvg
            ref={svgRef}
            model={model}
            layout={layout}
            scenario={result.scenario}
            width={width}
            redrawn={redrawn}
            labelWidth={labelWidth}
            plotRight={plotRight}
            domain={domain}
            limitT={holdAt ?? Infinity}
            showMessages={showMessages}
            onPick={setT}
            describedBy={helpId}
          />
        ) : (
          <p className="p-6 text-ink-muted">{pending ? "Simulating…" : "Measuring…"}</p>
        )}
      </div>
      <p id={helpId} className="border-t border-line px-3 py-2 text-xs text-ink-muted">
        Click the diagram to move the playhead; Tab reaches the grants, writes and violations. Under each lane: the
        process&apos;s own clock, and in brackets how far it is from true time.
      </p>
    </div>
  );
}
