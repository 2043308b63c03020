"use client";

import { use, useMemo, useRef } from "react";
import type { LiveBinding, PresetRef } from "@/lib/content/lessonTypes";
import { scenarioPathSet } from "@/lib/scenario/scenarioPath";
import { encodeLabSearch, isPresetAsIs } from "@/lib/scenario/url";
import { presetById } from "@/lib/scenario/presets";
import { StaticThenLive } from "@/components/ui/StaticThenLive";
import { useBoundValues } from "./LessonLive";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { InsideNoscript } from "./noscriptContext";

/**
 * The engine, the timeline and the lab's stores are a chunk of their own, which a lesson's HTML
 * does not load: each run is in the HTML, simulated and drawn when the site was built, and the
 * chunk loads with the first run a reader scrolls near, which then comes to life in its place.
 */
const loadRun = () => import("./EmbeddedRun").then((m) => m.EmbeddedRun);
const RunOnServer =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, server-only import (see StaticThenLive)
  typeof window === "undefined" ? (require("./EmbeddedRun") as typeof import("./EmbeddedRun")).EmbeddedRun : null;

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
  const noscriptNote = !use(InsideNoscript);
  const values = useBoundValues(live);
  const base = presetById(preset.id)!.scenario;
  const scenario = useMemo(
    () => live.reduce((s, { field }, i) => (values[i] === undefined ? s : scenarioPathSet(s, field, values[i])), base),
    [live, values, base],
  );
  const changed = useMemo(() => scenario !== base && !isPresetAsIs(scenario, preset.id), [scenario, base, preset.id]);
  const labHref = useMemo(
    () => `/lab/${encodeLabSearch({ scenario, presetId: preset.id, t: null, predict: false })}`,
    [scenario, preset.id],
  );
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const runProps = useMemo(() => ({ presetId: preset.id, scenario, holdAt }), [preset.id, scenario, holdAt]);

  return (
    <section
      ref={ref}
      aria-label={`Simulation: ${preset.title}`}
      className="my-8 overflow-hidden rounded-xl border border-line bg-page"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-line bg-surface px-3 py-2 sm:px-4">
        <p className="text-sm font-semibold">
          {preset.title}
          {changed && (
            <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted">
              changed by your setting
            </span>
          )}
        </p>
        {/* A full page load: the lab reads its scenario from the URL it is opened with. */}
        <a href={labHref} className="text-sm font-medium text-link underline underline-offset-2">
          Open in lab<span className="sr-only">: {preset.title}</span>
        </a>
      </header>
      {noscriptNote && (
        <noscript>
          <p className="border-b border-line px-3 py-2 text-sm font-semibold sm:px-4">
            This run was simulated and drawn when the site was built. Playing it needs JavaScript.
          </p>
        </noscript>
      )}
      <StaticThenLive
        onServer={RunOnServer}
        load={loadRun}
        props={runProps}
        start={near}
        fallback={<p className="h-64 p-4 text-ink-muted">The run is simulated when you scroll to it.</p>}
      />
    </section>
  );
}
