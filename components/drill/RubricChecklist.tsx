"use client";

import { ContentHtml } from "@/components/content/ContentHtml";

/** The rubric as a checklist: the learner ticks what their answer covered. */
export function RubricChecklist({
  items,
  checked,
  onChange,
}: {
  items: string[];
  checked: number[];
  onChange: (checked: number[]) => void;
}) {
  const toggle = (index: number, on: boolean) =>
    onChange(on ? [...checked, index].sort((a, b) => a - b) : checked.filter((i) => i !== index));
  return (
    <section aria-labelledby="rubric-heading" className="mt-10">
      <h2 id="rubric-heading" className="text-2xl font-bold tracking-tight">
        Check your answer against the rubric
      </h2>
      <p className="mt-2 text-ink-muted">Tick each point your answer made. A strong answer covers them all.</p>
      <ul className="mt-4 space-y-2">
        {items.map((html, index) => (
          <li key={index}>
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:bg-surface has-checked:bg-surface">
              <input
                type="checkbox"
                checked={checked.includes(index)}
                onChange={(event) => toggle(index, event.target.checked)}
                className="mt-1 size-4 shrink-0 accent-(--color-focus)"
              />
              <ContentHtml inline html={html} />
            </label>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="mt-3 font-semibold tabular-nums">
        {checked.length} of {items.length} covered
      </p>
    </section>
  );
}
