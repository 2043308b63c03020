"use client";

import { useId, useMemo } from "react";
import { presets, presetById } from "@/lib/presets";
import { serviceLabel } from "@/lib/lab/catalog";
import { isPresetAsIs } from "@/lib/lab/url";
import { selectHiding, selectPresetId, selectScenario } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";

const CUSTOM = "";

/** Presets grouped by their lock service, in the order the engine lists them. */
const groups = (() => {
  const byService = new Map<string, typeof presets>();
  for (const p of presets) {
    const label = serviceLabel(p.scenario.service.kind);
    byService.set(label, [...(byService.get(label) ?? []), p]);
  }
  return [...byService.entries()];
})();

/**
 * Picks a preset; shows its description, what to look for (not while the learner predicts: it
 * would give the answer away), and whether it has been edited.
 */
export function ScenarioPicker() {
  const id = useId();
  const presetId = useScenario(selectPresetId);
  const scenario = useScenario(selectScenario);
  const hiding = useScenario(selectHiding);
  const { scenario: store } = useLabStores();
  const preset = presetId ? presetById(presetId) : undefined;
  const edited = useMemo(() => !isPresetAsIs(scenario, presetId), [scenario, presetId]);

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Scenario
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <select
          id={id}
          value={preset?.id ?? CUSTOM}
          aria-describedby={`${id}-about`}
          onChange={(event) => store.getState().choosePreset(event.target.value)}
          className="min-w-0 flex-1 rounded-md border border-line bg-page px-2.5 py-2 text-base font-medium text-ink sm:max-w-xl"
        >
          {!preset && (
            <option value={CUSTOM} disabled>
              Custom scenario
            </option>
          )}
          {groups.map(([label, items]) => (
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
            <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold text-ink-muted">Edited</span>
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
      <div id={`${id}-about`} className="mt-2 max-w-3xl text-sm">
        {preset ? (
          <>
            <p className="text-ink">{preset.description}</p>
            <p className="mt-1 text-ink-muted">
              <span className="font-semibold text-ink">Look for: </span>
              {hiding ? "shown once you have made your prediction." : preset.lookFor}
            </p>
          </>
        ) : (
          <p className="text-ink-muted">A scenario of your own, from a link or your changes. Pick a preset to start again from one.</p>
        )}
      </div>
    </div>
  );
}
