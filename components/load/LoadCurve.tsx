"use client";

import { useMemo, useRef } from "react";
import { chartBox, decadeTicks, pointsPath, rateScale, ticksOf, valueScale } from "@/lib/readers/loadCharts";
import { CURVE_MAX_DURATION_MS, CURVE_RATES, type CurvePoint } from "@/lib/explore/loadCurve";
import { formatPercent, formatRate, formatDuration, groupDigits } from "@/lib/sim/format";
import { KNEE_THROUGHPUT_SHARE, kneeOf, type Knee } from "@/lib/explore/loadKnee";
import { roleColor } from "@/lib/theme/tokens";
import { useElementWidth } from "@/components/timeline/useElementWidth";
import { ChartAxes, LegendItem } from "./ChartFrame";
import type { LoadCurveState } from "./useLoadCurve";

const HEIGHT = 210;
const [MIN_RATE = 1] = CURVE_RATES;
const MAX_RATE = CURVE_RATES.at(-1) ?? MIN_RATE;

interface Line {
  label: string;
  value: (p: CurvePoint) => number;
  color: string;
  dashed?: boolean;
}

/**
 * The load curve: the scenario run at each offered rate, with throughput (against the line where
 * every offered job is done) and acquire latency, the knee and the current traffic marked by
 * labelled lines. Computed in a worker, point by point, with a progress bar meanwhile.
 */
export function LoadCurve({ curve, currentRate }: { curve: LoadCurveState; currentRate: number }) {
  const points = useMemo(() => [...curve.points].sort((a, b) => a.ratePerSec - b.ratePerSec), [curve.points]);
  const usable = useMemo(() => points.filter((p) => !p.truncated), [points]);
  const knee = curve.finished ? kneeOf(points) : null;
  const cut = points.length - usable.length;

  const throughputLines: Line[] = [{ label: "done (jobs/s)", value: (p) => p.throughputPerSec, color: roleColor.ink }];
  const latencyLines: Line[] = [
    { label: "p50", value: (p) => p.p50Ms, color: roleColor.ink },
    { label: "p99", value: (p) => p.p99Ms, color: "var(--color-link)", dashed: true },
  ];
  const peak = usable.reduce(
    (best, p) => (p.throughputPerSec > (best?.throughputPerSec ?? -1) ? p : best),
    null as CurvePoint | null,
  );

  return (
    <section aria-labelledby="load-curve-heading" className="mt-6">
      <h3 id="load-curve-heading" className="text-base font-semibold">
        Load curve
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        This scenario simulated at {CURVE_RATES.length} offered rates from {formatRate(MIN_RATE)} to{" "}
        {formatRate(MAX_RATE)} (each for up to {formatDuration(CURVE_MAX_DURATION_MS)}), in the background. The knee is
        the lowest rate at which fewer than {Math.round(KNEE_THROUGHPUT_SHARE * 100)} % of the jobs that arrived are
        done: past it the backlog grows for as long as the load lasts.
      </p>

      {!curve.finished && (
        <div className="mt-3 flex items-center gap-3 text-sm">
          <label htmlFor="load-curve-progress">
            Simulating rate {Math.min(curve.points.length + 1, curve.total)} of {curve.total}…
          </label>
          <progress
            id="load-curve-progress"
            max={curve.total}
            value={curve.points.length}
            className="load-progress h-2 w-48"
          />
        </div>
      )}
      {curve.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger-ink">
          The load curve could not be computed: {curve.error}
        </p>
      )}

      <p className="mt-3 text-sm font-medium" aria-live="polite">
        {curve.finished &&
          !curve.error &&
          (knee
            ? `Knee at ${formatRate(knee.ratePerSec)}: ${knee.because}.`
            : `No knee up to ${formatRate(MAX_RATE)}: throughput keeps up and latency stays low.`)}
        {curve.finished && peak && ` Throughput peaks at ${formatRate(peak.throughputPerSec)}.`}
        {` Current traffic: ${formatRate(currentRate)}.`}
      </p>
      {cut > 0 && (
        <p className="mt-1 text-xs text-ink-muted">
          {cut} of the rates reached the simulator’s event limit before the end of the run and are left out.
        </p>
      )}

      <div className="mt-3 grid gap-4 xl:grid-cols-2">
        <CurvePanel
          title="Throughput against offered load"
          yLabel="jobs/s"
          lines={throughputLines}
          points={usable}
          knee={knee}
          currentRate={currentRate}
          formatY={groupDigits}
          reference
          summary={`Throughput against offered load: ${usable.map((p) => `${formatRate(p.ratePerSec)} offered, ${formatRate(p.throughputPerSec)} done`).join("; ") || "not computed yet"}.`}
        />
        <CurvePanel
          title="Acquire latency against offered load"
          yLabel="acquire latency"
          lines={latencyLines}
          points={usable}
          knee={knee}
          currentRate={currentRate}
          formatY={formatDuration}
          summary={`Acquire latency against offered load: ${usable.map((p) => `${formatRate(p.ratePerSec)}, p50 ${formatDuration(p.p50Ms)}, p99 ${formatDuration(p.p99Ms)}`).join("; ") || "not computed yet"}.`}
        />
      </div>

      <CurveTable points={points} />
    </section>
  );
}

