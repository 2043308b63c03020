"use client";

import { useEffect, useId, useState } from "react";
import { formatDuration, groupDigits } from "@/lib/sim/format";
import type { MapRun } from "./useFailureMap";

/** Time since the map began, ticking each second while it draws; its final figure once it stops. */
function useElapsedMs(run: MapRun): number {
  const [now, setNow] = useState(() => performance.now());
  const running = run.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return running ? Math.max(run.elapsedMs, now - run.startedAt) : run.elapsedMs;
}

const STATUS: Record<MapRun["status"], string> = {
  running: "Drawing the map",
  done: "Map drawn",
  cancelled: "Cancelled",
  failed: "The map stopped with an error",
};

/**
 * How far the map has got and the time since it began (never "0 ms" while no cell has finished:
 * the clock runs from the start); the count is announced only when the run ends.
 */
export function MapProgress({ run }: { run: MapRun }) {
  const id = useId();
  const total = run.cells.length;
  const elapsedMs = useElapsedMs(run);
  const time = formatDuration(Math.round(elapsedMs));
  const runs = run.done * run.settings.seeds;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="font-semibold">
        {STATUS[run.status]}
      </label>
      <progress id={id} max={total} value={run.done} className="h-2 w-48 accent-[var(--color-focus)]" />
      <span className="tabular-nums text-ink-muted">
        {groupDigits(run.done)} of {groupDigits(total)} cells
        {run.status === "running" && elapsedMs >= 1000
          ? `, ${formatDuration(Math.floor(elapsedMs / 1000) * 1000)} so far`
          : ""}
      </span>
      <span role="status" className="tabular-nums text-ink-muted">
        {run.status === "running"
          ? ""
          : `${run.status === "done" ? "All" : groupDigits(run.done) + " of"} ${groupDigits(total)} cells (${groupDigits(runs)} runs) in ${time}.`}
      </span>
      {run.error && <span className="basis-full font-medium text-danger-ink">{run.error}</span>}
    </div>
  );
}
