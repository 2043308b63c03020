/**
 * Runs scenarios for the lab, a twin run and every embedded run. A run is tried on the main
 * thread only within MAIN_THREAD_BUDGET (lib/workers/runPlan.ts): one that reaches it is discarded and
 * runs in a Web Worker, as does any run planned large, so the main thread's work is bounded
 * whatever a scenario looks like. The worker reports how far it has simulated, derives the
 * timeline, the story and the questions too, and the page adopts them with the result. One run at
 * a time: a new run, or a cancel, terminates the worker still in flight, and only the latest
 * run's listener ever hears anything. A run that outgrew the main thread's try is reported as far
 * as the try got before the worker starts it, so the page can foretell whether it will reach the
 * event limit (lib/workers/eventLimit.ts) before the worker has simulated the rest.
 */
import { simulate, type RunProgress, type SimResult } from "@/lib/sim/simulate";
import { PROGRESS_EVERY_STEPS } from "@/lib/sim/kernel";
import type { Scenario } from "@/lib/sim/scenario";
import { MAIN_THREAD_BUDGET, type RunSize } from "@/lib/workers/runPlan";
import { startJob, warmWorkers, workerFactory, type JobWorker, type WarmWorkers } from "./job";
import { adoptPreparedRun, type PreparedRun } from "@/lib/readers/derived";
import { startWorker } from "./workerScript";

export interface RunListener {
  /** The run's result; for a run that fits the main thread, during the call to `run` itself. */
  done(result: SimResult): void;
  failed(message: string): void;
  /**
   * How far a run in the worker has got, only ever further: for a run tried on the main thread
   * first, as far as that try got (during the call to `run`); then as the worker reports.
   */
  progress?(progress: RunProgress): void;
}

export interface Runner {
  /**
   * Runs a scenario (`size.large` sends it straight to the worker) and tells `listener` how it
   * ends. Answers "done" when the result was delivered during the call, "background" when the
   * worker has it. Starting a run silences the run before it.
   */
  run(scenario: Scenario, size: RunSize, listener: RunListener): "done" | "background";
  /** Stops the run in the worker, if there is one; its listener hears nothing more. */
  cancel(): void;
  dispose(): void;
}

/**
 * The scenario's run if it fits the main thread's budget; else how far the try got (the run
 * itself is thrown away: a run stopped early is never shown). A run that fits is the full run:
 * neither bound was reached, so it is exactly what simulate() gives.
 */
export function tryWithinMainThreadBudget(scenario: Scenario): { result: SimResult } | { start: RunProgress } {
  let steps = 0;
  const result = simulate(scenario, {
    maxEvents: MAIN_THREAD_BUDGET.events,
    progress: () => (steps += PROGRESS_EVERY_STEPS) < MAIN_THREAD_BUDGET.steps,
  });
  const stopped = result.summary.incomplete;
  if (!stopped) return { result };
  // The full log is kept, so the events logged are the log's length.
  return { start: { reachedMs: stopped.atMs, events: result.events.length, jobsDone: result.summary.jobsDone } };
}

/** The simulation worker, where this environment has Web Workers. */
const simulationWorker = workerFactory(() => startWorker("sim"));

/**
 * A runner. `createWorker` stands in for the simulation worker in tests; without Web Workers
 * (null), every run is simulated at once on this thread, whatever it costs.
 */
export function createRunner(createWorker: (() => JobWorker) | null = simulationWorker): Runner {
  let stop: (() => void) | null = null;
  let generation = 0;
  // Started with the first run that needs one: a page whose runs all fit the main thread loads no worker.
  let workers: WarmWorkers | null = null;
  // The estimate of the last run that outgrew the main thread's budget. A slider moved on such a
  // run gives one that looks no smaller, and that goes straight to the worker: trying it on the
  // main thread first would spend the whole budget there and then throw it away, at every step.
  let outgrew: number | null = null;

  const cancel = () => {
    generation++;
    stop?.();
    stop = null;
  };

  const run: Runner["run"] = (scenario, size, listener) => {
    cancel();
    const mine = generation;
    const live = () => mine === generation;
    let furthest = 0;
    const large = size.large || (outgrew !== null && size.estimatedEvents >= outgrew);
    if (!large || !createWorker) {
      let tried: ReturnType<typeof tryWithinMainThreadBudget>;
      try {
        tried = createWorker ? tryWithinMainThreadBudget(scenario) : { result: simulate(scenario) };
      } catch (error) {
        listener.failed(error instanceof Error ? error.message : String(error));
        return "done";
      }
      if ("result" in tried) {
        outgrew = null;
        listener.done(tried.result);
        return "done";
      }
      outgrew = size.estimatedEvents;
      furthest = tried.start.events;
      listener.progress?.(tried.start);
    }
    workers ??= createWorker && warmWorkers(createWorker);
    stop = startJob<Scenario, RunProgress, PreparedRun>(
      workers && workers.take,
      scenario,
      {
        // The worker's first report can come from fewer events than the main thread's try had.
        progress: (progress) => {
          if (!live() || progress.events < furthest) return;
          furthest = progress.events;
          listener.progress?.(progress);
        },
        result: (prepared) => {
          if (!live()) return;
          stop = null;
          listener.done(adoptPreparedRun(prepared));
        },
        failed: (message) => {
          if (!live()) return;
          stop = null;
          listener.failed(message);
        },
      },
      "the simulation worker",
      workers?.release,
    );
    return "background";
  };

  return {
    run,
    cancel,
    dispose() {
      cancel();
      workers?.dispose();
    },
  };
}
