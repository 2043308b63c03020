/**
 * Starts one of the site's Web Workers from its esbuild bundle (scripts/workers/build.mjs writes
 * public/workers/NAME.js before every build and every `next dev`). The build's version of the
 * bundles (next.config.ts) is in the URL, so a browser never pairs a page with a cached worker of
 * another build; the service worker serves it from its precache, whatever the query.
 */
/** The bundles scripts/workers/list.mjs builds (workerScript.test.ts keeps the two lists the same). */
export const WORKER_NAMES = ["sim", "mapCells", "finder", "loadCurve", "open", "check", "code"] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

export function startWorker(name: WorkerName): Worker {
  return new Worker(`/workers/${name}.js?v=${process.env.NEXT_PUBLIC_WORKERS_VERSION ?? "dev"}`, {
    type: "module",
    name,
  });
}
