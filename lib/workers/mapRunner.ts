/**
 * Runs a failure map's cells in Web Workers, one per core (capped). The cells are in coarse-to-fine
 * order (lib/explore/spread.ts), so the whole map takes shape early; each worker takes the next
 * chunk of them when it is free, so every worker finishes at about the same time. Cancelling
 * terminates them; a map that finishes leaves its workers waiting, their engine code compiled,
 * for the next map.
 */
import { chunkSize, runCell, type CellJob, type CellResult } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";
import { startJob, warmWorkers, type WarmWorkers } from "./job";
import { startWorker } from "./workerScript";

/** A chunk of cells to run, or a warm-up: the scenario run for `forMs` and thrown away (lib/explore/warmUp.ts). */
export type MapWorkerRequest = { jobs: CellJob[] } | { warmUp: Scenario; forMs: number };

/**
 * How long each new worker warms up: long enough for V8 to optimise the engine's hot code, short
 * enough that a map drawn at once waits little for it (its first runs would have been its slowest).
 * Timed with scripts/time-failure-map.mjs --setting-up 2000, against no warm-up, in turns: the
 * first map's median was lower in each of three rounds, by 0.2 s in the quiet one (4.68 against
 * 4.91 s) and by 1.5 and 1.7 s in two with other work on the machine.
 */
export const WARM_UP_MS = 500;

export interface MapRunListener {
  cell(cell: CellResult): void;
  /** Every worker has finished. */
  done(): void;
  failed(message: string): void;
}

/** Workers are spawned up to this many, even on machines with more cores. */
export const MAX_MAP_WORKERS = 8;

/** One worker per core the browser reports, within [1, MAX_MAP_WORKERS]. */
export function mapWorkerCount(cores: number | undefined): number {
  return Math.max(1, Math.min(MAX_MAP_WORKERS, Math.floor(cores || 2)));
}

/**
 * The page's map workers, made when the first map is drawn and kept for the page's life: a map
 * drawn again (new axes, more seeds) then runs on workers whose code V8 has already optimised.
 */
let mapWorkers: WarmWorkers | null = null;

const pageMapWorkers = (): WarmWorkers => (mapWorkers ??= warmWorkers(() => startWorker("mapCells"), MAX_MAP_WORKERS));

/** The first workers' warm-ups, while they last: a map started meanwhile waits for them, and then runs on those workers. */
let warming: Promise<void> | null = null;

/**
 * Starts the map's workers if the page has none yet, each warming up on `scenario` for
 * WARM_UP_MS: someone setting up a map is about to draw one, and by then each worker has loaded
 * its code (about 50 to 100 ms a worker on this project's 2-core machine) and V8 has optimised the
 * engine's, instead of starting to on the click. Whatever the warm-up finds is thrown away.
 */
export function prepareMapWorkers(scenario: Scenario): void {
  if (typeof Worker === "undefined" || mapWorkers) return;
  const workers = pageMapWorkers();
  const warmUps = Array.from(
    { length: mapWorkerCount(navigator.hardwareConcurrency) },
    () =>
      new Promise<void>((resolve) => {
        const request: MapWorkerRequest = { warmUp: scenario, forMs: WARM_UP_MS };
        startJob(
          workers.take,
          request,
          { result: resolve, failed: () => resolve() },
          "a failure map worker",
          workers.release,
        );
      }),
  );
  warming = Promise.all(warmUps).then(() => {
    warming = null;
  });
}

/** Starts running `jobs`; returns the function that cancels the run. Without Worker support, runs in slices on the page. */
export function startMapRun(jobs: readonly CellJob[], listener: MapRunListener): () => void {
  if (typeof Worker === "undefined") return runOnPage(jobs, listener);
  if (!warming) return runInWorkers(jobs, listener);
  let cancelled = false;
  let cancel = () => {
    cancelled = true;
  };
  void warming.then(() => {
    if (!cancelled) cancel = runInWorkers(jobs, listener);
  });
  return () => cancel();
}

function runInWorkers(jobs: readonly CellJob[], listener: MapRunListener): () => void {
  const workers = pageMapWorkers();
  const workerCount = Math.min(jobs.length, mapWorkerCount(navigator.hardwareConcurrency));
  let next = 0;
  let over = false;
  /** The chunks running, by the function that cancels each: none left running and none waiting ends the map. */
  const stops = new Set<() => void>();
  const stop = () => {
    over = true;
    for (const cancel of stops) cancel();
  };
  /** Gives a free worker the next chunk, or, when none is left and no worker is busy, ends the map. */
  const startChunk = () => {
    if (over) return;
    if (next >= jobs.length) {
      if (stops.size === 0) {
        over = true;
        listener.done();
      }
      return;
    }
    const chunk = jobs.slice(next, (next += chunkSize(jobs.length - next, workerCount)));
    const cancel = startJob<MapWorkerRequest, CellResult, null>(
      workers.take,
      { jobs: chunk },
      {
        progress: (cell) => !over && listener.cell(cell),
        result: () => {
          stops.delete(cancel);
          startChunk();
        },
        failed: (message) => {
          if (over) return;
          stop();
          listener.failed(message);
        },
      },
      "a failure map worker",
      workers.release,
    );
    stops.add(cancel);
  };
  for (let i = 0; i < workerCount; i++) startChunk();
  if (jobs.length === 0) queueMicrotask(() => listener.done());
  return stop;
}

/** The fallback: a cell at a time between frames, so the page still answers. */
function runOnPage(jobs: readonly CellJob[], listener: MapRunListener): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout>;
  const step = () => {
    const job = jobs[next++];
    if (!job) return listener.done();
    listener.cell(runCell(job));
    timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}
