/**
 * Runs the exhaustive check, and makes arcade levels, in a Web Worker, so thousands of runs never
 * freeze the page. Progress comes back a few times a second; Cancel terminates the worker.
 */
import type { Scenario } from "@/lib/sim/scenario";
import type { ArcadeLevel } from "./arcade";
import type { ExhaustiveResult } from "./exhaustive";
import type { Goal } from "./goals";
import type { World } from "./world";

export type CheckRequest =
  /** `counterexampleWhen`: "goal-fails" for a defend level, "goal-holds" to confirm a break level cannot be won. */
  | { kind: "check"; scenario: Scenario; world: World; goal: Goal; counterexampleWhen: "goal-fails" | "goal-holds" }
  | { kind: "arcade"; seed: number };

export type CheckReply =
  | { kind: "progress"; tried: number; estimate: number }
  | { kind: "result"; result: ExhaustiveResult }
  | { kind: "arcade"; arcade: ArcadeLevel | null }
  | { kind: "error"; message: string };

export interface CheckListener {
  progress?(tried: number, estimate: number): void;
  result?(result: ExhaustiveResult): void;
  arcade?(arcade: ArcadeLevel | null): void;
  failed(message: string): void;
}

/** Starts a job in a fresh worker; the returned function cancels it. */
export function startCheck(request: CheckRequest, listener: CheckListener): () => void {
  if (typeof Worker === "undefined") {
    listener.failed("this browser cannot run checks in the background (no Web Workers)");
    return () => {};
  }
  const worker = new Worker(new URL("./check.worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<CheckReply>) => {
    const reply = event.data;
    if (reply.kind === "progress") return listener.progress?.(reply.tried, reply.estimate);
    worker.terminate();
    if (reply.kind === "result") listener.result?.(reply.result);
    else if (reply.kind === "arcade") listener.arcade?.(reply.arcade);
    else listener.failed(reply.message);
  };
  worker.onerror = (event) => {
    worker.terminate();
    listener.failed(event.message || "the check's worker failed");
  };
  worker.postMessage(request satisfies CheckRequest);
  return () => worker.terminate();
}
