"use client";

import { scaleLinear } from "d3-scale";
import { useMemo, useRef, type RefObject } from "react";
import { modelOf } from "@/lib/readers/derived";
import { verdictOf } from "@/lib/readers/summaryText";
import { formatClock } from "@/lib/sim/format";
import { timelineLayout } from "@/lib/readers/timelineLayout";
import type { SimResult } from "@/lib/sim/simulate";
import { roleColor } from "@/lib/theme/tokens";
import { selectSetT } from "@/components/lab/selectors";
import { usePlayback, useLabStores } from "@/components/lab/stores";
import { VerdictBadge } from "@/components/outcome/VerdictBadge";
import { TimelineSvg } from "@/components/timeline/TimelineSvg";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { useTimelineZoom } from "@/components/timeline/useTimelineZoom";

const RIGHT_PAD = 16;
const zoomButton = "rounded-md border border-line px-2.5 py-1.5 text-sm font-medium hover:bg-surface";

export interface TwinSide {
  /** "A" or "B". */
  letter: string;
  title: string;
  result: SimResult;
}

/**
 * Two runs stacked on one time axis (or one run alone, a lock history): the lab's playhead is the
 * playhead of both, and one zoom shows the same window of both (d3-zoom listens on the element
 * around them, so dragging either pans both). The first moment the runs differ is marked on each.
 */
export function TwinTimelines({
  sides,
  divergenceT,
}: {
  sides: [TwinSide, TwinSide] | [TwinSide];
  divergenceT: number | null;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementWidth(boxRef);
  const setT = usePlayback(selectSetT);
  const { playback } = useLabStores();
  const [modelA, modelB] = [modelOf(sides[0].result), sides[1] ? modelOf(sides[1].result) : null];
  const models = modelB ? [modelA, modelB] : [modelA];
  // One model and one layout per side, in the sides' order.
  const layouts = useMemo(
    () => (modelB ? [timelineLayout(modelA.lanes), timelineLayout(modelB.lanes)] : [timelineLayout(modelA.lanes)]),
    [modelA, modelB],
  );
  const labelWidth = width < 560 ? 92 : 150;
  const plotRight = Math.max(labelWidth + 40, width - RIGHT_PAD);
  const durationMs = Math.max(...models.map((m) => m.durationMs));
  // Both runs in full up to a second past the later one's last event: the rest is empty time.
  const fitEndT = Math.min(durationMs, Math.max(...models.map((m) => m.activityEndT)) + 1000);
  const height = layouts.reduce((sum, l) => sum + l.height, 0) + 60 * layouts.length;
  // d3-zoom works on any element; the hook names SVG only because the timeline uses it on one.
  const zoom = useTimelineZoom(boxRef as unknown as RefObject<SVGSVGElement>, {
    plotLeft: labelWidth,
    plotRight,
    height,
    durationMs,
    fitEndT,
  });
  const x = scaleLinear().domain(zoom.domain).range([labelWidth, plotRight]);
  const around = () => playback.getState().t;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-1 px-3 pt-3 sm:px-4" role="group" aria-label="Zoom both runs">
        <button type="button" className={zoomButton} onClick={() => zoom.zoomBy(0.5, around())}>
          Zoom out
        </button>
        <button type="button" className={zoomButton} onClick={() => zoom.zoomBy(2, around())}>
          Zoom in
        </button>
        <button type="button" className={zoomButton} onClick={zoom.fit}>
          Fit
        </button>
      </div>
      <div ref={boxRef} className="cursor-grab touch-pan-y select-none active:cursor-grabbing">
        {width > 0 &&
          sides.map((side, i) => {
            const dx = divergenceT === null ? null : x(divergenceT);
            const inView = dx !== null && dx >= labelWidth && dx <= plotRight;
            return (
              <div
                key={side.letter}
                role="group"
                aria-label={`Run ${side.letter}: ${side.title}`}
                className="border-t border-line first:border-t-0"
              >
                <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 sm:px-4">
                  <p className="text-sm font-semibold">
                    <span
                      className="mr-2 inline-flex size-6 items-center justify-center rounded-full border-2 border-ink text-xs"
                      aria-hidden="true"
                    >
                      {side.letter}
                    </span>
                    {side.title}
                  </p>
                  <VerdictBadge word={verdictOf(side.result.summary, side.result.scenario).word} />
                </div>
                <div className="relative">
                  <TimelineSvg
                    ref={null}
                    model={models[i]!}
                    layout={layouts[i]!}
                    scenario={side.result.scenario}
                    width={width}
                    labelWidth={labelWidth}
                    plotRight={plotRight}
                    domain={zoom.domain}
                    limitT={Infinity}
                    showMessages
                    onPick={setT}
                    describedBy="compare-help"
                  />
                  {inView && (
                    <div
                      aria-hidden="true"
                      className="pointer-events-none absolute top-0"
                      style={{ left: dx, height: layouts[i]!.axisTop }}
                    >
                      <div className="h-full border-l-2 border-dashed" style={{ borderColor: roleColor.ink }} />
                      <span className="absolute top-0 left-1 rounded bg-ink px-1 text-[10px] font-semibold whitespace-nowrap text-page">
                        differs from {formatClock(divergenceT!)}
                      </span>
                    </div>
                  )}
                </div>
              </div>
            );
          })}
      </div>
    </div>
  );
}
