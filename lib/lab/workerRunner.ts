/**
 * Runs scenarios for the lab: small ones at once on the main thread (a frame or two), large ones
 * in a Web Worker, so the page never freezes: the worker also derives the timeline, the story and
 * the questions, and the page adopts them with the result. A new large run replaces one still in
 * flight (its worker is terminated), since only the latest scenario's result matters.
 */
import { simulate, type SimResult } from "@/lib/sim/simulate";
import type { Scenario } from "@/lib/sim/scenario";
import { adoptPreparedRun, type PreparedRun } from "./derived";

export interface WorkerRequest {
  id: number;
  scenario: Scenario;
}

export type WorkerReply = { id: number; ok: true; prepared: PreparedRun } | { id: number; ok: false; error: string };

/** Runs a scenario; `large` asks for the worker. Small runs return the result itself. */
export type Runner = (scenario: Scenario, large: boolean) => SimResult | Promise<SimResult>;

export const runOnMainThread: Runner = (scenario) => simulate(scenario);

export interface WorkerRunner {
  run: Runner;
  dispose(): void;
}

export function createWorkerRunner(): WorkerRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  let inFlight: { id: number; reject: (error: Error) => void } | null = null;

  const stop = () => {
    worker?.terminate();
    worker = null;
    inFlight?.reject(new Error("superseded by a newer run"));
    inFlight = null;
  };

  const run: Runner = (scenario, large) => {
    if (!large || typeof Worker === "undefined") return simulate(scenario);
    stop();
    const id = nextId++;
    const current = new Worker(new URL("./simWorker.ts", import.meta.url), { type: "module" });
    worker = current;
    return new Promise<SimResult>((resolve, reject) => {
      inFlight = { id, reject };
      current.onmessage = (event: MessageEvent<WorkerReply>) => {
        if (event.data.id !== id) return;
        inFlight = null;
        if (event.data.ok) resolve(adoptPreparedRun(event.data.prepared));
        else reject(new Error(event.data.error));
      };
      current.onerror = (event) => {
        inFlight = null;
        reject(new Error(event.message || "the simulation worker failed"));
      };
      current.postMessage({ id, scenario } satisfies WorkerRequest);
    });
  };

  return { run, dispose: stop };
}
