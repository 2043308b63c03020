/** The Web Worker that runs a chunk of the failure map's cells, reporting each cell as progress as soon as it is done. */
import { runCell, type CellResult } from "@/lib/explore";
import { serveJob, type JobScope } from "./job";
import type { MapWorkerRequest } from "./mapRunner";

serveJob<MapWorkerRequest, CellResult, null>(self as unknown as JobScope, ({ jobs }, progress) => {
  for (const job of jobs) progress(runCell(job));
  return null;
});
