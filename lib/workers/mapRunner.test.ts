import { afterEach, describe, expect, it, vi } from "vitest";
import { runCell, type CellJob, type CellResult } from "@/lib/explore";
import { serveJob, type JobScope } from "./job";
import { MAX_MAP_WORKERS, mapWorkerCount, type MapWorkerRequest } from "./mapRunner";
import { inProcessWorker, type InProcessWorker } from "./testing";

describe("how many map workers", () => {
  it("is one per core, at least one and at most the cap", () => {
    expect(mapWorkerCount(2)).toBe(2);
    expect(mapWorkerCount(undefined)).toBe(2);
    expect(mapWorkerCount(0)).toBe(2);
    expect(mapWorkerCount(1)).toBe(1);
    expect(mapWorkerCount(64)).toBe(MAX_MAP_WORKERS);
  });
});

/** Cells whose axes do not apply: each is answered at once, without running the engine. */
const jobsOf = (n: number): CellJob[] =>
  Array.from({ length: n }, (_, i) => ({ x: i, y: 0, xValue: i, yValue: 0, seeds: 1, scenario: null, invalid: "not run in this test" }));

/**
 * The page as the map runner sees it: `cores` cores, and Web Workers that are in-process stand-ins
 * serving cells as mapCells.worker.ts does, each remembering the sizes of the chunks it was given.
 */
async function pageWith(cores: number) {
  const created: { worker: InProcessWorker; chunks: number[] }[] = [];
  class FakeWorker {
    constructor() {
      const chunks: number[] = [];
      const worker = inProcessWorker((scope: JobScope) =>
        serveJob<MapWorkerRequest, CellResult, null>(scope, ({ jobs }, progress) => {
          chunks.push(jobs.length);
          for (const job of jobs) progress(runCell(job));
          return null;
        }),
      );
      created.push({ worker, chunks });
      return worker;
    }
  }
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("navigator", { hardwareConcurrency: cores });
  // A fresh module: the page's workers are kept in it for the page's life.
  vi.resetModules();
  const runner = await import("./mapRunner");
  return { runner, created };
}

function drawMap(runner: typeof import("./mapRunner"), jobs: CellJob[]): Promise<CellResult[]> {
  return new Promise((resolve, reject) => {
    const cells: CellResult[] = [];
    runner.startMapRun(jobs, { cell: (c) => cells.push(c), done: () => resolve(cells), failed: (m) => reject(new Error(m)) });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("drawing a map in workers", () => {
  it("reports every cell exactly once, the workers taking chunks that shrink to one cell at the end", async () => {
    const { runner, created } = await pageWith(2);
    const cells = await drawMap(runner, jobsOf(1600));
    expect(cells.map((c) => c.x).sort((a, b) => a - b)).toEqual(jobsOf(1600).map((j) => j.x));
    expect(created).toHaveLength(2);
    const chunks = created.flatMap((w) => w.chunks);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(1600);
    expect(Math.max(...chunks)).toBe(32);
    expect(Math.min(...chunks)).toBe(1);
    // Both workers had work to the end: neither ran the map alone.
    for (const w of created) expect(w.chunks.length).toBeGreaterThan(10);
  });

  it("starts its workers when someone sets up a map, and the map then runs on them", async () => {
    const { runner, created } = await pageWith(2);
    runner.prepareMapWorkers();
    expect(created).toHaveLength(2);
    expect(created.every((w) => w.chunks.length === 0)).toBe(true);
    runner.prepareMapWorkers(); // a second focus starts no more
    expect(created).toHaveLength(2);
    await drawMap(runner, jobsOf(100));
    expect(created).toHaveLength(2);
    expect(created.every((w) => w.chunks.length > 0)).toBe(true);
  });

  it("ends at once on an empty map, and a cancelled map's workers are terminated", async () => {
    const { runner, created } = await pageWith(2);
    await expect(drawMap(runner, [])).resolves.toEqual([]);
    const stop = runner.startMapRun(jobsOf(400), { cell: () => {}, done: () => {}, failed: () => {} });
    stop();
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((w) => w.worker.terminated)).toBe(true);
  });
});