function CurvePanel({
  title,
  yLabel,
  lines,
  points,
  knee,
  currentRate,
  formatY,
  reference,
  summary,
}: {
  title: string;
  yLabel: string;
  lines: Line[];
  points: CurvePoint[];
  knee: Knee | null;
  currentRate: number;
  formatY: (v: number) => string;
  /** Draw the line where every offered job is done. */
  reference?: boolean;
  summary: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementWidth(ref);
  const box = chartBox(Math.max(width, 220), HEIGHT, { top: 36, right: 16, bottom: 36, left: 60 });
  const x = rateScale(MIN_RATE, MAX_RATE, box);
  const y = valueScale(Math.max(0, ...points.flatMap((p) => lines.map((l) => l.value(p)))), box);
  const [, yMax = 0] = y.domain();
  const clampRate = (rate: number) => Math.min(MAX_RATE, Math.max(MIN_RATE, rate));
  const diagonal = reference ? CURVE_RATES.filter((r) => r <= yMax).concat(Math.min(yMax, MAX_RATE)) : [];

  return (
    <figure className="min-w-0">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-semibold">{title}</span>
        <ul className="flex flex-wrap gap-x-3 text-xs text-ink-muted">
          {lines.map((l) => (
            <LegendItem key={l.label} color={l.color} dashed={l.dashed}>
              {l.label}
            </LegendItem>
          ))}
          {reference && (
            <LegendItem color={roleColor.inkMuted} dashed>
              every offered job done
            </LegendItem>
          )}
        </ul>
      </figcaption>
      <div ref={ref} className="mt-1">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block">
            <ChartAxes
              box={box}
              xTicks={decadeTicks(x, groupDigits)}
              yTicks={ticksOf(y, 4, formatY)}
              xLabel="offered load (jobs/s, log scale)"
              yLabel={yLabel}
            />
            {reference && (
              <path
                d={pointsPath(diagonal, x, y)}
                fill="none"
                strokeWidth="1.5"
                strokeDasharray="2 4"
                style={{ stroke: roleColor.inkMuted }}
              />
            )}
            <Marker x={x(clampRate(currentRate))} box={box} label={`now ${formatRate(currentRate)}`} solid />
            {knee && <Marker x={x(knee.ratePerSec)} box={box} label={`knee ${formatRate(knee.ratePerSec)}`} />}
            {lines.map((l) => (
              <g key={l.label} style={{ stroke: l.color }}>
                <path
                  d={pointsPath(
                    points,
                    (p) => x(p.ratePerSec),
                    (p) => y(l.value(p)),
                  )}
                  fill="none"
                  strokeWidth="2"
                  strokeDasharray={l.dashed ? "6 4" : undefined}
                />
                {points.map((p) => (
                  <circle
                    key={p.ratePerSec}
                    cx={x(p.ratePerSec)}
                    cy={y(l.value(p))}
                    r="2.5"
                    strokeWidth="1.5"
                    style={{ fill: roleColor.page }}
                  />
                ))}
              </g>
            ))}
          </svg>
        )}
      </div>
    </figure>
  );
}

/**
 * A labelled vertical line: the current traffic (solid, its label in the upper row above the
 * plot) or the knee (dashed, the lower row), so the two labels never overlap.
 */
function Marker({
  x,
  box,
  label,
  solid,
}: {
  x: number;
  box: ReturnType<typeof chartBox>;
  label: string;
  solid?: boolean;
}) {
  const anchor = x > (box.left + box.right) / 2 ? "end" : "start";
  const labelY = solid ? box.top - 22 : box.top - 8;
  const color = solid ? roleColor.ink : roleColor.dangerInk;
  return (
    <g aria-hidden="true">
      <line
        x1={x}
        x2={x}
        y1={labelY - 10}
        y2={box.bottom}
        strokeWidth={solid ? 2 : 1.5}
        strokeDasharray={solid ? undefined : "4 3"}
        style={{ stroke: color }}
      />
      <text
        x={x + (anchor === "end" ? -5 : 5)}
        y={labelY}
        fontSize="11"
        fontWeight="600"
        textAnchor={anchor}
        style={{ fill: color }}
      >
        {label}
      </text>
    </g>
  );
}

function CurveTable({ points }: { points: CurvePoint[] }) {
  if (points.length === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium">The load curve as a table</summary>
      <div className="mt-2 overflow-x-auto rounded-md border border-line">
        <table className="w-full text-right tabular-nums">
          <caption className="sr-only">
            Per offered rate: jobs arrived and done, throughput, acquire latency p50 and p99, lock service busy
          </caption>
          <thead className="bg-surface text-xs">
            <tr>
              {["Offered", "Arrived", "Done", "Throughput", "p50", "p99", "Service busy"].map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.ratePerSec} className="border-t border-line">
                <th scope="row" className="px-2 py-1 font-normal">
                  {formatRate(p.ratePerSec)}
                  {p.truncated ? " (cut short)" : ""}
                </th>
                <td className="px-2 py-1">{groupDigits(p.arrived)}</td>
                <td className="px-2 py-1">{groupDigits(p.completed)}</td>
                <td className="px-2 py-1">{formatRate(p.throughputPerSec)}</td>
                <td className="px-2 py-1">{formatDuration(p.p50Ms)}</td>
                <td className="px-2 py-1">{formatDuration(p.p99Ms)}</td>
                <td className="px-2 py-1">{formatPercent(p.utilization)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
