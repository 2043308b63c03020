/**
 * Runs the exhaustive check, and makes arcade levels, in a Web Worker, so thousands of runs never
 * freeze the page. Progress comes back a few times a second; Cancel terminates the worker.
 */
import type { Scenario } from "@/lib/sim/scenario";
import { startJob, workerFactory } from "@/lib/workers/job";
import type { ArcadeLevel } from "../challenges/arcade";
import type { ExhaustiveResult } from "../challenges/exhaustive";
import type { Goal } from "../challenges/goals";
import type { FaultWorld } from "../challenges/faultWorld";
import { startWorker } from "@/lib/workers/workerScript";

export type CheckRequest =
  /** `counterexampleWhen`: "goal-fails" for a defend level, "goal-holds" to confirm a break level cannot be won. */
  | {
      kind: "check";
      scenario: Scenario;
      world: FaultWorld;
      goal: Goal;
      counterexampleWhen: "goal-fails" | "goal-holds";
    }
  | { kind: "arcade"; seed: number };

export interface CheckProgress {
  tried: number;
  /** The world's exact count of schedules, once the check knows it (exhaustive.ts); null before. */
  total: number | null;
}

export type CheckOutcome =
  { kind: "result"; result: ExhaustiveResult } | { kind: "arcade"; arcade: ArcadeLevel | null };

export interface CheckListener {
  progress?(tried: number, total: number | null): void;
  result?(result: ExhaustiveResult): void;
  arcade?(arcade: ArcadeLevel | null): void;
  failed(message: string): void;
}

/** Starts a job in a fresh worker; the returned function cancels it. */
export function startCheck(request: CheckRequest, listener: CheckListener): () => void {
  const create = workerFactory(() => startWorker("check"));
  return startJob<CheckRequest, CheckProgress, CheckOutcome>(
    create,
    request,
    {
      progress: ({ tried, total }) => listener.progress?.(tried, total),
      result: (outcome) =>
        outcome.kind === "result" ? listener.result?.(outcome.result) : listener.arcade?.(outcome.arcade),
      failed: listener.failed,
    },
    "checks",
  );
}
