"use client";

import { useId, useState } from "react";
import { primaryButton } from "@/components/ui/button";
import { formatDuration, formatPpm } from "@/lib/sim/format";
import { encodeLabSearch } from "@/lib/scenario/url";
import { ttlInputProblems, ttlLabScenario, ttlSuggest, type TtlInput } from "@/lib/learn/ttl";

interface Field {
  key: keyof TtlInput;
  label: string;
  unit: "s" | "ms" | "ppm";
  step: string;
}

const FIELDS: Field[] = [
  { key: "workMs", label: "Work time (p99)", unit: "s", step: "0.1" },
  { key: "pauseMs", label: "Worst pause", unit: "s", step: "0.1" },
  { key: "driftPpm", label: "Clock drift", unit: "ppm", step: "1" },
  { key: "takeoverMs", label: "Acceptable takeover time", unit: "s", step: "0.1" },
  { key: "networkDelayMs", label: "One network delay", unit: "ms", step: "1" },
];

/** Lesson 2's worked example, so the calculator opens on numbers the prose explains. */
const START: Record<keyof TtlInput, string> = {
  workMs: "45",
  pauseMs: "5",
  driftPpm: "200",
  takeoverMs: "30",
  networkDelayMs: "5",
};

const toInput = (text: Record<keyof TtlInput, string>): TtlInput => {
  const read = (field: Field) => {
    const value = text[field.key].trim() === "" ? Number.NaN : Number(text[field.key]);
    return field.unit === "s" ? Math.round(value * 1000) : value;
  };
  return Object.fromEntries(FIELDS.map((field) => [field.key, read(field)])) as unknown as TtlInput;
};

/**
 * The back-of-the-envelope TTL (`::ttl-calculator`): four numbers about the job and one about the
 * network in, a TTL, a renewal interval and a safety margin out, with the reasoning, and a link
 * that opens the lab on a run with those values. What the learner types is kept as typed, so a
 * value that cannot be used is named and nothing is lost.
 */
export function TtlCalculator() {
  const id = useId();
  const [text, setText] = useState(START);
  const input = toInput(text);
  const problems = ttlInputProblems(input);
  const ok = Object.keys(problems).length === 0;
  const advice = ok ? ttlSuggest(input) : null;
  const labHref = advice
    ? `/lab/${encodeLabSearch({ scenario: ttlLabScenario(input, advice), presetId: null, t: null, predict: false })}`
    : null;

  return (
    <section aria-labelledby={`${id}-title`} className="my-8 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h3 id={`${id}-title`} className="text-lg font-bold tracking-tight">
        TTL calculator
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((field) => {
          const problem = problems[field.key];
          const inputId = `${id}-${field.key}`;
          return (
            <div key={field.key}>
              <label htmlFor={inputId} className="block text-sm font-semibold">
                {field.label} <span className="font-normal text-ink-muted">({field.unit})</span>
              </label>
              <input
                id={inputId}
                type="number"
                inputMode="decimal"
                min="0"
                step={field.step}
                value={text[field.key]}
                onChange={(event) => setText((previous) => ({ ...previous, [field.key]: event.target.value }))}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                className={`mt-1 w-full rounded-md border bg-page px-3 py-2 font-mono tabular-nums ${problem ? "border-danger" : "border-line"}`}
              />
              {problem && (
                <p id={`${inputId}-problem`} className="mt-1 text-sm font-medium text-danger-ink">
                  {field.label} {problem}.
                </p>
              )}
            </div>
          );
        })}
      </div>

      <div aria-live="polite" className="mt-5">
        {!advice ? (
          <p className="text-ink-muted">Fix the value marked above to see a suggestion.</p>
        ) : (
          <>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Result term="Lease TTL" value={formatDuration(advice.ttlMs)} />
              <Result
                term={advice.renewal === "required" ? "Renew every" : "Renew every (optional)"}
                value={formatDuration(advice.renewEveryMs)}
              />
              <Result term="Safety margin" value={formatDuration(advice.safetyMarginMs)} />
            </dl>
            {!advice.feasible && (
              <p className="mt-3 rounded-lg border-l-4 border-danger bg-page px-3 py-2 text-sm">
                <span className="font-bold text-danger-ink">No TTL meets both goals.</span> Pauses longer than{" "}
                {formatDuration(advice.pauseCoveredMs)} outlast this lease: fence the writes (lesson 4).
              </p>
            )}
            <h4 className="mt-4 text-sm font-semibold">The reasoning</h4>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
              {advice.steps.map((step) => (
                <li key={step.rule}>
                  <span className="font-semibold">{step.rule}:</span> {step.text}
                </li>
              ))}
            </ol>
            <p className="mt-4 text-sm text-ink-muted">
              The lab run: two clients, each working {formatDuration(input.workMs)} under a Redis lock with these
              settings, clocks drifting {formatPpm(input.driftPpm)}, and the holder paused for{" "}
              {formatDuration(input.pauseMs)}.
            </p>
            {/* A full page load: the lab reads its scenario from the URL it is opened with. */}
            <a href={labHref!} className={`${primaryButton} mt-2`}>
              Try these values in the lab
            </a>
          </>
        )}
      </div>
    </section>
  );
}

function Result({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-page px-3 py-2">
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className="font-mono text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
