"use client";

import { useId, useState } from "react";
import type { LessonPredict } from "@/lib/content/lessonTypes";
import { primaryButton } from "@/components/ui/button";
import { seconds } from "@/lib/sim/format";
import { EmbeddedSim } from "./EmbeddedSim";

/**
 * A prediction (`::predict`): the run is held just before the moment in question, with nothing
 * after it visible; the learner picks an answer, it is graded, and the run plays on from there.
 */
export function PredictStep({ predict }: { predict: LessonPredict }) {
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const right = choice === predict.answer;

  return (
    <div className="my-8">
      <form
        className="rounded-xl border-2 border-link/40 bg-surface p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== null) setAnswered(true);
        }}
      >
        <fieldset disabled={answered}>
          <legend className="w-full">
            <span className="block text-xs font-semibold tracking-wide text-ink-muted uppercase">Predict · paused at {seconds(predict.at)}</span>
            <span className="mt-1 block font-semibold">{predict.question}</span>
          </legend>
          <div className="mt-3 space-y-2">
            {predict.options.map((option, index) => (
              <label
                key={option}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-page px-3 py-2 has-[:checked]:border-link has-[:checked]:font-medium"
              >
                <input
                  type="radio"
                  name={id}
                  value={index}
                  checked={choice === index}
                  onChange={() => setChoice(index)}
                  className="mt-1 accent-[var(--color-link)]"
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {!answered ? (
          <button type="submit" disabled={choice === null} className={`${primaryButton} mt-4`}>
            Check my prediction
          </button>
        ) : null}
        <div role="status" aria-live="polite">
          {answered && (
            <p className={`mt-4 rounded-lg border-l-4 px-3 py-2 ${right ? "border-safe" : "border-danger"} bg-page`}>
              <span className={`font-bold ${right ? "text-safe-ink" : "text-danger-ink"}`}>{right ? "✓ Right." : "✗ Not quite."}</span>{" "}
              {right ? "You predicted it." : <>The answer is “{predict.options[predict.answer]}”.</>} Watch the run play on from {seconds(predict.at)}.
            </p>
          )}
        </div>
      </form>
      <EmbeddedSim preset={predict.preset} holdAt={answered ? null : predict.at} />
    </div>
  );
}
