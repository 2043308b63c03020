/**
 * Runs scenarios for the lab: small ones at once on the main thread (a frame or two), large ones
 * in a Web Worker, so the page never freezes: the worker also derives the timeline, the story and
 * the questions, and the page adopts them with the result. A new large run replaces one still in
 * flight (its worker is terminated), since only the latest scenario's result matters.
 */
import { simulate, type SimResult } from "@/lib/sim/simulate";
import type { Scenario } from "@/lib/sim/scenario";
import { runJob } from "./job";
import { adoptPreparedRun, type PreparedRun } from "@/lib/run/derived";

/** Runs a scenario; `large` asks for the worker. Small runs return the result itself. */
export type Runner = (scenario: Scenario, large: boolean) => SimResult | Promise<SimResult>;

export const runOnMainThread: Runner = (scenario) => simulate(scenario);

export interface WorkerRunner {
  run: Runner;
  dispose(): void;
}

export function createWorkerRunner(): WorkerRunner {
  let inFlight: { cancel(): void } | null = null;
  const stop = () => {
    inFlight?.cancel();
    inFlight = null;
  };

  const run: Runner = (scenario, large) => {
    if (!large || typeof Worker === "undefined") return simulate(scenario);
    stop();
    const job = runJob<Scenario, PreparedRun>(() => new Worker(new URL("./sim.worker.ts", import.meta.url), { type: "module" }), scenario, "the simulation worker");
    inFlight = job;
    return job.promise.then(adoptPreparedRun);
  };

  return { run, dispose: stop };
}
