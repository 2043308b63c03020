"use client";

import { useId } from "react";
import { formatDuration } from "@/lib/lab/format";
import type { MapRun } from "./useFailureMap";

const STATUS: Record<MapRun["status"], string> = { running: "Drawing the map", done: "Map drawn", cancelled: "Cancelled", failed: "The map stopped with an error" };

/** How far the map has got, and how long it took; the count is announced only when the run ends. */
export function MapProgress({ run }: { run: MapRun }) {
  const id = useId();
  const total = run.cells.length;
  const time = formatDuration(Math.round(run.elapsedMs));
  const runs = run.done * run.settings.seeds;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="font-semibold">
        {STATUS[run.status]}
      </label>
      <progress id={id} max={total} value={run.done} className="h-2 w-48 accent-[var(--color-focus)]" />
      <span className="tabular-nums text-ink-muted">
        {run.done.toLocaleString("en-US")} of {total.toLocaleString("en-US")} cells
      </span>
      <span role="status" className="tabular-nums text-ink-muted">
        {run.status === "running" ? "" : `${run.status === "done" ? "All" : run.done.toLocaleString("en-US") + " of"} ${total.toLocaleString("en-US")} cells (${runs.toLocaleString("en-US")} runs) in ${time}.`}
      </span>
      {run.error && <span className="basis-full font-medium text-danger-ink">{run.error}</span>}
    </div>
  );
}
