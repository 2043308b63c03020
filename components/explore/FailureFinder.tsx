"use client";

import { useId, useState, type FormEvent } from "react";
import { budgetFields, parseBudget, type BudgetFields } from "@/lib/explore/finderBudget";
import { budgetInWords } from "@/lib/explore/finderText";
import { useLabStores } from "@/components/lab/stores";
import { FormProblems } from "./FormProblems";
import { SubmitOrCancel } from "./SubmitOrCancel";
import { FinderResultView } from "./FinderResultView";
import { useFailureFinder } from "./useFailureFinder";
import { groupDigits } from "@/lib/sim/format";

const inputClass =
  "mt-1 w-full rounded-md border border-line bg-page px-2 py-1.5 font-mono text-sm tabular-nums text-ink";

const FIELDS: { key: Exclude<keyof BudgetFields, "maxPauses">; label: string }[] = [
  { key: "maxPauseS", label: "Longest pause (s)" },
  { key: "maxClockJumpS", label: "Largest clock jump (s)" },
  { key: "maxDelayS", label: "Longest delayed write (s)" },
  { key: "maxRuns", label: "Schedules to try" },
  { key: "timeLimitS", label: "Time limit (s)" },
];

/**
 * "Find a failure": searches fault schedules for the current scenario within a budget the learner
 * can adjust and read in words, in a Web Worker with progress and Cancel; shows what it found (to
 * open on the timeline) or why it stopped. Deterministic: the same scenario and budget give the
 * same answer (unless the time limit cuts the search short).
 */
export function FailureFinder() {
  const id = useId();
  const stores = useLabStores();
  const { run, start, cancel } = useFailureFinder();
  const [fields, setFields] = useState(budgetFields);
  const [problems, setProblems] = useState<string[]>([]);
  const parsed = parseBudget(fields);
  const searching = run?.status === "searching";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok) return setProblems(parsed.problems);
    setProblems([]);
    start(stores.scenario.getState().scenario, parsed.budget, parsed.timeLimitMs);
  };

  return (
    <div>
      <p className="text-sm text-ink-muted">
        The finder adds faults to the current scenario at the moments that matter and looks for a schedule that damages
        the data (or, with no storage guard, lets two clients hold the lock at once), then shrinks it to the fewest,
        smallest faults. Random pauses (chaos) are off while it searches.
      </p>
      <form onSubmit={submit} noValidate className="mt-3">
        <fieldset className="rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-semibold">Budget</legend>
          <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <div>
              <label htmlFor={`${id}-pauses`} className="block text-xs font-semibold">
                Pauses
              </label>
              <select
                id={`${id}-pauses`}
                value={fields.maxPauses}
                onChange={(e) => setFields({ ...fields, maxPauses: e.target.value })}
                className={inputClass}
              >
                <option value="0">0</option>
                <option value="1">1</option>
                <option value="2">2</option>
              </select>
            </div>
            {FIELDS.map((f) => (
              <div key={f.key}>
                <label htmlFor={`${id}-${f.key}`} className="block text-xs font-semibold">
                  {f.label}
                </label>
                <input
                  id={`${id}-${f.key}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  value={fields[f.key]}
                  onChange={(e) => setFields({ ...fields, [f.key]: e.target.value })}
                  className={inputClass}
                />
              </div>
            ))}
          </div>
          <p className="mt-2 text-sm" aria-live="polite">
            {parsed.ok ? budgetInWords(parsed.budget, parsed.timeLimitMs) : "Fix the budget to see it in words."}
          </p>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <SubmitOrCancel running={searching} label="Find a failure" onCancel={cancel} />
          {searching && (
            <>
              <label htmlFor={`${id}-progress`} className="text-sm font-semibold">
                Searching
              </label>
              <progress
                id={`${id}-progress`}
                max={run.total}
                value={run.tried}
                className="h-2 w-48 accent-[var(--color-focus)]"
              />
              <span className="text-sm tabular-nums text-ink-muted">
                {groupDigits(run.tried)} schedules tried, of at most {groupDigits(run.total)}
              </span>
            </>
          )}
        </div>
        <FormProblems heading="The search did not start:" problems={problems} />
      </form>
      <div role="status" className="mt-4">
        {run && run.status !== "searching" && <FinderResultView run={run} />}
      </div>
    </div>
  );
}
