"use client";

import { useEffect } from "react";
import type { ScenarioState } from "@/lib/store/labScenario";
import { modelOf, questionsOf } from "@/lib/lab/derived";
import type { LabStores } from "./stores";

/** The moment the timeline stops at while the learner predicts, or null when nothing is hidden. */
function hiddenAfter(state: ScenarioState): number | null {
  if (!state.predict.on || state.predict.revealed || !state.result) return null;
  const questions = questionsOf(state.result);
  return questions[state.predict.index % questions.length]?.momentT ?? null;
}

/**
 * Keeps the playback in step with the scenario: a new run sets the playhead's range, and predict
 * mode holds the playhead at its question's moment (placing it there) until the answer is revealed.
 */
export function useRunFollowing({ scenario, playback }: LabStores): void {
  useEffect(() => {
    const follow = (state: ScenarioState, previous: ScenarioState | null) => {
      if (state.result && state.result !== previous?.result) playback.getState().setRun(state.result.scenario.durationMs, modelOf(state.result).lastEventT);
      const limit = hiddenAfter(state);
      const before = previous ? hiddenAfter(previous) : null;
      if (limit !== before || !previous) {
        playback.getState().setLimit(limit);
        if (limit !== null) playback.getState().setT(limit);
      }
    };
    follow(scenario.getState(), null);
    return scenario.subscribe(follow);
  }, [scenario, playback]);
}
