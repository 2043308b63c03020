/**
 * A lab session without a view: the scenario store, the playback store and the learner's lab
 * progress, wired so that a new run sets the playhead's range and predict mode holds the playhead
 * at its question's moment. The lab, each run embedded in a lesson and each slide's run are one of
 * these; React only provides it. `runner` decides where runs happen (in the browser: at once on
 * the main thread within its budget, else in a Web Worker, the latest run winning).
 */
import type { DecodedLocation } from "@/lib/scenario/url";
import { modelOf, questionsOf } from "@/lib/readers/derived";
import { createRunner, type Runner } from "@/lib/workers/simRunner";
import { createLabProgressStore, type LabProgressStore } from "./labProgress";
import { createPlaybackStore, type PlaybackStore } from "./labPlayback";
import { createScenarioStore, type ScenarioState, type ScenarioStore } from "./labScenario";

export interface LabSession {
  scenario: ScenarioStore;
  playback: PlaybackStore;
  progress: LabProgressStore;
  /** Keeps the playback in step with the scenario's runs; returns the function that stops it. */
  follow(): () => void;
  /** Stops any run in flight (its worker is terminated). */
  dispose(): void;
}

/** The moment the timeline stops at while the learner predicts, or null when nothing is hidden. */
function hiddenAfter(state: ScenarioState): number | null {
  if (!state.predict.on || state.predict.revealed || !state.result) return null;
  const questions = questionsOf(state.result);
  return questions[state.predict.index % questions.length]?.momentT ?? null;
}

export function createLabSession(initial: DecodedLocation, options: { runner?: Runner } = {}): LabSession {
  const runner = options.runner ?? createRunner();
  const scenario = createScenarioStore(initial, runner);
  const { resolved, result } = scenario.getState();
  const playback = createPlaybackStore({
    t: initial.t,
    endT: resolved.durationMs,
    activityEndT: result ? modelOf(result).activityEndT : resolved.durationMs,
  });

  const follow = () => {
    const step = (state: ScenarioState, previous: ScenarioState | null) => {
      if (state.result && state.result !== previous?.result)
        playback.getState().setRun(state.result.scenario.durationMs, modelOf(state.result).activityEndT);
      const limit = hiddenAfter(state);
      const before = previous ? hiddenAfter(previous) : null;
      // Predict mode's limit only: a limit set by another owner (a slide's reveal stopping at the
      // next question, bound before this starts following) is not lifted when predict mode is off.
      if (limit !== before || (!previous && limit !== null)) {
        playback.getState().setLimit(limit);
        if (limit !== null) playback.getState().setT(limit);
      }
    };
    step(scenario.getState(), null);
    return scenario.subscribe(step);
  };

  return { scenario, playback, progress: createLabProgressStore(), follow, dispose: () => runner.dispose() };
}
