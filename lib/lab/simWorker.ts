/**
 * The Web Worker that runs large scenarios off the main thread. It receives a scenario already
 * validated by the page, runs it, and derives what the page shows (timeline model, story,
 * questions) here too, so the page receives a prepared run without the event log and its typed
 * arrays without copying. It answers with the error that stopped the run, if one did.
 */
import { simulate } from "@/lib/sim/simulate";
import { prepareRun, preparedTransferables } from "./derived";
import type { WorkerReply, WorkerRequest } from "./workerRunner";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, scenario } = event.data;
  try {
    const prepared = prepareRun(simulate(scenario));
    scope.postMessage({ id, ok: true, prepared }, preparedTransferables(prepared));
  } catch (error) {
    scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
