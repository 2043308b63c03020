"use client";

import { useId } from "react";
import type { ToggleSpec } from "@/lib/scenario/toggles";
import { selectEdit, selectResolved } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";

/** An on/off option as a switch; when it does not apply it is disabled and says why. */
export function ToggleControl({ spec }: { spec: ToggleSpec }) {
  const id = useId();
  const resolved = useScenario(selectResolved);
  const edit = useScenario(selectEdit);
  const on = spec.read(resolved);
  const availability = spec.availability(resolved);
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className={`text-sm font-semibold ${availability.ok ? "" : "text-ink-muted"}`}>
          {spec.label}
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={!availability.ok}
          aria-describedby={availability.ok ? undefined : `${id}-why`}
          onChange={(event) => {
            const checked = event.target.checked;
            edit((s) => spec.apply(s, checked));
          }}
          className="lab-switch"
        />
      </div>
      {!availability.ok && (
        <p id={`${id}-why`} className="text-xs text-ink-muted">
          {availability.reason}
        </p>
      )}
    </div>
  );
}
