"use client";

import {
  postgresModeLabel,
  postgresModes,
  serviceKinds,
  serviceLabel,
  workloadKinds,
  workloadLabel,
} from "@/lib/scenario/catalog";
import { withGuard, withPostgresMode, withService, withWorkload } from "@/lib/scenario/edits";
import { guardOptions } from "@/lib/scenario/options";
import { sliders } from "@/lib/scenario/sliders";
import { toggles } from "@/lib/scenario/toggles";
import { withStream } from "@/lib/scenario/trafficSliders";
import { selectEdit, selectResolved } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import type { GuardKind } from "@/lib/scenario/catalog";
import { SeedField } from "./SeedField";
import { SelectControl } from "./SelectControl";
import { SliderControl } from "./SliderControl";
import { ToggleControl } from "./ToggleControl";
import { TrafficControls } from "@/components/load/TrafficControls";

const serviceOptions = serviceKinds.map((kind) => ({ value: kind, label: serviceLabel(kind) }));
const workloadOptions = workloadKinds.map((kind) => ({ value: kind, label: workloadLabel(kind) }));
const modeOptions = postgresModes.map((mode) => ({ value: mode, label: postgresModeLabel(mode) }));

/** Every control of the lab's scenario; each change re-simulates at once. */
export function ControlsPanel() {
  const resolved = useScenario(selectResolved);
  const edit = useScenario(selectEdit);
  const guards = guardOptions(resolved).map((o) => ({
    value: o.kind,
    label: o.label,
    unavailable: o.availability.ok ? undefined : o.availability.reason,
  }));

  return (
    <section aria-labelledby="controls-heading" className="space-y-6">
      <h2 id="controls-heading" className="sr-only">
        Controls
      </h2>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">System</legend>
        <SelectControl
          label="Lock service"
          value={resolved.service.kind}
          options={serviceOptions}
          onChange={(kind) => edit((s, r) => withService(s, r, kind))}
        />
        {resolved.service.kind === "postgres" && (
          <SelectControl
            label="Postgres mode"
            value={resolved.service.mode}
            options={modeOptions}
            onChange={(mode) => edit((s) => withPostgresMode(s, mode))}
          />
        )}
        <SelectControl
          label="Storage guard"
          value={resolved.storage.guard}
          options={guards}
          onChange={(guard) => edit((s) => withGuard(s, guard as GuardKind))}
        />
        <SelectControl
          label="Workload"
          value={resolved.workload.kind}
          options={workloadOptions}
          onChange={(kind) => edit((s) => (kind === "stream" ? withStream(s) : withWorkload(s, kind)))}
        />
      </fieldset>

      <TrafficControls />

      <fieldset className="space-y-4">
        <legend className="mb-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">Timing and faults</legend>
        {sliders.map((spec) => (
          <SliderControl key={spec.id} spec={spec} />
        ))}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">Client options</legend>
        {toggles.map((spec) => (
          <ToggleControl key={spec.id} spec={spec} />
        ))}
      </fieldset>

      <SeedField />
    </section>
  );
}
