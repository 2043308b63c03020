"use client";

import { useId, useMemo, useState } from "react";
import { presets, presetById, type Preset } from "@/lib/scenario/presets";
import type { Scenario } from "@/lib/sim/scenario";
import { changesBetween, changeText } from "@/lib/scenario/editSummary";
import {
  failureKinds,
  failureLabel,
  groupByService,
  matchesFilter,
  presetEntry,
  type FailureKind,
  type PresetEntry,
} from "@/lib/scenario/presetTags";
import { isPresetAsIs } from "@/lib/scenario/url";
import { EditHistory } from "@/components/lab/EditHistory";
import { selectHiding, selectPresetId, selectScenario } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";

const CUSTOM = "";
const ANY = "";

/** A preset's tags and search text, worked out the first time they are needed and kept. */
const entryById = new Map<string, PresetEntry>();
function entryOf(preset: Preset): PresetEntry {
  let entry = entryById.get(preset.id);
  if (!entry) entryById.set(preset.id, (entry = presetEntry(preset)));
  return entry;
}
const fieldClass = "min-w-0 rounded-md border border-line bg-page px-2.5 py-2 text-base text-ink";

/**
 * Picks a preset: a search over the presets' titles, descriptions, services and failures, a
 * filter by failure kind, and the list grouped by lock service. Shows the preset's tags, its
 * description and what to look for (not while the learner predicts: it would give the answer
 * away); once edited, what changed from the preset instead, since its description no longer
 * describes the run.
 */
export function ScenarioPicker() {
  const id = useId();
  const presetId = useScenario(selectPresetId);
  const scenario = useScenario(selectScenario);
  const hiding = useScenario(selectHiding);
  const { scenario: store } = useLabStores();
  const [query, setQuery] = useState("");
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const preset = presetId ? presetById(presetId) : undefined;
  const edited = useMemo(() => !isPresetAsIs(scenario, presetId), [scenario, presetId]);
  const filtering = query.trim() !== "" || failure !== null;
  const matching = useMemo(
    () => (filtering ? presets.filter((p) => matchesFilter(entryOf(p), query, failure)) : presets),
    [filtering, query, failure],
  );
  // The chosen preset stays in the list, so the list can still show it.
  const listed =
    preset && !matching.includes(preset) ? presets.filter((p) => p === preset || matching.includes(p)) : matching;

  // From lg up, the search and the choice sit beside what the scenario is, so the panel stays short
  // and the lab's timeline stays on a laptop's first screen.
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-x-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">Scenario</h2>
          <EditHistory />
        </div>
        <div className="mt-1 flex flex-wrap items-end gap-2" role="search" aria-label="Scenarios">
          <label className="flex min-w-0 flex-1 basis-52 flex-col gap-1 text-sm font-medium">
            Find a scenario
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="pause, fencing, etcd…"
              className={fieldClass}
            />
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            Failure
            <select
              value={failure ?? ANY}
              onChange={(event) => setFailure((event.target.value || null) as FailureKind | null)}
              className={fieldClass}
            >
              <option value={ANY}>Any</option>
              {failureKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {failureLabel(kind)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="mt-1 min-h-5 text-sm text-ink-muted" role="status">
          {filtering
            ? matching.length
              ? `${matching.length} of ${presets.length} scenarios match.`
              : "No scenario matches: clear the search or choose another failure."
            : ""}
        </p>
        <label htmlFor={id} className="sr-only">
          Scenario
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <select
            id={id}
            value={preset?.id ?? CUSTOM}
            aria-describedby={`${id}-about`}
            onChange={(event) => store.getState().choosePreset(event.target.value)}
            className={`${fieldClass} min-w-0 flex-1 font-medium sm:max-w-xl`}
          >
            {!preset && (
              <option value={CUSTOM} disabled>
                Custom scenario
              </option>
            )}
            {groupByService(listed).map(([label, items]) => (
              <optgroup key={label} label={label}>
                {items.map((p) => (
                  <option key={p.id} value={p.id} title={p.description}>
                    {p.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {preset && edited && (
            <>
              <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold text-ink-muted">
                Edited
              </span>
              <button
                type="button"
                onClick={() => store.getState().choosePreset(preset.id)}
                className="rounded-md px-2 py-1 text-sm font-medium text-link underline underline-offset-2"
              >
                Reset to the preset
              </button>
            </>
          )}
        </div>
      </div>
      <div id={`${id}-about`} className="mt-2 max-w-3xl min-w-0 text-sm lg:mt-0">
        {preset ? (
          <>
            <PresetTags preset={preset} />
            {edited ? (
              <EditedFrom preset={preset} scenario={scenario} hiding={hiding} />
            ) : (
              <PresetAbout preset={preset} hiding={hiding} />
            )}
          </>
        ) : (
          <p className="text-ink-muted">
            A scenario of your own, from a link or your changes. Pick a preset to start again from one.
          </p>
        )}
      </div>
    </div>
  );
}

function PresetTags({ preset }: { preset: Preset }) {
  const entry = entryOf(preset);
  return (
    <ul aria-label="Tags" className="mb-1.5 flex flex-wrap gap-1.5">
      {[entry.service, ...entry.failures.map(failureLabel)].map((tag) => (
        <li key={tag} className="rounded-full bg-page px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function PresetAbout({ preset, hiding }: { preset: Preset; hiding: boolean }) {
  return (
    <>
      <p className="text-ink">{preset.description}</p>
      <p className="mt-1 text-ink-muted">
        <span className="font-semibold text-ink">Look for: </span>
        {hiding ? "shown once you have made your prediction." : preset.lookFor}
      </p>
    </>
  );
}

/** After an edit the preset's description is stale: say where the scenario came from and what changed. */
function EditedFrom({ preset, scenario, hiding }: { preset: Preset; scenario: Scenario; hiding: boolean }) {
  const changes = useMemo(() => changesBetween(preset.scenario, scenario), [preset, scenario]);
  return (
    <>
      <p className="text-ink">
        <span className="font-semibold">Edited from “{preset.title}”</span>
        {changes.length ? ":" : " (in settings the controls do not show)."}
      </p>
      {changes.length > 0 && (
        <ul className="mt-0.5 list-disc pl-5 text-ink">
          {changes.map((change) => (
            <li key={change.what}>{changeText(change)}</li>
          ))}
        </ul>
      )}
      <details className="mt-1 text-ink-muted">
        <summary className="cursor-pointer font-medium text-link">What the preset showed</summary>
        <div className="mt-1">
          <PresetAbout preset={preset} hiding={hiding} />
        </div>
      </details>
    </>
  );
}
