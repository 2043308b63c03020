"use client";

import { useId, useState } from "react";
import { serviceKinds, serviceLabel } from "@/lib/scenario/catalog";
import { defaultFlip, flipChoices, type Flip, type FlipKind } from "@/lib/scenario/flips";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";

const field = "mt-1 block w-full rounded-md border border-line bg-page px-2 py-1.5 text-sm";

/**
 * What to flip for the twin run: one of six, each disabled with its reason where it cannot apply
 * to this scenario; a service flip names the other service, a TTL flip the twin's lease.
 */
export function FlipPicker({
  input,
  resolved,
  flip,
  onFlip,
}: {
  input: Scenario;
  resolved: ResolvedScenario;
  flip: Flip | null;
  onFlip: (flip: Flip | null) => void;
}) {
  const id = useId();
  const choices = flipChoices(input, resolved);
  // Why a flip cannot apply is said once a comparison is chosen: with nothing chosen the disabled
  // options say "(not here)", and a list of reasons for flips nobody asked for is noise.
  const reasons = flip ? choices.filter((c) => c.reason) : [];
  return (
    <div className="flex flex-wrap items-end gap-4">
      <label className="min-w-56 text-sm font-medium">
        Flip one thing
        <select
          className={field}
          value={flip?.kind ?? ""}
          aria-describedby={reasons.length ? `${id}-reasons` : undefined}
          onChange={(e) => onFlip(e.target.value ? defaultFlip(e.target.value as FlipKind, input, resolved) : null)}
        >
          <option value="">Nothing: no comparison</option>
          {choices.map((c) => (
            <option key={c.kind} value={c.kind} disabled={c.reason !== null && flip?.kind !== c.kind}>
              {c.label}
              {c.reason ? " (not here)" : ""}
            </option>
          ))}
        </select>
      </label>
      {flip?.kind === "service" && (
        <label className="min-w-48 text-sm font-medium">
          Compare with
          <select className={field} value={flip.to} onChange={(e) => onFlip({ kind: "service", to: e.target.value })}>
            {serviceKinds
              .filter((k) => k !== resolved.service.kind || k === flip.to)
              .map((k) => (
                <option key={k} value={k}>
                  {serviceLabel(k)}
                </option>
              ))}
          </select>
        </label>
      )}
      {flip?.kind === "ttl" && <TtlField key={flip.ms} ms={flip.ms} onFlip={onFlip} />}
      {reasons.length > 0 && (
        <ul id={`${id}-reasons`} className="basis-full text-xs text-ink-muted">
          {reasons.map((c) => (
            <li key={c.kind}>
              {c.label} cannot be flipped here: {c.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The twin's lease in seconds; applied on Enter or when focus leaves, and a bad number is named. */
function TtlField({ ms, onFlip }: { ms: number; onFlip: (flip: Flip) => void }) {
  const id = useId();
  const [text, setText] = useState(String(ms / 1000));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = Math.round(Number(text) * 1000);
    if (!Number.isFinite(value) || value < 1 || value > 3_600_000)
      setError(`"${text}" is not a lease between 0.001 s and 3600 s.`);
    else {
      setError(null);
      if (value !== ms) onFlip({ kind: "ttl", ms: value });
    }
  };
  return (
    <div className="text-sm">
      <label htmlFor={`${id}-ttl`} className="font-medium">
        Twin&apos;s lease TTL (s)
      </label>
      <input
        id={`${id}-ttl`}
        inputMode="decimal"
        className={`${field} w-28 tabular-nums`}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => e.key === "Enter" && apply()}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 font-medium text-danger-ink">
          {error}
        </p>
      )}
    </div>
  );
}
