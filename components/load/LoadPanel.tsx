"use client";

import { useMemo } from "react";
import { formatDuration, formatPercent, groupDigits } from "@/lib/sim/format";
import { curveKey } from "@/lib/explore/loadCurve";
import { roleColor } from "@/lib/theme/tokens";
import { selectHiding, selectResolved, selectResult, selectScenario } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import type { SimResult } from "@/lib/sim/simulate";
import { LoadCurve } from "./LoadCurve";
import { chartSummaries, hasLatency, loadFigures } from "./loadText";
import { SeriesChart, type ChartLine } from "./SeriesChart";
import { SeriesTable } from "./SeriesTable";
import { useLoadCurve } from "./useLoadCurve";

/**
 * The Load panel, for stream runs: the run's headline figures, its per-second charts over
 * simulated time (throughput, backlog, acquire latency, service utilization) with a table
 * alternative, and the load curve. Hidden while the learner predicts, like the outcome.
 */
export function LoadPanel() {
  const result = useScenario(selectResult);
  const scenario = useScenario(selectScenario);
  const resolved = useScenario(selectResolved);
  const hiding = useScenario(selectHiding);
  const isStream = resolved.workload.kind === "stream";
  const stream = result?.scenario.workload.kind === "stream" ? result : null;
  const curve = useLoadCurve(isStream && !hiding ? curveKey(scenario) : null);

  if (!isStream) return null;
  return (
    <section aria-labelledby="load-heading" className="rounded-xl border border-line bg-page p-4 sm:p-5">
      <h2 id="load-heading" className="text-lg font-bold tracking-tight">
        Load
      </h2>
      {hiding ? (
        <p className="mt-3 text-ink-muted">Hidden until you make your prediction.</p>
      ) : !stream ? (
        <p className="mt-3 text-ink-muted">Simulating…</p>
      ) : (
        <div>
          <LoadFigures result={stream} />
          <LoadCharts result={stream} />
          <LoadCurve
            curve={curve}
            currentRate={stream.scenario.workload.kind === "stream" ? stream.scenario.workload.ratePerSec : 0}
          />
        </div>
      )}
    </section>
  );
}

function LoadFigures({ result }: { result: SimResult }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
      {loadFigures(result).map((f) => (
        <div key={f.label} className="min-w-0">
          <dt className="text-xs text-ink-muted">{f.label}</dt>
          <dd className="font-mono text-sm font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LoadCharts({ result }: { result: SimResult }) {
  const { series, scenario } = result;
  const charts = useMemo(() => {
    const summaries = chartSummaries(result);
    const latency = hasLatency(series);
    const line = (
      label: string,
      values: readonly number[],
      color: string,
      extra: Partial<ChartLine> = {},
    ): ChartLine[] => [{ label, values, color, ...extra }];
    return [
      {
        title: "Throughput",
        unit: "jobs/s",
        format: groupDigits,
        summary: summaries.throughput,
        lines: [
          ...line("done", series.completed, roleColor.ink),
          ...line("arrived", series.arrived, "var(--color-link)", { dashed: true }),
        ],
      },
      {
        title: "Backlog",
        unit: "jobs waiting",
        format: groupDigits,
        summary: summaries.backlog,
        lines: line("waiting", series.backlog, roleColor.ink),
      },
      {
        title: "Acquire latency",
        unit: "latency",
        format: formatDuration,
        summary: summaries.latency,
        lines: [
          ...line("p50", series.acquireP50, roleColor.ink, { defined: latency }),
          ...line("p99", series.acquireP99, "var(--color-link)", { dashed: true, defined: latency }),
        ],
      },
      {
        title: "Lock service utilization",
        unit: "busy",
        format: formatPercent,
        fixedMax: 1,
        summary: summaries.utilization,
        lines: line("busy", series.utilization, roleColor.ink),
      },
    ];
  }, [result, series]);

  return (
    <>
      <div className="mt-5 grid gap-x-6 gap-y-5 md:grid-cols-2">
        {charts.map((c) => (
          <SeriesChart
            key={c.title}
            title={c.title}
            unit={c.unit}
            lines={c.lines}
            bucketMs={series.bucketMs}
            durationMs={scenario.durationMs}
            formatValue={c.format}
            summary={c.summary}
            fixedMax={c.fixedMax}
          />
        ))}
      </div>
      <SeriesTable series={series} />
    </>
  );
}
