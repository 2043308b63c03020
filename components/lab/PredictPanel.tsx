"use client";

import { useEffect, useId, useRef } from "react";
import { seconds } from "@/lib/sim/format";
import { encodeScenario } from "@/lib/scenario/url";
import type { LabProgressState } from "@/lib/store/labProgress";
import { questionsOf } from "@/lib/readers/derived";
import { selectPredict, selectResult } from "./selectors";
import { useLabProgress, useLabStores, useScenario } from "./stores";

const selectPredictions = (s: LabProgressState) => s.progress.predictions;

/** The switch that turns predict mode on: answer first, then see the run. */
export function PredictToggle() {
  const id = useId();
  const on = useScenario(selectPredict).on;
  const { scenario } = useLabStores();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(event) => scenario.getState().setPredicting(event.target.checked)}
        className="lab-switch"
      />
      <label htmlFor={id} className="text-sm font-semibold">
        Predict first
      </label>
    </div>
  );
}

/**
 * Predict mode: a question generated from the scenario, answered before the run is revealed; the
 * timeline stops at the question's moment and the outcome stays hidden until the answer is in.
 * Each answer is kept in the learner's local progress.
 */
export function PredictPanel() {
  const id = useId();
  const predict = useScenario(selectPredict);
  const result = useScenario(selectResult);
  const predictions = useLabProgress(selectPredictions);
  const stores = useLabStores();
  // The button pressed to reveal goes away with the answer: focus moves to the answer, not to the page.
  const answer = useRef<HTMLDivElement>(null);
  const revealedHere = useRef(false);
  useEffect(() => {
    if (predict.revealed && revealedHere.current) answer.current?.focus();
    revealedHere.current = false;
  }, [predict.revealed]);
  if (!predict.on) return null;
  if (!result) return null;

  const questions = questionsOf(result);
  const question = questions[predict.index % questions.length];
  if (!question) return null;
  const right = predict.choice === question.answer;
  const answers = Object.values(predictions);
  const tally = answers.length
    ? `Your predictions so far: ${answers.filter((a) => a.correct).length} of ${answers.length} right.`
    : null;

  const reveal = () => {
    const { scenario: store, progress } = stores;
    const state = store.getState();
    if (state.predict.choice === null) return;
    revealedHere.current = true;
    state.reveal();
    const key = `${encodeScenario(state.scenario)}:${question.id}`;
    progress.getState().recordPrediction(key, {
      question: question.prompt,
      choice: state.predict.choice,
      correct: state.predict.choice === question.answer,
      at: new Date().toISOString(),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border-2 border-focus bg-surface p-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight">
        Predict
      </h2>
      {!predict.revealed && (
        <p className="mt-1 text-sm text-ink-muted">
          The timeline stops at {seconds(question.momentT)}; the outcome is hidden until you answer.
        </p>
      )}
      <fieldset className="mt-3" disabled={predict.revealed}>
        <legend className="font-semibold">{question.prompt}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {question.options.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-line bg-page px-3 py-2 text-sm has-checked:border-focus has-checked:font-semibold"
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={option.id}
                checked={predict.choice === option.id}
                onChange={() => stores.scenario.getState().choose(option.id)}
                className="accent-[var(--color-focus)]"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {!predict.revealed ? (
        <button
          type="button"
          onClick={reveal}
          disabled={predict.choice === null}
          className="mt-3 rounded-md bg-ink px-4 py-2 text-sm font-semibold text-page hover:opacity-90 disabled:opacity-40"
        >
          Reveal the answer
        </button>
      ) : (
        <div ref={answer} tabIndex={-1} className="mt-3 rounded-md" role="status">
          <p className={`font-bold ${right ? "text-safe-ink" : "text-danger-ink"}`}>
            {right ? "✓ You predicted it." : "✗ Not this time."}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-semibold">The simulation: </span>
            {question.explanation}
          </p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {predict.revealed && questions.length > 1 && (
          <button
            type="button"
            onClick={() => stores.scenario.getState().nextQuestion(questions.length)}
            className="rounded-md border border-line bg-page px-3 py-1.5 font-semibold hover:bg-page/60"
          >
            Another question
          </button>
        )}
        {tally && <span className="text-ink-muted">{tally}</span>}
      </div>
    </section>
  );
}
