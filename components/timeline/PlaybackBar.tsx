"use client";

import { useId } from "react";
import { formatClock, formatDuration, seconds } from "@/lib/sim/format";
import { SPEEDS } from "@/lib/readers/playback";
import { playbackMax } from "@/lib/store/labPlayback";
import { selectEndT, selectLimitT, selectPlaying, selectSpeed, selectT } from "@/components/lab/selectors";
import { useLabStores, usePlayback } from "@/components/lab/stores";
import { IconButton } from "./IconButton";

/**
 * Play and pause, step between key events (with Shift, between every event), the playhead slider
 * and the playing speed.
 */
export function PlaybackBar({
  stops,
  everyStop = stops,
  stepGapMs = 0,
  onStepped,
  reducedMotion,
}: {
  stops: ArrayLike<number>;
  /** What Shift + step moves between; the same as `stops` when not given. */
  everyStop?: ArrayLike<number>;
  /** Key stops closer than this are one step: they are drawn at one spot (stepGapOf). */
  stepGapMs?: number;
  onStepped: (t: number) => void;
  reducedMotion: boolean;
}) {
  const id = useId();
  const { playback } = useLabStores();
  const t = usePlayback(selectT);
  const playing = usePlayback(selectPlaying);
  const endT = usePlayback(selectEndT);
  const limitT = usePlayback(selectLimitT);
  const speed = usePlayback(selectSpeed);
  const max = playbackMax({ endT, limitT });
  const step = (direction: 1 | -1, fine: boolean) => {
    const p = playback.getState();
    // A key step takes events drawn at one spot together; a fine step (Shift) visits each.
    const gapMs = fine ? 0 : stepGapMs;
    if (direction === 1) p.stepForward(fine ? everyStop : stops, { gapMs });
    else p.stepBack(fine ? everyStop : stops, gapMs);
    onStepped(playback.getState().t);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-1">
        <IconButton
          label="Step back"
          tooltip="To the previous key event (Shift: the previous event, messages included)"
          onClick={(event) => step(-1, event.shiftKey)}
          disabled={t <= 0}
        >
          <path d="M6 5v14M19 5l-10 7 10 7z" />
        </IconButton>
        <IconButton label={playing ? "Pause" : "Play"} onClick={() => playback.getState().togglePlay()} primary>
          {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M7 4.5v15l12.5-7.5z" />}
        </IconButton>
        <IconButton
          label="Step forward"
          tooltip="To the next key event (Shift: the next event, messages included)"
          onClick={(event) => step(1, event.shiftKey)}
          disabled={t >= max}
        >
          <path d="M18 5v14M5 5l10 7-10 7z" />
        </IconButton>
      </div>
      <div className="flex min-w-48 flex-1 items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Playhead
        </label>
        <input
          id={id}
          type="range"
          min={0}
          max={endT}
          step={Math.max(1, Math.round(endT / 1200))}
          value={Math.round(t)}
          aria-valuetext={`${formatClock(t)} of ${formatDuration(endT)}${limitT !== null ? `, stopped at ${seconds(limitT)} until you predict` : ""}`}
          onChange={(event) => playback.getState().setT(Number(event.target.value))}
          className="lab-range min-w-0 flex-1"
        />
        <span className="shrink-0 font-mono text-sm tabular-nums" aria-hidden="true">
          {(t / 1000).toFixed(3)} / {(endT / 1000).toFixed(0)} s
        </span>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span className="font-medium">Speed</span>
        <select
          value={speed}
          onChange={(event) => playback.getState().setSpeed(Number(event.target.value))}
          className="rounded-md border border-line bg-page px-2 py-1.5 text-sm text-ink"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s} s per second
            </option>
          ))}
        </select>
      </label>
      {reducedMotion && (
        <p className="basis-full text-xs text-ink-muted">
          Reduced motion is on: playing keeps its speed but jumps from one key event to the next instead of animating.
        </p>
      )}
    </div>
  );
}
