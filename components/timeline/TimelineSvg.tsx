"use client";

import { scaleLinear } from "d3-scale";
import { Fragment, useId, useMemo, useState, type Ref } from "react";
import { HatchPattern } from "@/components/marks/HatchPattern";
import type { TimelineLayout } from "@/lib/run/timelineLayout";
import type { TimelineModel } from "@/lib/run/timelineModel";
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
 */
export function TimelineSvg({
  ref,
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
  describedBy,
  laneTextPx,
  redrawn = false,
}: TimelineSvgProps) {
  const id = useId();
  const ids = { plot: `${id}-plot`, pause: `${id}-pause`, danger: `${id}-danger`, delay: `${id}-delay`, arrow: `${id}-arrow` };
  const x = useMemo(() => scaleLinear().domain(domain).range([labelWidth, plotRight]), [domain, labelWidth, plotRight]);
  const patterns = useMemo(() => ({ pause: ids.pause, danger: ids.danger, delay: ids.delay }), [ids.pause, ids.danger, ids.delay]);
  const layer = { model, layout, x, domain, limitT };
  const [tip, setTip] = useState<MarkTip | null>(null);

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
      {/* Keyed, so that a new width creates the drawing anew (in slices) rather than updating it in place. */}
      <Fragment key={redrawn ? "redrawn" : "drawn"}>
        <defs>
          <HatchPattern id={ids.pause} color={roleColor.pause} />
          <HatchPattern id={ids.danger} color={roleColor.danger} />
          <HatchPattern id={ids.delay} color={roleColor.lockService} spacing={8} />
          <marker id={ids.arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
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
      </Fragment>
    </svg>
  );
}
