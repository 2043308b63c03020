"use client";

import { useId, useRef } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { useProgress } from "@/components/progress/useProgress";
import { useVisitRecord } from "@/components/progress/useVisitRecord";
import { primaryButton } from "@/components/ui/button";
import type { Drill } from "@/lib/content/types";
import {
  selectDrill,
  selectHydrated,
  selectRateDrill,
  selectRestartDrill,
  selectUpdateDrillAttempt,
} from "@/lib/store/progressSelectors";
import { Countdown } from "./Countdown";
import { RatingButtons } from "./RatingButtons";
import { RubricChecklist } from "./RubricChecklist";

type Props = Pick<Drill, "slug" | "minutes" | "rubric" | "modelAnswerHtml" | "followUpsHtml">;

/**
 * The learner's side of a drill: the timer, their answer (kept in this browser as they type), the
 * reveal of the model answer and the rubric, and the rating that schedules the next review.
 */
export function DrillWorkbench({ slug, minutes, rubric, modelAnswerHtml, followUpsHtml }: Props) {
  const hydrated = useProgress(selectHydrated);
  const drill = useProgress(selectDrill(slug));
  const updateAttempt = useProgress(selectUpdateDrillAttempt);
  const rateDrill = useProgress(selectRateDrill);
  const restartDrill = useProgress(selectRestartDrill);
  const modelHeading = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const { attempt } = drill;

  useVisitRecord("drill", slug);

  function reveal() {
    updateAttempt(slug, { revealed: true });
    // Wait for the model answer to render before moving focus to it.
    requestAnimationFrame(() => modelHeading.current?.focus());
  }

  function restart() {
    restartDrill(slug);
    requestAnimationFrame(() => answerRef.current?.focus());
  }

  return (
    <>
      <div className="mt-8">
        <Countdown minutes={minutes} />
      </div>

      <section aria-labelledby="answer-heading" className="mt-10">
        <h2 id="answer-heading" className="text-2xl font-bold tracking-tight">
          Your answer
        </h2>
        <p id={hintId} className="mt-2 text-ink-muted">
          Answer as you would out loud in an interview. Your draft is kept in this browser as you type.
        </p>
        <textarea
          ref={answerRef}
          aria-labelledby="answer-heading"
          aria-describedby={hintId}
          value={attempt.answer}
          onChange={(event) => updateAttempt(slug, { answer: event.target.value })}
          disabled={!hydrated}
          rows={12}
          className="mt-4 block w-full rounded-lg border-2 border-line bg-page p-3 text-ink placeholder:text-ink-muted focus-visible:border-focus disabled:opacity-60"
          placeholder={hydrated ? "Start with the failure mode, then the mechanism that fixes it…" : "Loading your draft…"}
        />
        {!attempt.revealed && (
          <div className="mt-4">
            <button type="button" className={primaryButton} onClick={reveal} disabled={!hydrated}>
              Reveal the model answer
            </button>
          </div>
        )}
      </section>

      {attempt.revealed && (
        <>
          <section aria-labelledby="model-heading" className="mt-10">
            <h2 id="model-heading" ref={modelHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
              Model answer
            </h2>
            <ContentHtml html={modelAnswerHtml} className="mt-4 max-w-prose leading-relaxed" />
          </section>
          <RubricChecklist items={rubric} checked={attempt.rubric} onChange={(checked) => updateAttempt(slug, { rubric: checked })} />
          {followUpsHtml && (
            <section aria-labelledby="followups-heading" className="mt-10">
              <h2 id="followups-heading" className="text-2xl font-bold tracking-tight">
                Follow-ups an interviewer might ask
              </h2>
              <ContentHtml html={followUpsHtml} className="mt-4 max-w-prose" />
            </section>
          )}
          <RatingButtons drill={drill} onRate={(grade) => rateDrill(slug, grade)} onRestart={restart} />
        </>
      )}
    </>
  );
}
