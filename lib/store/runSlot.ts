/**
 * One run at a time through a runner (lib/workers/simRunner.ts), as a store a view subscribes to:
 * the latest run's result or error, whether it is still in the worker and how far it has got. The
 * twin run is one; the lab's scenario store runs its own scenario through the same runner, with
 * its notices and cancel around it. `key` says which request the state answers, so a view can tell
 * a stale answer from the one it asked for.
 */
import { createStore, type StoreApi } from "zustand";
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import type { RunSize } from "@/lib/lab/run";
import type { Runner } from "@/lib/workers/simRunner";

export interface RunSlotState {
  key: unknown;
  result: SimResult | null;
  error: string | null;
  /** The run is in the worker. */
  pending: boolean;
  /** How far the run in the worker has simulated (ms), while one is. */
  reachedMs: number | null;
}

export interface RunSlot {
  store: StoreApi<RunSlotState>;
  /** Runs `scenario` for `key`; the run before it, if still going, is dropped. */
  start(key: unknown, scenario: Scenario, size: RunSize): void;
  dispose(): void;
}

export function createRunSlot(runner: Runner): RunSlot {
  const store = createStore<RunSlotState>()(() => ({ key: null, result: null, error: null, pending: false, reachedMs: null }));
  const start = (key: unknown, scenario: Scenario, size: RunSize) => {
    store.setState({ key, result: null, error: null, pending: false, reachedMs: null });
    const where = runner.run(scenario, size, {
      done: (result) => store.setState({ result, pending: false, reachedMs: null }),
      failed: (error) => store.setState({ error, pending: false, reachedMs: null }),
      progress: (reachedMs) => store.setState({ reachedMs }),
    });
    if (where === "background") store.setState({ pending: true, reachedMs: 0 });
  };
  return { store, start, dispose: () => runner.dispose() };
}
