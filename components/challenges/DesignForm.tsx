"use client";

import { useId } from "react";
import { CONTROLS, type ControlValue, type DefendLevel, type Design } from "@/lib/challenges/level";
import { controlLabels, controlValueText } from "./challengeText";

/** A select for each control the level opens, offering exactly the level's values. */
export function DesignForm({
  level,
  design,
  onChange,
}: {
  level: DefendLevel;
  design: Design;
  onChange: (design: Design) => void;
}) {
  const id = useId();
  const open = CONTROLS.filter((c) => level.rules.controls[c] !== undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {open.map((control) => {
        const values = level.rules.controls[control] as readonly ControlValue[];
        const current = JSON.stringify(design[control] ?? null);
        return (
          <label key={control} htmlFor={`${id}-${control}`} className="text-sm">
            <span className="font-medium">{controlLabels[control]}</span>
            <select
              id={`${id}-${control}`}
              className="mt-1 block w-full rounded-md border border-line bg-page px-2 py-1.5 text-ink"
              value={current}
              onChange={(event) => onChange({ ...design, [control]: JSON.parse(event.target.value) as ControlValue })}
            >
              {values.map((value) => (
                <option key={JSON.stringify(value)} value={JSON.stringify(value)}>
                  {controlValueText(control, value)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}
