"use client";

import { scaleLinear } from "d3-scale";
import { memo, useEffect, useId, useMemo, useRef, useState, type Ref } from "react";
import { flushSync } from "react-dom";
import { HatchPattern } from "@/components/marks/HatchPattern";
import type { TimelineLayout } from "@/lib/readers/timelineLayout";
import type { TimelineModel } from "@/lib/readers/timelineModel";
import type { ResolvedScenario } from "@/lib/sim/scenario";
import { roleColor } from "@/lib/theme/tokens";
import { Axis, Gridlines } from "./Axis";
import { LaneGuides } from "./LaneGuides";
import { LaneLabels } from "./LaneLabels";
import { MarkLayer } from "./MarkLayer";
import { MarkTooltip, type MarkTip } from "./MarkTooltip";
import { MessageLayer } from "./MessageLayer";
import { Playhead, RevealWindow } from "./Playhead";
import { PointLayer } from "./PointLayer";
import { RefusalLayer } from "./RefusalLayer";
import { SpanLayer } from "./SpanLayer";

export interface TimelineSvgProps {
  ref: Ref<SVGSVGElement>;
  model: TimelineModel;
  layout: TimelineLayout;
  scenario: ResolvedScenario;
  width: number;
  labelWidth: number;
  plotRight: number;
  domain: [number, number];
  limitT: number;
  showMessages: boolean;
  onPick: (t: number) => void;
  describedBy: string;
  /** Lane names and clocks at this size (a room's slide), else the lab's. */
  laneTextPx?: number;
  /** Set once the drawing hydrated from the HTML is built anew at its measured width (useElementWidth). */
  redrawn?: boolean;
}

/**
 * The space-time diagram: lanes, the run drawn up to the playhead, the focusable marks, the axis
 * and the lane labels with their clocks. The SVG node is also where d3-zoom listens (see
 * useTimelineZoom); everything in it is rendered by React.
 *
 * A drawing hydrated from the HTML at another width than its box's is built anew (`redrawn`, see
 * useElementWidth), and the old one goes in two steps: the commit that shows the new drawing hides
 * the old one, unchanged, and a later task removes it. Removing it in the same commit was one task
 * of 46–52 ms on a phone under Lighthouse's tracing, which records each node taken out of the page
 * with the JavaScript stack it happened under: React's commit is a deep one.
 */
export function TimelineSvg({ ref, width, layout, describedBy, redrawn = false, ...drawing }: TimelineSvgProps) {
  const id = useId();
  const [oldRemoved, setOldRemoved] = useState(false);
  const old = useRef<SVGGElement>(null);
  useEffect(() => {
    if (!redrawn || oldRemoved) return;
    const timer = setTimeout(() => {
      // Its nodes are taken out here, from a timer's shallow stack, where the trace's record of
      // each is cheap; React removes the emptied group at once, in the same task, so no render in
      // between can reach into it. Of a deleted group React touches only the group itself.
      old.current?.replaceChildren();
      flushSync(() => setOldRemoved(true));
    });
    return () => clearTimeout(timer);
  }, [redrawn, oldRemoved]);
  const props = { ...drawing, width, layout };

  return (
    <svg
      ref={ref}
      width={width}
      height={layout.height}
      role="group"
      aria-label="Space-time diagram"
      aria-describedby={describedBy}
      className="block cursor-grab touch-pan-y select-none active:cursor-grabbing"
      fontFamily="inherit"
    >
      {!oldRemoved && (
        <g key="drawn" ref={old} display={redrawn ? "none" : undefined}>
          <Drawing {...props} idPrefix={id} frozen={redrawn} />
        </g>
      )}
      {/* Its own ids, as its patterns and clip must not resolve to the hidden drawing's. */}
      {redrawn && (
        <g key="redrawn">
          <Drawing {...props} idPrefix={`${id}-redrawn`} frozen={false} />
        </g>
      )}
    </svg>
  );
}

type DrawingProps = Omit<TimelineSvgProps, "ref" | "describedBy" | "redrawn"> & {
  idPrefix: string;
  /** Set, the drawing keeps what it last rendered (a hidden drawing about to be removed). */
  frozen: boolean;
};

const Drawing = memo(
  function Drawing({
    model,
    layout,
    scenario,
    width,
    labelWidth,
    plotRight,
    domain,
    limitT,
    showMessages,
    onPick,
    laneTextPx,
    idPrefix,
  }: DrawingProps) {
    const ids = {
      plot: `${idPrefix}-plot`,
      pause: `${idPrefix}-pause`,
      danger: `${idPrefix}-danger`,
      delay: `${idPrefix}-delay`,
      arrow: `${idPrefix}-arrow`,
    };
    const x = useMemo(
      () => scaleLinear().domain(domain).range([labelWidth, plotRight]),
      [domain, labelWidth, plotRight],
    );
    const patterns = useMemo(
      () => ({ pause: ids.pause, danger: ids.danger, delay: ids.delay }),
      [ids.pause, ids.danger, ids.delay],
    );
    const layer = { model, layout, x, domain, limitT };
    const [tip, setTip] = useState<MarkTip | null>(null);

    return (
      <>
        <defs>
          <HatchPattern id={ids.pause} color={roleColor.pause} />
          <HatchPattern id={ids.danger} color={roleColor.danger} />
          <HatchPattern id={ids.delay} color={roleColor.lockService} spacing={8} />
          <marker
            id={ids.arrow}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M0 0L10 5L0 10Z" style={{ fill: roleColor.inkMuted }} />
          </marker>
          <clipPath id={ids.plot}>
            <rect x={labelWidth} y="0" width={Math.max(0, plotRight - labelWidth + 12)} height={layout.height} />
          </clipPath>
        </defs>
        <LaneGuides layout={layout} width={width} />
        <g clipPath={`url(#${ids.plot})`}>
          <Gridlines x={x} layout={layout} plotLeft={labelWidth} plotRight={plotRight} />
          <rect
            x={labelWidth}
            y={layout.lanesTop}
            width={Math.max(0, plotRight - labelWidth)}
            height={layout.lanesBottom - layout.lanesTop}
            fill="transparent"
            onClick={(event) => {
              const box = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect();
              onPick(x.invert(event.clientX - box.left));
            }}
          />
          <RevealWindow x={x} height={layout.height} limitT={limitT}>
            <SpanLayer {...layer} patterns={patterns} />
            <PointLayer {...layer} />
            {showMessages && <RefusalLayer {...layer} />}
            {showMessages && <MessageLayer {...layer} arrow={ids.arrow} />}
          </RevealWindow>
          <MarkLayer {...layer} onTip={setTip} />
        </g>
        <LaneLabels layout={layout} scenario={scenario} width={labelWidth} textPx={laneTextPx} />
        <Axis x={x} layout={layout} plotLeft={labelWidth} plotRight={plotRight} />
        <Playhead x={x} layout={layout} plotLeft={labelWidth} plotRight={plotRight} />
        {tip && <MarkTooltip tip={tip} width={width} height={layout.height} />}
      </>
    );
  },
  // A frozen drawing is not rendered again: its next props are another width's.
  (_, next) => next.frozen,
);
