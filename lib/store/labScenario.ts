/**
 * The lab's scenario store: the scenario as written, where it came from, its latest result, the
 * notices the learner should read, and predict mode. A factory, so each lab provider owns its
 * store. Every action calls pure functions (lib/scenario) and sets state; every change re-simulates at
 * once through the runner (lib/workers/simRunner.ts): on the main thread when the run fits its
 * budget, else in a worker that reports how far it has got and can be cancelled, which puts the
 * previous run back. From how far such a run has got, the store foretells whether it will reach
 * the event limit, before the worker has simulated the rest (lib/workers/eventLimit.ts).
 */
import { createStore } from "zustand";
import { presetById } from "@/lib/scenario/presets";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import type { RunProgress, SimResult } from "@/lib/sim/simulate";
import { planScenario, type RunSize } from "@/lib/workers/runPlan";
import { forecastEventLimit, type EventLimitForecast } from "@/lib/workers/eventLimit";
import { streamSwitchNotes } from "@/lib/scenario/streamSwitch";
import type { Flip } from "@/lib/scenario/flips";
import { decodeMapSettings, type MapSettings } from "@/lib/explore/mapSettings";
import { costsTheScenario, DEFAULT_PRESET_ID, type DecodedLocation } from "@/lib/scenario/url";
import { createRunner, type Runner } from "@/lib/workers/simRunner";

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
  /** A run is in the worker. */
  pending: boolean;
  /** How far the run that outgrew the main thread has got, while it runs. */
  runProgress: RunProgress | null;
  /** Whether, at its pace so far, that run will reach the event limit (null: it will not, or no run is going). */
  eventLimit: EventLimitForecast | null;
  /** That run was foretold to reach the limit at some report: if `eventLimit` is null now, a later one withdrew it. */
  foretold: boolean;
  notices: Notice[];
  predict: PredictState;
  /** The twin run's flip, shown side by side with this run; null for none. */
  compare: Flip | null;
  /**
   * The failure map's settings, as last drawn or as a link gave them, or the problems of a link's
   * settings that could not be read; null when the map is not open. Encoded only in the URL.
   */
  map: MapOpening | null;
  /** Applies a change to the scenario; refused changes leave it as it was and say why. */
  edit: (change: (scenario: Scenario, resolved: ResolvedScenario) => Scenario) => void;
  choosePreset: (id: string) => void;
  /** Puts back a scenario the lab had before, with the preset it came from (undo and redo). */
  restore: (scenario: Scenario, presetId: string | null) => void;
  /** Stops the run in the worker and puts back the scenario of the run on show (or the default one). */
  cancelRun: () => void;
  dismissNotice: (id: number) => void;
  setPredicting: (on: boolean) => void;
  choose: (optionId: string) => void;
  reveal: () => void;
  nextQuestion: (count: number) => void;
  setCompare: (flip: Flip | null) => void;
  setMap: (settings: MapSettings | null) => void;
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;

const freshPredict = (on: boolean): PredictState => ({ on, index: 0, choice: null, revealed: false });

const notRunning = { pending: false, runProgress: null, eventLimit: null, foretold: false } as const;

/** What the store's `result` is the run of, to put back when a newer run is cancelled. */
type Shown = Pick<ScenarioState, "scenario" | "presetId" | "resolved" | "warnings">;
type StatePatch = Partial<ScenarioState> | ((state: ScenarioState) => Partial<ScenarioState>);

/** Without a runner, every run happens at once on this thread (as in store-level tests). */
/** The failure map's settings, or why a link's could not be read. */
export type MapOpening = ReturnType<typeof decodeMapSettings>;

