"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { groupDigits, seconds } from "@/lib/sim/format";
import { timelineLayout } from "@/lib/readers/timelineLayout";
import { modelOf, storyOfResult } from "@/lib/readers/derived";
import { pictureSpan } from "@/lib/readers/pictureSpan";
import {
  selectHiding,
  selectFrameRequest,
  selectLimitT,
  selectPending,
  selectPresetId,
  selectResult,
  selectSetT,
  selectShortcuts,
  selectShowMessages,
} from "@/components/lab/selectors";
import { useLabStores, usePlayback, useScenario } from "@/components/lab/stores";
import { downloadTimelinePng, downloadTimelineSvg } from "./exportImage";
import { stepGapOf, type LayerProps } from "./geometry";
import { marksOverCap } from "./MarkLayer";
import { messagesOverCap } from "./MessageLayer";
import { PlaybackBar } from "./PlaybackBar";
import { spansCrowded } from "./SpanLayer";
import { TimelineKey, TimelineReadingNote } from "./TimelineKey";
import { TimelineSvg } from "./TimelineSvg";
import { useElementWidth } from "./useElementWidth";
import { usePlaybackLoop } from "./usePlaybackLoop";
import { useReducedMotion } from "./useReducedMotion";
import { useShortcuts } from "./useShortcuts";
import { useTimelineZoom } from "./useTimelineZoom";
import { ViewBar } from "./ViewBar";

const RIGHT_PAD = 16;

/**
 * The timeline: the space-time diagram of the run with its playback and view controls. Its root
 * is the region named "Timeline". A polite live region says what happened at each step.
 */
