/**
 * The lab's edit history, for undo and redo: a separate store that watches the scenario store and
 * keeps the scenarios it had (with the preset each came from), the last EDIT_HISTORY_LIMIT of them.
 * Every change of scenario is an edit, choosing a preset included; undoing puts the previous one
 * back through the scenario store's own `restore`, so it is re-planned and re-simulated like any
 * edit. A factory, one per lab.
 */
import { createStore } from "zustand";
import type { Scenario } from "@/lib/sim/scenario";
import type { ScenarioStore } from "./labScenario";

export const EDIT_HISTORY_LIMIT = 50;

export interface HistoryEntry {
  scenario: Scenario;
  presetId: string | null;
}

export interface EditHistoryState {
  past: HistoryEntry[];
  future: HistoryEntry[];
  undo: () => void;
  redo: () => void;
  /** Starts recording the scenario store's changes; returns the function that stops it. */
  watch: () => () => void;
}

export type EditHistoryStore = ReturnType<typeof createEditHistoryStore>;

export function createEditHistoryStore(scenario: ScenarioStore) {
  let restoring = false;
  const current = (): HistoryEntry => ({
    scenario: scenario.getState().scenario,
    presetId: scenario.getState().presetId,
  });

  return createStore<EditHistoryState>()((set, get) => {
    /** Moves one step: the current scenario goes onto one stack, the top of the other comes back. */
    const move = (from: "past" | "future") => {
      const stack = get()[from];
      const target = stack.at(-1);
      if (!target) return;
      const to = from === "past" ? "future" : "past";
      const here = current();
      restoring = true;
      try {
        scenario.getState().restore(target.scenario, target.presetId);
      } finally {
        restoring = false;
      }
      // A scenario that no longer plans (it always did before) stays put: the stacks keep it.
      if (scenario.getState().scenario !== target.scenario) return;
      set(
        (s) =>
          ({ [from]: stack.slice(0, -1), [to]: [...s[to], here].slice(-EDIT_HISTORY_LIMIT) }) as Pick<
            EditHistoryState,
            "past" | "future"
          >,
      );
    };

    const watch = () =>
      scenario.subscribe((state, previous) => {
        if (restoring || state.scenario === previous.scenario) return;
        set((s) => ({
          past: [...s.past, { scenario: previous.scenario, presetId: previous.presetId }].slice(-EDIT_HISTORY_LIMIT),
          future: [],
        }));
      });

    return { past: [], future: [], undo: () => move("past"), redo: () => move("future"), watch };
  });
}
