/**
 * One run at a time through a runner (lib/workers/simRunner.ts), as a store a view subscribes to:
 * the latest run's result or error, and whether it is still in the worker. The
 * twin run is one; the lab's scenario store runs its own scenario through the same runner, with
 * its notices and cancel around it. `key` says which request the state answers, so a view can tell
 * a stale answer from the one it asked for.
 */
import { createStore, type StoreApi } from "zustand";
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import type { RunSize } from "@/lib/workers/runPlan";
import type { Runner } from "@/lib/workers/simRunner";

export interface RunSlotState {
  key: unknown;
  result: SimResult | null;
  error: string | null;
  /** The run is in the worker. */
  pending: boolean;
}

export interface RunSlot {
  store: StoreApi<RunSlotState>;
  /** Runs `scenario` for `key`; the run before it, if still going, is dropped. */
  start(key: unknown, scenario: Scenario, size: RunSize): void;
  dispose(): void;
}

export function createRunSlot(runner: Runner): RunSlot {
  const store = createStore<RunSlotState>()(() => ({ key: null, result: null, error: null, pending: false }));
  const start = (key: unknown, scenario: Scenario, size: RunSize) => {
    store.setState({ key, result: null, error: null, pending: false });
    const where = runner.run(scenario, size, {
      done: (result) => store.setState({ result, pending: false }),
      failed: (error) => store.setState({ error, pending: false }),
    });
    if (where === "background") store.setState({ pending: true });
  };
  return { store, start, dispose: () => runner.dispose() };
}
