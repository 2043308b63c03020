/**
 * Runs the failure finder in a Web Worker, so a search of thousands of schedules never freezes the
 * page. Progress comes back a few times a second; the time limit is kept by the worker itself
 * (the finder polls it before every run); Cancel terminates the worker.
 */
import type { FinderBudget, FinderResult } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";

export interface FinderRequest {
  scenario: Scenario;
  budget: FinderBudget;
  timeLimitMs: number;
}

export type FinderReply =
  | { kind: "progress"; tried: number; total: number }
  | { kind: "result"; result: FinderResult; timedOut: boolean }
  | { kind: "error"; message: string };

export interface FinderListener {
  progress(tried: number, total: number): void;
  result(result: FinderResult, timedOut: boolean): void;
  failed(message: string): void;
}

/** Starts a search; the returned function cancels it. */
export function startFinder(request: FinderRequest, listener: FinderListener): () => void {
  if (typeof Worker === "undefined") {
    listener.failed("this browser cannot search in the background (no Web Workers)");
    return () => {};
  }
  const worker = new Worker(new URL("./finder.worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<FinderReply>) => {
    const reply = event.data;
    if (reply.kind === "progress") return listener.progress(reply.tried, reply.total);
    worker.terminate();
    if (reply.kind === "result") listener.result(reply.result, reply.timedOut);
    else listener.failed(reply.message);
  };
  worker.onerror = (event) => {
    worker.terminate();
    listener.failed(event.message || "the failure finder's worker failed");
  };
  worker.postMessage(request satisfies FinderRequest);
  return () => worker.terminate();
}
