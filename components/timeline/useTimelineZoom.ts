"use client";

import type { FrameRequest } from "@/lib/store/labPlayback";
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
  /** The learner zoomed or panned (or a jump framed a moment): a new run keeps this view until Fit. */
  zoomed: boolean;
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

/** Two windows a billionth of their width apart are the same: nothing drawn from them differs. */
function sameWindow(a: [number, number], b: [number, number]): boolean {
  const tolerance = (a[1] - a[0]) * 1e-9;
  return Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;
}

/**
 * Zoom and pan for the timeline. d3-zoom owns the gestures on the SVG node (Ctrl/⌘ + wheel or
 * pinch to zoom, drag to pan, horizontal or Shift + wheel to pan) and is confined to this hook:
 * it reports only the visible window, which React renders from. Buttons and keys call the same
 * behaviour, so every way of zooming agrees. A plain vertical wheel scrolls the page, as it should.
 * A new run is fitted (so an edit that moves the stale write later never leaves it off the right
 * edge), unless the learner has zoomed by hand: then the view stays, and `zoomed` says so.
 */
export function useTimelineZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  { plotLeft, plotRight, height, durationMs, fitEndT }: ZoomGeometry,
  frameRequest: FrameRequest | null = null,
): TimelineZoom {
  const fitted: [number, number] = [0, Math.min(durationMs, fitEndT)];
  const [view, setView] = useState<{ durationMs: number; domain: [number, number] }>({ durationMs, domain: fitted });
  const domainRef = useRef<{ durationMs: number; domain: [number, number] } | null>(null);
  const zoomRef = useRef<{
    behavior: ZoomBehavior<SVGSVGElement, unknown>;
    svg: SVGSVGElement;
    fit: () => void;
    show: (window: [number, number]) => void;
  } | null>(null);
  const manualRef = useRef(false);
  const [zoomed, setZoomed] = useState(false);
  const byHand = useCallback(() => {
    manualRef.current = true;
    setZoomed(true);
  }, []);
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
      .on("zoom", (event: { transform: ReturnType<typeof zoomTransform>; sourceEvent: Event | null }) => {
        // A gesture (not a programmatic transform) is zooming by hand.
        if (event.sourceEvent) byHand();
        const next = event.transform.rescaleX(base).domain() as [number, number];
        domainRef.current = { durationMs, domain: next };
        // The same window again (the fit applied when the timeline mounts, which comes back through
        // the transform with rounding errors) renders nothing anew.
        setView((view) =>
          view.durationMs === durationMs && sameWindow(view.domain, next) ? view : { durationMs, domain: next },
        );
      });
    const selection = select(svg);
    selection.call(behavior).on("dblclick.zoom", null);

    // A view zoomed by hand survives a resize or a new run of the same length; else the run is fitted.
    const fitWindow: [number, number] = [0, Math.min(durationMs, fitEndT)];
    const kept = domainRef.current;
    const keep = manualRef.current && kept && kept.durationMs === durationMs;
    selection.call(behavior.transform, transformFor(keep ? kept.domain : fitWindow, base, plotLeft, durationMs));

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) return;
      const dx = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.shiftKey ? event.deltaY : 0;
      if (!dx) return;
      event.preventDefault();
      byHand();
      behavior.translateBy(selection, -dx / zoomTransform(svg).k, 0);
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    const fit = () => {
      manualRef.current = false;
      setZoomed(false);
      behavior.transform(selection, transformFor(fitWindow, base, plotLeft, durationMs));
    };
    const show = (window: [number, number]) =>
      behavior.transform(selection, transformFor(window, base, plotLeft, durationMs));
    zoomRef.current = { behavior, svg, fit, show };
    return () => {
      selection.on(".zoom", null);
      svg.removeEventListener("wheel", onWheel);
      zoomRef.current = null;
    };
  }, [svgRef, plotLeft, plotRight, height, durationMs, fitEndT, byHand]);

  // After the run's own effect above (effects run in order), so a jump into a new run frames that run.
  useEffect(() => {
    if (!frameRequest || !zoomRef.current) return;
    byHand();
    zoomRef.current.show(frameRequest.window);
  }, [frameRequest, byHand]);

  const zoomBy = useCallback(
    (factor: number, centerT?: number) => {
      const z = zoomRef.current;
      if (!z) return;
      const [d0, d1] = domainRef.current?.domain ?? [0, durationMs];
      const t = centerT !== undefined && centerT >= d0 && centerT <= d1 ? centerT : (d0 + d1) / 2;
      const x = plotLeft + ((t - d0) / (d1 - d0)) * (plotRight - plotLeft);
      byHand();
      z.behavior.scaleBy(select(z.svg), factor, [x, 0]);
    },
    [plotLeft, plotRight, durationMs, byHand],
  );

  const panBy = useCallback(
    (fraction: number) => {
      const z = zoomRef.current;
      if (!z) return;
      byHand();
      z.behavior.translateBy(select(z.svg), (-fraction * (plotRight - plotLeft)) / zoomTransform(z.svg).k, 0);
    },
    [plotLeft, plotRight, byHand],
  );

  const fit = useCallback(() => zoomRef.current?.fit(), []);

  // A gesture that ended where it began has not zoomed anything worth saying.
  const offFit = Math.abs(domain[0] - fitted[0]) + Math.abs(domain[1] - fitted[1]) > (fitted[1] - fitted[0]) * 0.005;
  return { domain, zoomed: zoomed && offFit, zoomBy, panBy, fit };
}
