"use client";

import dynamic from "next/dynamic";
import { useMemo, useRef } from "react";
import type { LiveBinding, PresetRef } from "@/lib/content/lessonTypes";
import { scenarioPathSet } from "@/lib/learn/scenarioPath";
import { encodeLabSearch, isPresetAsIs } from "@/lib/lab/url";
import { presetById } from "@/lib/presets";
import { useBoundValues } from "./LessonLive";
import { useNearViewport } from "./useNearViewport";

/**
 * The engine, the timeline and the lab's stores load with the first run a reader scrolls near,
 * in their own chunk: a lesson's first paint is its prose, and it needs none of them.
 */
const EmbeddedRun = dynamic(() => import("./EmbeddedRun").then((m) => m.EmbeddedRun), {
  ssr: false,
  loading: () => <p className="h-64 p-4 text-ink-muted">Loading the run…</p>,
});

interface Props {
  preset: PresetRef;
  live?: readonly LiveBinding[];
  /** A prediction holds the run at this moment (ms) until it is answered; null plays freely. */
  holdAt?: number | null;
}

const NO_BINDINGS: readonly LiveBinding[] = [];

/**
 * A run of a preset inside a lesson: the lab's timeline and outcome in a compact form, and a link
 * that opens the same scenario in the lab. Live controls above it in the lesson change its
 * scenario; the link then carries the changed scenario.
 */
export function EmbeddedSim({ preset, live = NO_BINDINGS, holdAt = null }: Props) {
  const values = useBoundValues(live);
  const base = presetById(preset.id)!.scenario;
  const scenario = useMemo(
    () => live.reduce((s, { field }, i) => (values[i] === undefined ? s : scenarioPathSet(s, field, values[i])), base),
    [live, values, base],
  );
  const changed = useMemo(() => scenario !== base && !isPresetAsIs(scenario, preset.id), [scenario, base, preset.id]);
  const labHref = useMemo(() => `/lab/${encodeLabSearch({ scenario, presetId: preset.id, t: null, predict: false })}`, [scenario, preset.id]);
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);

  return (
    <section ref={ref} aria-label={`Simulation: ${preset.title}`} className="my-8 overflow-hidden rounded-xl border border-line bg-page">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-line bg-surface px-3 py-2 sm:px-4">
        <p className="text-sm font-semibold">
          {preset.title}
          {changed && <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted">changed by your setting</span>}
        </p>
        {/* A full page load: the lab reads its scenario from the URL it is opened with. */}
        <a href={labHref} className="text-sm font-medium text-link underline underline-offset-2">
          Open in lab<span className="sr-only">: {preset.title}</span>
        </a>
      </header>
      {near ? (
        <EmbeddedRun presetId={preset.id} scenario={scenario} holdAt={holdAt} />
      ) : (
        <p className="h-64 p-4 text-ink-muted">The run is simulated when you scroll to it.</p>
      )}
    </section>
  );
}
