"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { LessonPredict } from "@/lib/content/lessonTypes";
import { useProgress } from "@/components/progress/useProgress";
import { primaryButton } from "@/components/ui/button";
import { seconds } from "@/lib/sim/format";
import { confidenceLabels, confidences } from "@/lib/store/calibration";
import { PREDICTION_REASON_MAX, type Confidence } from "@/lib/store/progressSchema";
import { selectAnswerPrediction } from "@/lib/store/progressSelectors";
import { EmbeddedSim } from "./EmbeddedSim";
import { InsideNoscript } from "./noscriptContext";

/**
 * A prediction (`::predict`): the run is held just before the moment in question, with nothing
 * after it visible; the learner picks an answer, it is graded, and the run plays on from there,
 * followed by the reveal (`children`: what the lesson says about the outcome). The result takes
 * the focus, so a keyboard or screen-reader user carries on from it rather than from the page's top.
 * Before checking, the learner may say how sure they are and why, in a line; the result says it
 * back to them. The answer is kept in their progress: a miss joins Review, and the home page's
 * calibration counts how often each confidence was right.
 *
 * Without JavaScript nothing can be answered, so the page's HTML keeps the answer, the whole run
 * and the reveal in a closed "Show the answer" inside <noscript>: reachable, and not on screen
 * before it is asked for (with scripts, a browser does not parse <noscript> at all).
 */
export function PredictStep({
  lesson,
  predict,
  children,
}: {
  lesson: string;
  predict: LessonPredict;
  children?: ReactNode;
}) {
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [confidence, setConfidence] = useState<Confidence | null>(null);
  const [reason, setReason] = useState("");
  const [answered, setAnswered] = useState(false);
  const answerPrediction = useProgress(selectAnswerPrediction);
  const result = useRef<HTMLParagraphElement>(null);
  const right = choice === predict.answer;

  useEffect(() => {
    if (answered) result.current?.focus();
  }, [answered]);

  return (
    <div id={predict.id} className="my-8 scroll-mt-6">
      <form
        className="rounded-xl border-2 border-link/40 bg-surface p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === null) return;
          setAnswered(true);
          answerPrediction({
            lesson,
            id: predict.id,
            fingerprint: predict.fingerprint,
            chosen: choice,
            correct: choice === predict.answer,
            confidence,
            reason,
          });
        }}
      >
        <fieldset disabled={answered}>
          <legend className="w-full">
            <span className="block text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Predict · paused at {seconds(predict.at)}
            </span>
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
          <>
            <fieldset className="mt-4">
              <legend className="text-sm font-semibold">
                How sure are you? <span className="font-normal text-ink-muted">(optional)</span>
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {confidences.map((level) => (
                  <label
                    key={level}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-line bg-page px-3 py-1.5 text-sm has-[:checked]:border-link has-[:checked]:font-semibold"
                  >
                    <input
                      type="radio"
                      name={`${id}-confidence`}
                      value={level}
                      checked={confidence === level}
                      onChange={() => setConfidence(level)}
                      className="accent-[var(--color-link)]"
                    />
                    {confidenceLabels[level]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-3">
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                Why? <span className="font-normal text-ink-muted">(optional, one line)</span>
              </label>
              <input
                id={`${id}-reason`}
                type="text"
                value={reason}
                maxLength={PREDICTION_REASON_MAX}
                autoComplete="off"
                onChange={(event) => setReason(event.target.value)}
                className="mt-1 block w-full max-w-xl rounded-md border border-line bg-page px-3 py-1.5"
              />
            </div>
            <button type="submit" disabled={choice === null} className={`${primaryButton} mt-4`}>
              Check my prediction
            </button>
          </>
        ) : null}
        <div role="status" aria-live="polite">
          {answered && (
            <p
              ref={result}
              tabIndex={-1}
              className={`mt-4 rounded-lg border-l-4 px-3 py-2 ${right ? "border-safe" : "border-danger"} bg-page`}
            >
              <span className={`font-bold ${right ? "text-safe-ink" : "text-danger-ink"}`}>
                {right ? "✓ Right." : "✗ Not quite."}
              </span>{" "}
              {right ? "You predicted it." : <>The answer is “{predict.options[predict.answer]}”.</>} Watch the run play
              on from {seconds(predict.at)}.{children ? " Below it, the lesson explains what it shows." : null}
              <YourCall confidence={confidence} reason={reason.trim()} />
            </p>
          )}
        </div>
        <noscript>
          <InsideNoscript value={true}>
            <details className="mt-4 rounded-lg border border-line bg-page px-3 py-2">
              <summary className="cursor-pointer font-semibold text-link">Show the answer</summary>
              <p className="mt-2">The answer is “{predict.options[predict.answer]}”.</p>
              <EmbeddedSim preset={predict.preset} />
              {children}
            </details>
          </InsideNoscript>
        </noscript>
      </form>
      <EmbeddedSim preset={predict.preset} holdAt={answered ? null : predict.at} />
      {answered && children}
    </div>
  );
}

/** What the learner said before the reveal, said back to them: "You were sure: c1 still holds the lock." */
function YourCall({ confidence, reason }: { confidence: Confidence | null; reason: string }) {
  if (!confidence && !reason) return null;
  const said = confidence ? `You were ${confidenceLabels[confidence].toLowerCase()}` : "Your reason";
  return <span className="mt-1 block text-ink-muted">{reason ? `${said}: ${reason}` : `${said}.`}</span>;
}
