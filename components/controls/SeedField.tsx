"use client";

import { useId, useState } from "react";
import { withSeed } from "@/lib/scenario/edits";
import { selectEdit, selectResolved } from "@/components/lab/selectors";
import { useScenario } from "@/components/lab/stores";
import { groupDigits } from "@/lib/sim/format";

const MAX_SEED = 4_294_967_295;

/** Why typed text is not a seed, or null if it is one. */
export function seedProblem(text: string): string | null {
  if (!/^\d+$/.test(text.trim())) return "The seed must be a whole number, such as 42.";
  if (Number(text) > MAX_SEED) return `The seed must be at most ${groupDigits(MAX_SEED)}.`;
  return null;
}

/**
 * The run's seed: every random choice (latency, pauses) follows from it. Typing a bad seed keeps
 * the text and says what is wrong; the run keeps its last good seed until the text is fixed.
 */
export function SeedField() {
  const id = useId();
  const seed = useScenario(selectResolved).seed;
  const edit = useScenario(selectEdit);
  const [draft, setDraft] = useState<{ text: string; forSeed: number } | null>(null);
  // A draft belongs to the seed it was typed over; a new seed from elsewhere replaces it.
  const text = draft && draft.forSeed === seed ? draft.text : String(seed);
  const problem = seedProblem(text);

  const commit = (next: string) => {
    setDraft({ text: next, forSeed: seed });
    if (seedProblem(next) === null && Number(next) !== seed) {
      const value = Number(next);
      setDraft(null);
      edit((s) => withSeed(s, value));
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Seed
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => commit(event.target.value)}
          className="w-full min-w-0 rounded-md border border-line bg-page px-2.5 py-2 font-mono text-sm text-ink aria-invalid:border-danger"
        />
        <button
          type="button"
          onClick={() => edit((s) => withSeed(s, Math.floor(Math.random() * MAX_SEED)))}
          className="shrink-0 rounded-md border border-line px-3 py-2 text-sm font-medium hover:bg-surface"
        >
          Re-roll
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs font-medium text-danger-ink" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
