"use client";

import { useId } from "react";

export interface SelectOption {
  value: string;
  label: string;
  /** Why this option is not available now; the option is disabled and the reason shown. */
  unavailable?: string;
}

/** A labelled native select; options that do not apply are disabled, with their reasons listed beneath. */
export function SelectControl({
  label,
  value,
  options,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  hint?: string | null;
}) {
  const id = useId();
  const unavailable = options.filter((o) => o.unavailable);
  const describedBy =
    [hint ? `${id}-hint` : null, unavailable.length ? `${id}-why` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        className="mt-1 w-full rounded-md border border-line bg-page px-2.5 py-2 text-sm text-ink"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={Boolean(option.unavailable)}>
            {option.unavailable ? `${option.label} (unavailable)` : option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {unavailable.length > 0 && (
        <ul id={`${id}-why`} className="mt-1 space-y-0.5 text-xs text-ink-muted">
          {unavailable.map((o) => (
            <li key={o.value}>
              <span className="font-medium text-ink">{o.label}</span> is unavailable: {o.unavailable}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
