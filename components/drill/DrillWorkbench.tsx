"use client";

import { useId, useRef, useState } from "react";
import { ContentHtml } from "@/components/content/ContentHtml";
import { SeeItHappen } from "@/components/content/SeeItHappen";
import { useProgress } from "@/components/progress/useProgress";
import { useNow } from "@/components/progress/useNow";
import { useVisitRecord } from "@/components/progress/useVisitRecord";
import { primaryButton } from "@/components/ui/button";
import type { Drill } from "@/lib/content/types";
import type { DrillAttempt, DrillProgress } from "@/lib/store/progressSchema";
import { rubricRating } from "@/lib/store/rubricRating";
import {
  selectDrill,
  selectHydrated,
  selectRateDrill,
  selectRestartDrill,
  selectUpdateDrillAttempt,
} from "@/lib/store/progressSelectors";
import { Countdown, forgetCountdown } from "./Countdown";
import { LastAttempt } from "./LastAttempt";
import { RatingButtons } from "./RatingButtons";
import { RubricChecklist } from "./RubricChecklist";
import { SayItOutLoud } from "./SayItOutLoud";

type Props = Pick<
  Drill,
  "slug" | "minutes" | "rubric" | "mustHaves" | "modelAnswerHtml" | "followUpsHtml" | "scenario"
>;

/** A drill that has come due again after a rated attempt: practise it afresh (an unrated one is still in progress). */
function dueWithOldAttempt(drill: DrillProgress, now: Date): boolean {
  const { attempt, card } = drill;
  return attempt.rating !== null && card !== null && new Date(card.due).getTime() <= now.getTime();
}

const emptyAttempt: DrillAttempt = { answer: "", revealed: false, rubric: [], rating: null };

/**
 * The learner's side of a drill: the timer, their answer (kept in this browser as they type), the
 * reveal of the model answer (beside the draft on a wide screen, with a link to the lab run the
 * drill is about: before the reveal the run would give the answer away) and the rubric, and the rating
 * that schedules the next review. A drill that is due again opens on the prompt alone, with an
 * empty draft and a fresh timer; the last attempt waits behind a disclosure, and is replaced only
 * once the learner starts the new one.
 */
export function DrillWorkbench({ slug, minutes, rubric, mustHaves, modelAnswerHtml, followUpsHtml, scenario }: Props) {
  const hydrated = useProgress(selectHydrated);
  const drill = useProgress(selectDrill(slug));
  const updateAttempt = useProgress(selectUpdateDrillAttempt);
  const rateDrill = useProgress(selectRateDrill);
  const restartDrill = useProgress(selectRestartDrill);
  const now = useNow();
  const modelHeading = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  // Decided once, when the saved progress is in: a due drill starts a fresh attempt.
  const [opening, setOpening] = useState<{ decided: boolean; previous: DrillAttempt | null }>({
    decided: false,
    previous: null,
  });
  const [timerRun, setTimerRun] = useState(0);
  if (hydrated && now && !opening.decided) {
    const fresh = dueWithOldAttempt(drill, now);
    setOpening({ decided: true, previous: fresh ? drill.attempt : null });
    if (fresh) {
      forgetCountdown(slug);
      setTimerRun((n) => n + 1);
    }
  }
  // While the fresh attempt has not started, the old one stays saved and the page shows an empty one.
  const pendingFresh = opening.previous !== null && drill.attempt === opening.previous;
  const attempt = pendingFresh ? emptyAttempt : drill.attempt;

  useVisitRecord("drill", slug);

  function update(patch: Partial<DrillAttempt>) {
    if (pendingFresh) restartDrill(slug);
    updateAttempt(slug, patch);
  }

  function reveal() {
    update({ revealed: true });
    // Wait for the model answer to render before moving focus to it.
    requestAnimationFrame(() => modelHeading.current?.focus());
  }

  function restart() {
    restartDrill(slug);
    forgetCountdown(slug);
    setTimerRun((n) => n + 1);
    requestAnimationFrame(() => answerRef.current?.focus());
  }

  return (
    <>
      <div className="mt-8 max-w-3xl">
        <Countdown key={timerRun} minutes={minutes} slug={slug} stopped={attempt.revealed} />
        <SayItOutLoud key={`say-${timerRun}`} />
        {opening.previous && <LastAttempt attempt={opening.previous} rubric={rubric} />}
      </div>

      <div className={attempt.revealed ? "mt-10 grid gap-10 lg:grid-cols-2 lg:items-start" : "mt-10 max-w-3xl"}>
        <section aria-labelledby="answer-heading">
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
            onChange={(event) => update({ answer: event.target.value })}
            disabled={!hydrated}
            rows={12}
            className="mt-4 block w-full rounded-lg border-2 border-line bg-page p-3 text-ink placeholder:text-ink-muted focus-visible:border-focus disabled:opacity-60"
            placeholder={
              hydrated ? "Start with the failure mode, then the mechanism that fixes it…" : "Loading your draft…"
            }
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
          <section aria-labelledby="model-heading" className="lg:sticky lg:top-4">
            <h2 id="model-heading" ref={modelHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
              Model answer
            </h2>
            <ContentHtml html={modelAnswerHtml} className="mt-4 max-w-prose leading-relaxed" />
            <SeeItHappen scenario={scenario} />
          </section>
        )}
      </div>

      {attempt.revealed && (
        <div className="max-w-3xl">
          <RubricChecklist
            items={rubric}
            checked={attempt.rubric}
            onChange={(checked) => update({ rubric: checked })}
          />
          {followUpsHtml && (
            <section aria-labelledby="followups-heading" className="mt-10">
              <h2 id="followups-heading" className="text-2xl font-bold tracking-tight">
                Follow-ups an interviewer might ask
              </h2>
              <ContentHtml html={followUpsHtml} className="mt-4 max-w-prose" />
            </section>
          )}
          <RatingButtons
            drill={drill}
            suggested={rubricRating(rubric.length, mustHaves, attempt.rubric)}
            onRate={(grade) => rateDrill(slug, grade)}
            onRestart={restart}
          />
        </div>
      )}
    </>
  );
}
