"use client";

import { useState } from "react";
import type { TimeSeries } from "@/lib/sim/series";
import { formatDuration, formatPercent } from "@/lib/sim/format";

/**
 * The charts' data as a table, one row per second: the alternative to the charts for anyone who
 * cannot see them. Rows are made only when the table is opened (a long run has thousands).
 */
export function SeriesTable({ series }: { series: TimeSeries }) {
  const [open, setOpen] = useState(false);
  const latency = (ms: number | undefined, i: number) =>
    ms !== undefined && (series.acquireP99[i] ?? 0) > 0 ? formatDuration(ms) : "—";
  return (
    <details className="mt-4 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">The charts as a table</summary>
      {open && (
        <div
          className="mt-2 max-h-80 overflow-auto rounded-md border border-line"
          tabIndex={0}
          role="region"
          aria-label="Load per second"
        >
          <table className="w-full text-right tabular-nums">
            <caption className="sr-only">
              Per second of simulated time: jobs arrived and done, average backlog, acquire latency p50 and p99, lock
              service busy
            </caption>
            <thead className="sticky top-0 bg-surface text-xs">
              <tr>
                {["Second", "Arrived", "Done", "Backlog", "p50", "p99", "Service busy"].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1.5 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.arrived.map((arrived, i) => (
                <tr key={i} className="border-t border-line">
                  <th scope="row" className="px-2 py-1 font-normal">
                    {i * (series.bucketMs / 1000)}–{(i + 1) * (series.bucketMs / 1000)} s
                  </th>
                  <td className="px-2 py-1">{arrived}</td>
                  <td className="px-2 py-1">{series.completed[i]}</td>
                  <td className="px-2 py-1">{series.backlog[i]}</td>
                  <td className="px-2 py-1">{latency(series.acquireP50[i], i)}</td>
                  <td className="px-2 py-1">{latency(series.acquireP99[i], i)}</td>
                  <td className="px-2 py-1">{formatPercent(series.utilization[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
