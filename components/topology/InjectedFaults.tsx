"use client";

import { useId, useState } from "react";
import {
  describeFault,
  editableFields,
  faultFieldLabels,
  faultFromSeconds,
  withFaultRemoved,
  withFaultReplaced,
  type FaultField,
  type FaultFieldError,
} from "@/lib/scenario/faultEdits";
import type { Scenario } from "@/lib/sim/scenario";
import { groupDigits } from "@/lib/sim/format";
import { selectEdit, selectResolved, selectScenario } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { primaryButton, secondaryButton } from "@/components/ui/button";

type InputFault = NonNullable<Scenario["faults"]>[number];

const smallButton = "rounded-md border border-line px-2.5 py-1 text-sm font-medium hover:bg-surface";

/** Faults listed before "Show all": a link with a thousand faults drew three thousand controls in one task. */
const FAULTS_LISTED = 50;

/**
 * Every fault in the scenario, the preset's and those injected from the topology alike, each
 * with Edit and Remove. Each change re-runs the same seed, like any other edit in the lab.
 */
export function InjectedFaults({ onChanged }: { onChanged: (message: string) => void }) {
  const scenario = useScenario(selectScenario);
  const resolved = useScenario(selectResolved);
  const edit = useScenario(selectEdit);
  const [editing, setEditing] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const faults = scenario.faults ?? [];
  const shown = showAll || faults.length <= FAULTS_LISTED ? faults : faults.slice(0, FAULTS_LISTED);

  return (
    <div>
      <h3 id={headingId} className="text-base font-semibold">
        Injected faults
      </h3>
      {faults.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">
          None. Choose a process or a link above (Tab to it, then Enter) to add one at the playhead.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 divide-y divide-line rounded-lg border border-line">
          {shown.map((fault, i) => {
            const text = resolved.faults[i] ? describeFault(resolved.faults[i]) : fault.kind;
            return (
              <li key={`${i}-${JSON.stringify(fault)}`} className="px-3 py-2">
                {editing === i ? (
                  <FaultEditor
                    fault={fault}
                    text={text}
                    onCancel={() => setEditing(null)}
                    onSave={(next) => {
                      edit((s) => withFaultReplaced(s, i, next));
                      setEditing(null);
                      onChanged(`Changed: ${text}. The run was simulated again from the same seed.`);
                    }}
                  />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm">{text}</span>
                    <span className="flex gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Edit: ${text}`}
                        onClick={() => setEditing(i)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Remove: ${text}`}
                        onClick={() => {
                          edit((s) => withFaultRemoved(s, i));
                          onChanged(`Removed: ${text}. The run was simulated again from the same seed.`);
                        }}
                      >
                        Remove
                      </button>
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {shown.length < faults.length && (
        <button type="button" className={`${smallButton} mt-2`} onClick={() => setShowAll(true)}>
          Show all {groupDigits(faults.length)} faults ({groupDigits(faults.length - shown.length)} more)
        </button>
      )}
    </div>
  );
}

function FaultEditor({
  fault,
  text,
  onSave,
  onCancel,
}: {
  fault: InputFault;
  text: string;
  onSave: (fault: InputFault) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const fields = Object.entries(editableFields(fault)) as [FaultField, number | null][];
  const [values, setValues] = useState<Partial<Record<FaultField, string>>>(() =>
    Object.fromEntries(fields.map(([f, ms]) => [f, ms === null ? "" : String(ms / 1000)])),
  );
  const [errors, setErrors] = useState<FaultFieldError[]>([]);
  return (
    <form
      aria-label={`Edit: ${text}`}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const read = faultFromSeconds(fault, values);
        if (read.ok) onSave(read.fault);
        else setErrors(read.errors);
      }}
    >
      <p className="text-sm font-medium">{text}</p>
      <div className="flex flex-wrap gap-3">
        {fields.map(([field], i) => (
          <label key={field} className="text-sm">
            <span className="block font-medium">
              {faultFieldLabels[field]} (s){field === "restartAfterMs" ? ", empty for never" : ""}
            </span>
            <input
              // The editor replaces the row's Edit button: focus moves into it.
              autoFocus={i === 0}
              inputMode="decimal"
              className="mt-1 w-28 rounded-md border border-line bg-page px-2 py-1 tabular-nums"
              value={values[field] ?? ""}
              aria-invalid={errors.some((e) => e.field === field)}
              aria-describedby={errors.length ? `${id}-errors` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      {errors.length > 0 && (
        <p id={`${id}-errors`} role="alert" className="text-sm font-medium text-danger-ink">
          {errors.map((e) => e.text).join(" ")}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={primaryButton}>
          Save
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
