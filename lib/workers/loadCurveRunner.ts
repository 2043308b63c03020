/**
 * Runs the load curve off the main thread, like the lab's large runs (lib/workers/simRunner.ts):
 * one worker per curve, terminated when a newer curve is asked for or the panel goes away.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { startJob, workerFactory } from "./job";
import type { CurvePoint } from "@/lib/explore/loadCurve";
import { startWorker } from "./workerScript";

export interface CurveListener {
  point(point: CurvePoint): void;
  done(): void;
  failed(message: string): void;
}

/** Starts computing the curve of `scenario`; the returned function stops it. */
export function startLoadCurve(scenario: Scenario, listener: CurveListener): () => void {
  const create = workerFactory(() => startWorker("loadCurve"));
  return startJob<Scenario, CurvePoint, null>(
    create,
    scenario,
    { progress: listener.point, result: listener.done, failed: listener.failed },
    "the load curve",
  );
}
