/**
 * The Load panel's words: the headline figures and each chart's summary, from a run's summary and
 * per-second series. Pure, so what a screen reader hears is what the charts show.
 */
import type { SimResult } from "@/lib/sim/simulate";
import { formatDuration, formatPercent, formatRate, groupDigits } from "@/lib/sim/format";

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const max = (values: readonly number[]) => values.reduce((a, b) => Math.max(a, b), 0);

/** A second had an acquisition when its percentiles are not 0 (the series' "no data"). */
export const hasLatency = (series: SimResult["series"]) => (i: number) => (series.acquireP99[i] ?? 0) > 0;

export function loadFigures({ summary, scenario }: SimResult): { label: string; value: string }[] {
  const offered = scenario.workload.kind === "stream" ? ` of ${formatRate(scenario.workload.ratePerSec)} offered` : "";
  return [
    { label: "Throughput", value: `${formatRate(summary.throughputPerSec)}${offered}` },
    { label: "p50 acquire latency", value: formatDuration(summary.acquireLatencyMs.p50) },
    { label: "p99 acquire latency", value: formatDuration(summary.acquireLatencyMs.p99) },
    {
      label: "Backlog at most",
      value: `${groupDigits(summary.backlogMax)} ${summary.backlogMax === 1 ? "job" : "jobs"}`,
    },
    { label: "Lock service busy", value: formatPercent(summary.serviceUtilization) },
    { label: "Requests timed out", value: groupDigits(summary.timeouts) },
  ];
}

export function chartSummaries({ series, scenario }: SimResult) {
  const seconds = Math.max(1, scenario.durationMs / 1000);
  const latencySeconds = series.acquireP99.filter((p) => p > 0).length;
  return {
    throughput: `Jobs per second over ${formatDuration(scenario.durationMs)}: ${formatRate(sum(series.arrived) / seconds)} arrived and ${formatRate(sum(series.completed) / seconds)} were done on average; at most ${max(series.completed)} were done in one second.`,
    backlog: `Jobs waiting for a worker: ${Number((sum(series.backlog) / Math.max(1, series.backlog.length)).toFixed(1))} on average, at most ${Number(max(series.backlog).toFixed(1))} averaged over a second.`,
    latency:
      latencySeconds === 0
        ? "No lock was acquired, so there is no acquire latency to show."
        : `Acquire latency per second, in the ${latencySeconds} seconds with acquisitions: p50 at most ${formatDuration(max(series.acquireP50))}, p99 at most ${formatDuration(max(series.acquireP99))}.`,
    utilization: `Busy share of the lock service's busiest node: at most ${formatPercent(max(series.utilization))} in one second.`,
  };
}