export function Timeline() {
  const result = useScenario(selectResult);
  const pending = useScenario(selectPending);
  const hiding = useScenario(selectHiding);
  const presetId = useScenario(selectPresetId);
  const limit = usePlayback(selectLimitT);
  const showMessages = usePlayback(selectShowMessages);
  const shortcuts = usePlayback(selectShortcuts);
  const setT = usePlayback(selectSetT);
  const { playback } = useLabStores();
  const reducedMotion = useReducedMotion();
  const containerRef = useRef<HTMLDivElement>(null);
  // A window asked for while this timeline is on the page: one asked for before it opened was for a timeline that is gone.
  const requested = usePlayback(selectFrameRequest);
  const [seqAtOpen] = useState(() => playback.getState().frameRequest?.seq ?? 0);
  const frameRequest = requested && requested.seq > seqAtOpen ? requested : null;
  const svgRef = useRef<SVGSVGElement>(null);
  const { width, redrawn } = useElementWidth(containerRef);
  const [announcement, setAnnouncement] = useState("");
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const model = result ? modelOf(result) : null;
  const [everyLane, setEveryLane] = useState(false);
  const layout = useMemo(
    () =>
      model
        ? timelineLayout(model.lanes, {
            maxClients: everyLane ? Infinity : CLIENT_LANES_SHOWN,
            groupAbove: GROUP_CLIENTS_ABOVE,
          })
        : null,
    [model, everyLane],
  );
  const clientCount = model ? model.lanes.filter((l) => l.kind === "client").length : 0;
  const grouped = layout?.moreClients != null;
  const labelWidth = width < 560 ? 84 : 150;
  const plotRight = Math.max(labelWidth + 40, width - RIGHT_PAD);
  const durationMs = model?.durationMs ?? 1;
  // "Fit" shows the run up to a little after its activity ends: the rest is empty time.
  const fitEndT = model ? pictureSpan(model)[1] : durationMs;
  const zoom = useTimelineZoom(
    svgRef,
    { plotLeft: labelWidth, plotRight, height: layout?.height ?? 0, durationMs, fitEndT },
    frameRequest,
  );

  const { zoomBy, panBy } = zoom;
  const stops = model ? model.stops.key : EMPTY;
  const everyStop = model ? (showMessages ? model.stops.all : model.stops.withoutMessages) : EMPTY;
  const limitT = hiding && limit !== null ? limit : Infinity;

  const stepGapMs = stepGapOf(zoom.domain, plotRight - labelWidth);

  usePlaybackLoop(stops, reducedMotion);
  useShortcuts({ enabled: shortcuts, playback, stops, everyStop, stepGapMs, zoomBy, panBy });

  const announce = useCallback(
    (t: number) => {
      if (!result) return;
      const line = storyOfResult(result).lines.findLast((l) => l.t <= t + 1e-6 && l.t <= limitT);
      setAnnouncement(line && Math.abs(line.t - t) < 1 ? line.text : `Playhead at ${seconds(t)}.`);
    },
    [result, limitT],
  );

  const download = async (format: "svg" | "png") => {
    const svg = svgRef.current;
    if (!svg) return;
    const name = `lease-lab-${presetId ?? "scenario"}`;
    setDownloadError(null);
    try {
      if (format === "svg") downloadTimelineSvg(svg, name);
      else await downloadTimelinePng(svg, name);
    } catch (error) {
      setDownloadError(
        `The ${format.toUpperCase()} could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const hiddenMessages =
    model && showMessages ? messagesOverCap({ model, domain: zoom.domain, limitT }, plotRight - labelWidth) : 0;

  return (
    <section
      id="timeline"
      tabIndex={-1}
      aria-label="Timeline"
      className="scroll-mt-4 rounded-xl border border-line bg-page"
    >
      <div className="space-y-3 border-b border-line p-3 sm:p-4">
        <PlaybackBar
          stops={stops}
          everyStop={everyStop}
          stepGapMs={stepGapMs}
          onStepped={announce}
          reducedMotion={reducedMotion}
        />
        <ViewBar zoom={zoom} onDownload={download} downloadsDisabled={hiding || !model} />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {zoom.zoomed &&
            `The view is zoomed to ${seconds(zoom.domain[0])} – ${seconds(zoom.domain[1])}: a changed run keeps it. Fit shows the whole run.`}
        </p>
        {downloadError && (
          <p role="alert" className="text-sm font-medium text-danger-ink">
            {downloadError}
          </p>
        )}
      </div>
      <div ref={containerRef} className="relative overflow-hidden">
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
            domain={zoom.domain}
            limitT={limitT}
            showMessages={showMessages}
            onPick={setT}
            describedBy="timeline-help"
          />
        ) : (
          <p className="p-6 text-ink-muted">{pending ? "Simulating…" : "Measuring…"}</p>
        )}
        {pending && (
          <p role="status" className="absolute top-2 right-3 rounded-md bg-surface px-2 py-1 text-sm font-medium">
            Simulating a large run in the background…
          </p>
        )}
      </div>
      <div className="space-y-2 border-t border-line p-3 sm:px-4">
        {hiddenMessages > 0 && (
          <p className="text-xs text-ink-muted">
            {groupDigits(hiddenMessages)} messages in view: zoom in to see them as arrows.
          </p>
        )}
        {model && <CrowdedMarksNote model={model} domain={zoom.domain} limitT={limitT} />}
        {clientCount > GROUP_CLIENTS_ABOVE && (
          <p className="text-xs text-ink-muted">
            {grouped
              ? `The first ${CLIENT_LANES_SHOWN} of ${groupDigits(clientCount)} clients have a lane; the storage lane shows every client's writes. `
              : `Every one of the ${groupDigits(clientCount)} clients has a lane. `}
            <button
              type="button"
              onClick={() => setEveryLane(!everyLane)}
              className="font-medium text-link underline underline-offset-2"
            >
              {grouped ? `Show all ${groupDigits(clientCount)} clients` : `Show only the first ${CLIENT_LANES_SHOWN}`}
            </button>
          </p>
        )}
        {model && spansCrowded({ model, domain: zoom.domain, limitT }) && (
          <p className="text-xs text-ink-muted">
            Too many spans in view to draw one by one: each lane’s bar shows how much of the time it held the lock (a
            full bar is all of it). Zoom in for each span.
          </p>
        )}
        <TimelineKey />
        <TimelineReadingNote />
        <p id="timeline-help" className="text-xs text-ink-muted">
          Drag to pan; Ctrl or ⌘ + wheel (or pinch) to zoom; click the diagram to move the playhead. Tab reaches the
          grants, writes and violations; ← and → move between them, Enter moves the playhead there.{" "}
          {shortcuts
            ? "Shortcuts: Space plays or pauses, ← → step between key events (Shift + ← → between every event), [ and ] pan, Home and End jump, + and − zoom."
            : "Single-key shortcuts are off."}{" "}
          Ctrl or ⌘ + Z undoes an edit, Shift + Ctrl or ⌘ + Z redoes it.
        </p>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>
    </section>
  );
}

const EMPTY = new Float64Array();
/** With more clients than this, only the first few get a lane until the learner asks for all: 64 lanes bury the point. */
const GROUP_CLIENTS_ABOVE = 12;
const CLIENT_LANES_SHOWN = 8;

/** Says when grants and writes are too dense to reach one by one, which depends on the playhead. */
function CrowdedMarksNote(props: Pick<LayerProps, "model" | "domain" | "limitT">) {
  // A count, not the playhead: playing re-renders the note only when the count changes.
  const n = usePlayback((s) => marksOverCap(props, s.t));
  return n > 0 ? (
    <p className="text-xs text-ink-muted">{groupDigits(n)} grants and writes in view: zoom in to reach each one.</p>
  ) : null;
}
