"use client";

import { useProgress } from "@/components/progress/useProgress";
import { selectNumberKeys, selectSetNumberKeys } from "@/lib/store/progressSelectors";

/** Turns the 1–9 shortcuts on or off; single-key shortcuts must be able to be turned off (WCAG 2.1.4). */
export function NumberKeysToggle() {
  const enabled = useProgress(selectNumberKeys);
  const setEnabled = useProgress(selectSetNumberKeys);
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink-muted">
      <input
        type="checkbox"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
        className="size-4 accent-(--color-focus)"
      />
      Number keys choose an answer
    </label>
  );
}
