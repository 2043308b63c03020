"use client";

import { forwardRef, useId, useState } from "react";

/** Asks for a slide number and goes there; a number outside the deck is refused with a reason. */
export const GoToDialog = forwardRef<HTMLDialogElement, { slideCount: number; onGo: (slide: number) => void }>(
  function GoToDialog({ slideCount, onGo }, ref) {
    const id = useId();
    const [value, setValue] = useState("");
    const [error, setError] = useState<string | null>(null);
    return (
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(24rem,92vw)] rounded-xl border border-line bg-page p-6 text-ink backdrop:bg-black/60"
        onClose={() => setError(null)}
      >
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Go to slide
        </h2>
        <form
          method="dialog"
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            const n = Number(value);
            if (!Number.isInteger(n) || n < 1 || n > slideCount) {
              event.preventDefault();
              setError(`Type a slide number from 1 to ${slideCount}.`);
              return;
            }
            setValue("");
            onGo(n - 1);
          }}
        >
          <label htmlFor={`${id}-n`} className="block font-medium">
            Slide number (1–{slideCount})
          </label>
          <input
            id={`${id}-n`}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-md border border-line bg-page px-3 py-2 text-lg"
          />
          {error && (
            <p id={`${id}-error`} className="font-medium text-danger-ink">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className="rounded-md border border-line px-4 py-2 font-semibold"
              onClick={(event) => event.currentTarget.closest("dialog")?.close()}
            >
              Cancel
            </button>
            <button className="rounded-md bg-ink px-4 py-2 font-semibold text-page">Go</button>
          </div>
        </form>
      </dialog>
    );
  },
);
