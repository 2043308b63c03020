/**
 * The Web Worker that runs a chunk of the failure map's cells, reporting each cell as progress as
 * soon as it is done; or, asked to warm up, runs the scenario for a moment and reports nothing.
 */
import { runCell, warmUp, type CellResult } from "@/lib/explore";
import { serveJob, type JobScope } from "./job";
import type { MapWorkerRequest } from "./mapRunner";

serveJob<MapWorkerRequest, CellResult, null>(self as unknown as JobScope, (request, progress) => {
  if ("warmUp" in request) warmUp(request.warmUp, request.forMs, () => performance.now());
  else for (const job of request.jobs) progress(runCell(job));
  return null;
});
