"use client";

import { useId } from "react";
import type { LessonLive } from "@/lib/content/lessonTypes";
import { formatDuration, groupDigits } from "@/lib/sim/format";
import { useLiveActions, useLiveValue } from "./LessonLive";

/** A value as the lesson writes it: durations with their unit ("5.5 s"), anything else as given. */
function liveText(value: number, unit: string): string {
  return unit === "ms" ? formatDuration(value) : `${groupDigits(value)} ${unit}`;
}

/**
 * A live number in the lesson (`::live`): the value in words, and a slider that sets it. The runs
 * of the same preset that follow it in the lesson re-simulate as it moves.
 */
export function LiveControl({ live }: { live: LessonLive }) {
  const id = useId();
  const value = useLiveValue(live.id, live.initial);
  const { setValue, reset } = useLiveActions();
  const text = liveText(value, live.unit);

  return (
    <div className="my-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border-2 border-dashed border-line px-4 py-3">
      <label htmlFor={id} className="font-semibold">
        {live.label}
      </label>
      <input
        id={id}
        type="range"
        min={live.min}
        max={live.max}
        step={live.step}
        value={value}
        aria-valuetext={text}
        aria-describedby={`${id}-note`}
        onChange={(event) => setValue(live.id, Number(event.target.value))}
        className="lab-range min-w-40 flex-1"
      />
      <output htmlFor={id} className="min-w-20 font-mono text-lg font-semibold tabular-nums">
        {text}
      </output>
      <button
        type="button"
        onClick={() => reset(live.id)}
        disabled={value === live.initial}
        className="rounded-md border border-line px-2.5 py-1 text-sm font-medium hover:bg-surface disabled:opacity-50"
      >
        Reset<span className="sr-only"> {live.label}</span>
      </button>
      <p id={`${id}-note`} className="basis-full text-xs text-ink-muted">
        Drag it, or use the arrow keys: the run below follows. The preset has {liveText(live.initial, live.unit)}.
      </p>
    </div>
  );
}
