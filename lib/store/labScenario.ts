/**
 * The lab's scenario store: the scenario as written, where it came from, its latest result, the
 * notices the learner should read, and predict mode. A factory, so each lab provider owns its
 * store. Every action calls pure functions (lib/lab) and sets state; every change re-simulates at
 * once, on the main thread when the run is small and in a worker when it is large.
 */
import { createStore } from "zustand";
import { presetById } from "@/lib/presets";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { planScenario } from "@/lib/lab/run";
import { streamSwitchNotes } from "@/lib/lab/streamSwitch";
import type { Flip } from "@/lib/lab/flips";
import { COMPARE_PROBLEM, type DecodedLocation } from "@/lib/lab/url";
import { runOnMainThread, type Runner } from "@/lib/workers/simRunner";

export type NoticeTone = "error" | "info";

export interface Notice {
  id: number;
  tone: NoticeTone;
  title: string;
  items: string[];
}

export interface PredictState {
  on: boolean;
  /** Which of the run's questions is asked. */
  index: number;
  choice: string | null;
  revealed: boolean;
}

export interface ScenarioState {
  scenario: Scenario;
  presetId: string | null;
  resolved: ResolvedScenario;
  warnings: string[];
  result: SimResult | null;
  /** A large run is in the worker. */
  pending: boolean;
  notices: Notice[];
  predict: PredictState;
  /** The twin run's flip, shown side by side with this run; null for none. */
  compare: Flip | null;
  /** The failure map's URL parameter (lib/lab/mapSettings.ts); null for none. */
  map: string | null;
  /** Applies a change to the scenario; refused changes leave it as it was and say why. */
  edit: (change: (scenario: Scenario, resolved: ResolvedScenario) => Scenario) => void;
  choosePreset: (id: string) => void;
  /** Puts back a scenario the lab had before, with the preset it came from (undo and redo). */
  restore: (scenario: Scenario, presetId: string | null) => void;
  dismissNotice: (id: number) => void;
  setPredicting: (on: boolean) => void;
  choose: (optionId: string) => void;
  reveal: () => void;
  nextQuestion: (count: number) => void;
  setCompare: (flip: Flip | null) => void;
  setMap: (map: string | null) => void;
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;

const freshPredict = (on: boolean): PredictState => ({ on, index: 0, choice: null, revealed: false });

export function createScenarioStore(initial: DecodedLocation, run: Runner = runOnMainThread) {
  let noticeId = 0;
  let runId = 0;
  const notice = (tone: NoticeTone, title: string, items: string[]): Notice => ({ id: ++noticeId, tone, title, items });

  const first = planScenario(initial.scenario);
  // A decoded location is always valid (decodeLabSearch falls back to the default preset).
  if (!first.ok) throw new Error(`the initial scenario is invalid: ${first.errors.join("; ")}`);
  const openingNotices = initial.problems.length
    ? [notice("error", initial.t === null && initial.problems.some((p) => !p.startsWith("The playhead") && !p.startsWith(COMPARE_PROBLEM)) ? "This link could not be opened, so the lab opened the default scenario" : "Part of this link could not be used", initial.problems)]
    : [];

  let initialResult: SimResult | null = null;
  const store = createStore<ScenarioState>()((set, get) => {
    /** Runs a planned scenario and stores its result, unless a newer run has started meanwhile. */
    const simulateNow = (scenario: Scenario, large: boolean) => {
      const id = ++runId;
      const fail = (error: unknown) => {
        if (id !== runId) return;
        const message = error instanceof Error ? error.message : String(error);
        set((s) => ({ pending: false, notices: [...s.notices.filter((n) => n.tone !== "error"), notice("error", "The simulation stopped with an error", [message])] }));
      };
      try {
        const outcome = run(scenario, large);
        if (outcome instanceof Promise) {
          set({ pending: true });
          outcome.then((result) => id === runId && set({ result, pending: false }), fail);
        } else set({ result: outcome, pending: false });
      } catch (error) {
        fail(error);
      }
    };

    const apply = (candidate: Scenario, presetId: string | null, notes: (title: string, items: string[]) => Notice[]) => {
      const plan = planScenario(candidate);
      if (!plan.ok) {
        set((s) => ({ notices: [notice("error", "That change was not made: the scenario would not be valid", plan.errors), ...s.notices.filter((n) => n.tone !== "error")] }));
        return;
      }
      set((s) => ({
        scenario: plan.scenario,
        presetId,
        resolved: plan.resolved,
        warnings: plan.warnings,
        notices: notes("The lab also changed", plan.notes),
        predict: freshPredict(s.predict.on),
      }));
      simulateNow(plan.scenario, plan.large);
    };

    // The opening run: at once when it is small, so the first render already shows it.
    if (!first.large) {
      try {
        const opening = run(first.scenario, false);
        if (!(opening instanceof Promise)) initialResult = opening;
      } catch {
        initialResult = null;
      }
    }
    if (initialResult === null) queueMicrotask(() => simulateNow(first.scenario, first.large));

    return {
      scenario: first.scenario,
      presetId: initial.presetId,
      resolved: first.resolved,
      warnings: first.warnings,
      result: initialResult,
      pending: initialResult === null,
      notices: openingNotices,
      predict: freshPredict(initial.predict),
      compare: initial.compare ?? null,
      map: initial.map ?? null,
      edit: (change) => {
        const { scenario, resolved, presetId } = get();
        const candidate = change(scenario, resolved);
        const switched = streamSwitchNotes(scenario, candidate);
        apply(candidate, presetId, (title, items) => (switched.length || items.length ? [notice("info", title, [...switched, ...items])] : []));
      },
      choosePreset: (id) => {
        const preset = presetById(id);
        if (preset) apply(preset.scenario, preset.id, () => []);
      },
      restore: (scenario, presetId) => apply(scenario, presetId, () => []),
      dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
      setPredicting: (on) => set({ predict: freshPredict(on) }),
      choose: (optionId) => set((s) => (s.predict.revealed ? s : { predict: { ...s.predict, choice: optionId } })),
      reveal: () => set((s) => (s.predict.choice === null ? s : { predict: { ...s.predict, revealed: true } })),
      nextQuestion: (count) => set((s) => ({ predict: { ...freshPredict(true), index: (s.predict.index + 1) % Math.max(1, count) } })),
      setCompare: (compare) => set({ compare }),
      setMap: (map) => set({ map }),
    };
  });
  return store;
}
