/** The Web Worker that runs a shard of the failure map's cells, posting each cell as it is done, then "done". */
import { runCell } from "@/lib/explore";
import type { MapWorkerReply, MapWorkerRequest } from "./mapRunner";

const scope = self as unknown as { onmessage: ((event: MessageEvent<MapWorkerRequest>) => void) | null; postMessage(reply: MapWorkerReply): void };

scope.onmessage = (event) => {
  try {
    for (const job of event.data.jobs) scope.postMessage({ kind: "cell", cell: runCell(job) });
    scope.postMessage({ kind: "done" });
  } catch (error) {
    scope.postMessage({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
