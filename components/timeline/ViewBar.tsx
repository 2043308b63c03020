"use client";

import { selectShortcuts, selectShowMessages } from "@/components/lab/selectors";
import { useLabStores, usePlayback } from "@/components/lab/stores";
import type { TimelineZoom } from "./useTimelineZoom";

const buttonClass =
  "rounded-md border border-line px-2.5 py-1.5 text-sm font-medium hover:bg-surface disabled:opacity-40";

/** Zoom, pan and fit; whether messages show; the shortcuts switch; and the downloads. */
export function ViewBar({
  zoom,
  onDownload,
  downloadsDisabled,
}: {
  zoom: Pick<TimelineZoom, "zoomBy" | "panBy" | "fit">;
  onDownload: (format: "svg" | "png") => void;
  downloadsDisabled: boolean;
}) {
  const { playback } = useLabStores();
  const showMessages = usePlayback(selectShowMessages);
  const shortcuts = usePlayback(selectShortcuts);
  const around = () => playback.getState().t;
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Zoom and pan">
        <button type="button" className={buttonClass} onClick={() => zoom.zoomBy(0.5, around())}>
          Zoom out
        </button>
        <button type="button" className={buttonClass} onClick={() => zoom.zoomBy(2, around())}>
          Zoom in
        </button>
        <button type="button" className={buttonClass} onClick={() => zoom.panBy(-0.25)} aria-label="Pan left">
          ←
        </button>
        <button type="button" className={buttonClass} onClick={() => zoom.panBy(0.25)} aria-label="Pan right">
          →
        </button>
        <button type="button" className={buttonClass} onClick={zoom.fit}>
          Fit
        </button>
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={showMessages}
          onChange={(event) => playback.getState().setShowMessages(event.target.checked)}
          className="size-4 accent-[var(--color-focus)]"
        />
        Show messages
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={shortcuts}
          onChange={(event) => playback.getState().setShortcuts(event.target.checked)}
          className="size-4 accent-[var(--color-focus)]"
        />
        Keyboard shortcuts
      </label>
      <div className="flex items-center gap-1" role="group" aria-label="Download the timeline">
        <span className="mr-1 font-medium" aria-hidden="true">
          Download
        </span>
        <button
          type="button"
          className={buttonClass}
          disabled={downloadsDisabled}
          onClick={() => onDownload("svg")}
          aria-label="Download SVG"
        >
          SVG
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={downloadsDisabled}
          onClick={() => onDownload("png")}
          aria-label="Download PNG"
        >
          PNG
        </button>
      </div>
    </div>
  );
}
