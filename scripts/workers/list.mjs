// Every Web Worker the site starts: its name (public/workers/NAME.js, lib/workers/workerScript.ts)
// and its source.
export const WORKERS = {
  sim: "lib/workers/sim.worker.ts",
  mapCells: "lib/workers/mapCells.worker.ts",
  finder: "lib/workers/finder.worker.ts",
  loadCurve: "lib/workers/loadCurve.worker.ts",
  open: "lib/workers/open.worker.ts",
  check: "lib/workers/check.worker.ts",
  code: "lib/workers/code.worker.ts",
};
