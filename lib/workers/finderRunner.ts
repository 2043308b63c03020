/**
 * Runs the failure finder in a Web Worker, so a search of thousands of schedules never freezes the
 * page. Progress comes back a few times a second; the time limit is kept by the worker itself
 * (the finder polls it before every run); Cancel terminates the worker.
 */
import type { FinderBudget, FinderResult } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";
import { startJob, workerFactory } from "./job";
import { startWorker } from "./workerScript";

export interface FinderRequest {
  scenario: Scenario;
  budget: FinderBudget;
  timeLimitMs: number;
}

export interface FinderProgress {
  tried: number;
  total: number;
}

export interface FinderOutcome {
  result: FinderResult;
  timedOut: boolean;
}

export interface FinderListener {
  progress(tried: number, total: number): void;
  result(result: FinderResult, timedOut: boolean): void;
  failed(message: string): void;
}

/** Starts a search; the returned function cancels it. */
export function startFinder(request: FinderRequest, listener: FinderListener): () => void {
  const create = workerFactory(() => startWorker("finder"));
  return startJob<FinderRequest, FinderProgress, FinderOutcome>(
    create,
    request,
    {
      progress: ({ tried, total }) => listener.progress(tried, total),
      result: ({ result, timedOut }) => listener.result(result, timedOut),
      failed: listener.failed,
    },
    "the failure finder",
  );
}
