"use client";

import { scaleLinear } from "d3-scale";
import { select } from "d3-selection";
import { zoom, zoomIdentity, zoomTransform, type ZoomBehavior } from "d3-zoom";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** The narrowest window the timeline zooms to, in ms of true time. */
const MIN_WINDOW_MS = 5;

export interface ZoomGeometry {
  plotLeft: number;
  plotRight: number;
  height: number;
  durationMs: number;
  /** What "Fit" shows, and the view a new run opens with: from 0 to just after its last event. */
  fitEndT: number;
}

export interface TimelineZoom {
  /** The visible window of true time, in ms. */
  domain: [number, number];
  zoomBy: (factor: number, centerT?: number) => void;
  /** Pans by a fraction of the visible width (negative: towards the start). */
  panBy: (fraction: number) => void;
  fit: () => void;
}

/** The zoom transform that shows [d0, d1] of a base scale from 0 to durationMs over [plotLeft, …]. */
function transformFor([d0, d1]: [number, number], base: (t: number) => number, plotLeft: number, durationMs: number) {
  const k = durationMs / Math.max(MIN_WINDOW_MS, d1 - d0);
  return zoomIdentity.translate(plotLeft - k * base(d0), 0).scale(k);
}

/**
 * Zoom and pan for the timeline. d3-zoom owns the gestures on the SVG node (Ctrl/⌘ + wheel or
 * pinch to zoom, drag to pan, horizontal or Shift + wheel to pan) and is confined to this hook:
 * it reports only the visible window, which React renders from. Buttons and keys call the same
 * behaviour, so every way of zooming agrees. A plain vertical wheel scrolls the page, as it should.
 */
export function useTimelineZoom(svgRef: RefObject<SVGSVGElement | null>, { plotLeft, plotRight, height, durationMs, fitEndT }: ZoomGeometry): TimelineZoom {
  const fitted: [number, number] = [0, Math.min(durationMs, fitEndT)];
  const [view, setView] = useState<{ durationMs: number; domain: [number, number] }>({ durationMs, domain: fitted });
  const domainRef = useRef<{ durationMs: number; domain: [number, number] } | null>(null);
  const zoomRef = useRef<{ behavior: ZoomBehavior<SVGSVGElement, unknown>; svg: SVGSVGElement; fit: () => void } | null>(null);
  // A run of another length starts fitted.
  const domain: [number, number] = view.durationMs === durationMs ? view.domain : fitted;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || plotRight <= plotLeft) return;
    const base = scaleLinear().domain([0, durationMs]).range([plotLeft, plotRight]);
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([1, Math.max(1, durationMs / MIN_WINDOW_MS)])
      .extent([
        [plotLeft, 0],
        [plotRight, height],
      ])
      .translateExtent([
        [plotLeft, 0],
        [plotRight, height],
      ])
      .filter((event: Event) => {
        if (event.type === "wheel") return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
        // One finger scrolls the page; two pinch or pan the timeline.
        if (event.type === "touchstart") return (event as TouchEvent).touches.length > 1;
        return !(event as MouseEvent).ctrlKey && !(event as MouseEvent).button;
      })
      .on("zoom", (event: { transform: ReturnType<typeof zoomTransform> }) => {
        const next = event.transform.rescaleX(base).domain() as [number, number];
        domainRef.current = { durationMs, domain: next };
        setView({ durationMs, domain: next });
      });
    const selection = select(svg);
    selection.call(behavior).on("dblclick.zoom", null);

    // Keep the visible window across a resize or a new run of the same length; else fit.
    const fitWindow: [number, number] = [0, Math.min(durationMs, fitEndT)];
    const kept = domainRef.current;
    selection.call(behavior.transform, transformFor(kept && kept.durationMs === durationMs ? kept.domain : fitWindow, base, plotLeft, durationMs));

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) return;
      const dx = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.shiftKey ? event.deltaY : 0;
      if (!dx) return;
      event.preventDefault();
      behavior.translateBy(selection, -dx / zoomTransform(svg).k, 0);
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    const fit = () => behavior.transform(selection, transformFor(fitWindow, base, plotLeft, durationMs));
    zoomRef.current = { behavior, svg, fit };
    return () => {
      selection.on(".zoom", null);
      svg.removeEventListener("wheel", onWheel);
      zoomRef.current = null;
    };
  }, [svgRef, plotLeft, plotRight, height, durationMs, fitEndT]);

  const zoomBy = useCallback(
    (factor: number, centerT?: number) => {
      const z = zoomRef.current;
      if (!z) return;
      const [d0, d1] = domainRef.current?.domain ?? [0, durationMs];
      const t = centerT !== undefined && centerT >= d0 && centerT <= d1 ? centerT : (d0 + d1) / 2;
      const x = plotLeft + ((t - d0) / (d1 - d0)) * (plotRight - plotLeft);
      z.behavior.scaleBy(select(z.svg), factor, [x, 0]);
    },
    [plotLeft, plotRight, durationMs],
  );

  const panBy = useCallback(
    (fraction: number) => {
      const z = zoomRef.current;
      if (z) z.behavior.translateBy(select(z.svg), (-fraction * (plotRight - plotLeft)) / zoomTransform(z.svg).k, 0);
    },
    [plotLeft, plotRight],
  );

  const fit = useCallback(() => zoomRef.current?.fit(), []);

  return { domain, zoomBy, panBy, fit };
}
