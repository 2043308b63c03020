/**
 * Runs the load curve off the main thread, like the lab's large runs (lib/lab/workerRunner.ts):
 * one worker per curve, terminated when a newer curve is asked for or the panel goes away.
 */
import type { Scenario } from "@/lib/sim/scenario";
import type { CurvePoint } from "./curve";

export interface CurveRequest {
  id: number;
  scenario: Scenario;
}

export type CurveReply = { id: number; kind: "point"; point: CurvePoint } | { id: number; kind: "done" } | { id: number; kind: "error"; message: string };

export interface CurveListener {
  point(point: CurvePoint): void;
  done(): void;
  failed(message: string): void;
}

let nextId = 1;

/** Starts computing the curve of `scenario`; the returned function stops it. */
export function startLoadCurve(scenario: Scenario, listener: CurveListener): () => void {
  if (typeof Worker === "undefined") {
    listener.failed("this browser cannot run the load curve in the background (no Web Workers)");
    return () => {};
  }
  const id = nextId++;
  const worker = new Worker(new URL("./loadCurve.worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<CurveReply>) => {
    const reply = event.data;
    if (reply.id !== id) return;
    if (reply.kind === "point") listener.point(reply.point);
    else if (reply.kind === "done") {
      listener.done();
      worker.terminate();
    } else {
      listener.failed(reply.message);
      worker.terminate();
    }
  };
  worker.onerror = (event) => listener.failed(event.message || "the load curve's worker failed");
  worker.postMessage({ id, scenario } satisfies CurveRequest);
  return () => worker.terminate();
}
