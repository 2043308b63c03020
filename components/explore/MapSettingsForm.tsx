"use client";

import { useId, useState, type FormEvent } from "react";
import { axes, axisAvailability, axisById, type AxisId } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";
import { mapSettingsProblems, MAP_LIMITS, type MapSettings } from "@/lib/explore/mapSettings";
import { FormProblems } from "./FormProblems";
import { SubmitOrCancel } from "./SubmitOrCancel";
import { groupDigits } from "@/lib/sim/format";

interface AxisFields {
  axis: AxisId;
  low: string;
  high: string;
  count: string;
}

const fieldsOf = (a: MapSettings["x"]): AxisFields => ({
  axis: a.axis,
  low: String(a.range[0]),
  high: String(a.range[1]),
  count: String(a.count),
});
/** A field as a number: blank or not a number reads as NaN, which the settings' problems name. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

const inputClass =
  "mt-1 w-full rounded-md border border-line bg-page px-2 py-1.5 font-mono text-sm tabular-nums text-ink";

/**
 * The map's settings: two axes (parameter, range, cells), seeds per cell, and the button that draws
 * it (Cancel while it runs). What is typed stays as typed; problems are listed, nothing is lost.
 */
export function MapSettingsForm({
  initial,
  scenario,
  running,
  onDraw,
  onCancel,
  onSettingUp,
}: {
  initial: MapSettings;
  scenario: Scenario;
  running: boolean;
  onDraw(settings: MapSettings): void;
  onCancel(): void;
  /** Someone is setting up a map (focus or pointer in the form): a map may be drawn soon. */
  onSettingUp(): void;
}) {
  const id = useId();
  const [x, setX] = useState(() => fieldsOf(initial.x));
  const [y, setY] = useState(() => fieldsOf(initial.y));
  const [seeds, setSeeds] = useState(String(initial.seeds));
  const [problems, setProblems] = useState<string[]>([]);

  const settings: MapSettings = {
    x: { axis: x.axis, range: [numberOf(x.low), numberOf(x.high)], count: numberOf(x.count) },
    y: { axis: y.axis, range: [numberOf(y.low), numberOf(y.high)], count: numberOf(y.count) },
    seeds: numberOf(seeds),
    layer: initial.layer,
  };
  const runs = settings.x.count * settings.y.count * settings.seeds;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = mapSettingsProblems(settings, scenario);
    setProblems(found);
    if (found.length === 0) onDraw(settings);
  };

  return (
    <form
      onSubmit={submit}
      onFocus={onSettingUp}
      onPointerEnter={onSettingUp}
      noValidate
      aria-describedby={`${id}-about`}
    >
      <p id={`${id}-about`} className="text-sm text-ink-muted">
        Every other setting comes from the current scenario. Each cell runs seeds 1 to N; where the scenario has random
        pauses (chaos), each seed pauses differently.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <AxisFieldset
          legend="Across (horizontal axis)"
          fields={x}
          onChange={setX}
          scenario={scenario}
          countLabel="Columns"
        />
        <AxisFieldset legend="Up (vertical axis)" fields={y} onChange={setY} scenario={scenario} countLabel="Rows" />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div className="w-36">
          <label htmlFor={`${id}-seeds`} className="block text-sm font-semibold">
            Seeds per cell
          </label>
          <input
            id={`${id}-seeds`}
            type="number"
            inputMode="numeric"
            min={MAP_LIMITS.seeds[0]}
            max={MAP_LIMITS.seeds[1]}
            value={seeds}
            onChange={(e) => setSeeds(e.target.value)}
            className={inputClass}
          />
        </div>
        <p className="pb-2 text-sm text-ink-muted">
          {Number.isFinite(runs) && runs > 0
            ? `${settings.x.count} × ${settings.y.count} cells × ${settings.seeds} seeds = ${groupDigits(runs)} runs`
            : "\u00a0"}
        </p>
        <div className="ml-auto flex gap-2">
          <SubmitOrCancel running={running} label="Draw the map" onCancel={onCancel} />
        </div>
      </div>
      <FormProblems heading="The map was not drawn:" problems={problems} />
    </form>
  );
}

function AxisFieldset({
  legend,
  fields,
  onChange,
  scenario,
  countLabel,
}: {
  legend: string;
  fields: AxisFields;
  onChange(f: AxisFields): void;
  scenario: Scenario;
  countLabel: string;
}) {
  const id = useId();
  const axis = axisById(fields.axis);
  const unit = axis.unit === "clients" ? "" : ` (${axis.unit})`;
  const chooseAxis = (next: AxisId) =>
    onChange({ ...fields, axis: next, low: String(axisById(next).range[0]), high: String(axisById(next).range[1]) });
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <label htmlFor={`${id}-axis`} className="block text-sm font-semibold">
        Parameter
      </label>
      <select
        id={`${id}-axis`}
        value={fields.axis}
        onChange={(e) => chooseAxis(e.target.value as AxisId)}
        aria-describedby={`${id}-what`}
        className="mt-1 w-full rounded-md border border-line bg-page px-2 py-1.5 text-sm text-ink"
      >
        {axes.map((a) => {
          const available = axisAvailability(scenario, a.id);
          return (
            <option key={a.id} value={a.id} disabled={!available.ok}>
              {available.ok ? a.label : `${a.label} (not for this scenario)`}
            </option>
          );
        })}
      </select>
      <p id={`${id}-what`} className="mt-1 text-xs text-ink-muted">
        {axis.description} {axis.scale === "log" ? "Values are spread on a log scale." : ""}
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <label htmlFor={`${id}-low`} className="block text-xs font-semibold">
            From{unit}
          </label>
          <input
            id={`${id}-low`}
            type="number"
            inputMode="numeric"
            min={0}
            value={fields.low}
            onChange={(e) => onChange({ ...fields, low: e.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-high`} className="block text-xs font-semibold">
            To{unit}
          </label>
          <input
            id={`${id}-high`}
            type="number"
            inputMode="numeric"
            min={0}
            value={fields.high}
            onChange={(e) => onChange({ ...fields, high: e.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-count`} className="block text-xs font-semibold">
            {countLabel}
          </label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={MAP_LIMITS.count[0]}
            max={MAP_LIMITS.count[1]}
            value={fields.count}
            onChange={(e) => onChange({ ...fields, count: e.target.value })}
            className={inputClass}
          />
        </div>
      </div>
    </fieldset>
  );
}