export function createScenarioStore(initial: DecodedLocation, runner: Runner = createRunner(null)) {
  let noticeId = 0;
  let shown: Shown | null = null;
  const notice = (tone: NoticeTone, title: string, items: string[]): Notice => ({ id: ++noticeId, tone, title, items });

  const first = planScenario(initial.scenario);
  // A decoded location is always valid (decodeLabSearch falls back to the default preset).
  if (!first.ok) throw new Error(`the initial scenario is invalid: ${first.errors.join("; ")}`);
  const openingNotices = initial.problems.length
    ? [
        notice(
          "error",
          initial.problems.some(costsTheScenario)
            ? "This link could not be opened, so the lab opened the default scenario"
            : "Part of this link could not be used",
          initial.problems.map((problem) => problem.text),
        ),
      ]
    : [];

  // The opening run happens before the store exists, so that a run which fits the main thread is
  // part of the store's initial state: that is what the prerendered HTML and hydration render.
  const early: StatePatch[] = [];
  let setState = (patch: StatePatch): void => {
    early.push(patch);
  };
  simulateNow(
    { scenario: first.scenario, presetId: initial.presetId, resolved: first.resolved, warnings: first.warnings },
    first,
  );

  const store = createStore<ScenarioState>()((set, get) => {
    const apply = (
      candidate: Scenario,
      presetId: string | null,
      notes: (title: string, items: string[]) => Notice[],
    ) => {
      const plan = planScenario(candidate);
      if (!plan.ok) {
        set((s) => ({
          notices: [
            notice("error", "That change was not made: the scenario would not be valid", plan.errors),
            ...s.notices.filter((n) => n.tone !== "error"),
          ],
        }));
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
      simulateNow({ scenario: plan.scenario, presetId, resolved: plan.resolved, warnings: plan.warnings }, plan);
    };

    const cancelRun = () => {
      if (!get().pending) return;
      runner.cancel();
      const title = "The run was cancelled";
      if (shown) {
        set({
          ...shown,
          ...notRunning,
          notices: [notice("info", title, ["The previous run is still shown, and its scenario is back."])],
        });
        return;
      }
      set(notRunning);
      const preset = presetById(DEFAULT_PRESET_ID);
      if (preset)
        apply(preset.scenario, preset.id, () => [
          notice("info", title, ["There was no earlier run to keep, so the lab opened the default scenario."]),
        ]);
    };
    const opened: ScenarioState = {
      scenario: first.scenario,
      presetId: initial.presetId,
      resolved: first.resolved,
      warnings: first.warnings,
      result: null,
      ...notRunning,
      notices: openingNotices,
      predict: freshPredict(initial.predict),
      compare: initial.compare ?? null,
      map: initial.map == null ? null : decodeMapSettings(initial.map),
      edit: (change) => {
        const { scenario, resolved, presetId } = get();
        const candidate = change(scenario, resolved);
        const switched = streamSwitchNotes(scenario, candidate);
        apply(candidate, presetId, (title, items) =>
          switched.length || items.length ? [notice("info", title, [...switched, ...items])] : [],
        );
      },
      choosePreset: (id) => {
        const preset = presetById(id);
        if (preset) apply(preset.scenario, preset.id, () => []);
      },
      restore: (scenario, presetId) => apply(scenario, presetId, () => []),
      cancelRun,
      dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
      setPredicting: (on) => set({ predict: freshPredict(on) }),
      choose: (optionId) => set((s) => (s.predict.revealed ? s : { predict: { ...s.predict, choice: optionId } })),
      reveal: () => set((s) => (s.predict.choice === null ? s : { predict: { ...s.predict, revealed: true } })),
      nextQuestion: (count) =>
        set((s) => ({ predict: { ...freshPredict(true), index: (s.predict.index + 1) % Math.max(1, count) } })),
      setCompare: (compare) => set({ compare }),
      setMap: (settings) => set({ map: settings === null ? null : { ok: true, settings } }),
    };
    return early.reduce<ScenarioState>(
      (state, patch) => ({ ...state, ...(typeof patch === "function" ? patch(state) : patch) }),
      opened,
    );
  });
  setState = (patch) => {
    store.setState(patch);
  };

  /** Runs a planned scenario and stores its result; the runner hears only the latest run. */
  function simulateNow(of: Shown, size: RunSize) {
    setState(notRunning);
    const where = runner.run(of.scenario, size, {
      done: (result) => {
        shown = of;
        setState({ result, ...notRunning });
      },
      failed: (message) =>
        setState((s) => ({
          ...notRunning,
          notices: [
            ...s.notices.filter((n) => n.tone !== "error"),
            notice("error", "The simulation stopped with an error", [message]),
          ],
        })),
      progress: (progress) =>
        setState((s) => {
          const eventLimit = forecastEventLimit(of.resolved, progress);
          return { runProgress: progress, eventLimit, foretold: s.foretold || eventLimit !== null };
        }),
    });
    if (where === "background") setState({ pending: true });
  }

  return store;
}
