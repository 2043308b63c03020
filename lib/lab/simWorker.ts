/**
 * The Web Worker that runs large scenarios off the main thread. It receives a scenario already
 * validated by the page and answers with the result, or with the error that stopped the run.
 */
import { simulate } from "@/lib/sim/simulate";
import type { WorkerReply, WorkerRequest } from "./workerRunner";

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage(reply: WorkerReply): void };

scope.onmessage = (event) => {
  const { id, scenario } = event.data;
  try {
    scope.postMessage({ id, ok: true, result: simulate(scenario) });
  } catch (error) {
    scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
