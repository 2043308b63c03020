"use client";

import { useId } from "react";
import type { SliderSpec } from "@/lib/scenario/sliders";
import { selectEdit, selectResolved, selectScenario } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";

/**
 * One of the lab's sliders: a native range input (keyboard, screen readers and touch for free)
 * with its value and unit in view. Moving it edits the scenario, which re-simulates at once.
 */
export function SliderControl({ spec }: { spec: SliderSpec }) {
  const id = useId();
  const scenario = useScenario(selectScenario);
  const resolved = useScenario(selectResolved);
  const edit = useScenario(selectEdit);
  const value = spec.read(scenario, resolved);
  const position = spec.scale.toPosition(value);
  const text = spec.format(value, resolved);
  const availability = spec.availability(resolved);
  const note = availability.ok ? (spec.hint?.(resolved) ?? null) : availability.reason;

  return (
    <div className={availability.ok ? "" : "opacity-80"}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {spec.label}
        </label>
        <output htmlFor={id} className="font-mono text-sm tabular-nums">
          {availability.ok ? text : "—"}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={spec.scale.max}
        step={1}
        value={position}
        disabled={!availability.ok}
        aria-valuetext={availability.ok ? text : `not available: ${availability.reason}`}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => {
          const next = spec.scale.toValue(Number(event.target.value));
          edit((s, r) => spec.apply(s, next, r));
        }}
        className="lab-range mt-1 w-full"
      />
      {note && (
        <p id={`${id}-note`} className="text-xs text-ink-muted">
          {note}
        </p>
      )}
    </div>
  );
}
