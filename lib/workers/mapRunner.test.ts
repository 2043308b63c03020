import { afterEach, describe, expect, it, vi } from "vitest";
import { runCell, type CellJob, type CellResult } from "@/lib/explore";
import { serveJob, type JobScope } from "./job";
import { presetById } from "@/lib/scenario/presets";
import { MAX_MAP_WORKERS, WARM_UP_MS, mapWorkerCount, type MapWorkerRequest } from "./mapRunner";
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
  Array.from({ length: n }, (_, i) => ({
    x: i,
    y: 0,
    xValue: i,
    yValue: 0,
    seeds: 1,
    scenario: null,
    invalid: "not run in this test",
  }));

/** A scenario to warm up on: the stand-in workers only note its name. */
const scenario = { ...presetById("gc-pause-fenced")!.scenario };

/**
 * The page as the map runner sees it: `cores` cores, and Web Workers that are in-process stand-ins
 * serving cells as mapCells.worker.ts does, each remembering the sizes of the chunks it was given
 * and the warm-ups it was asked for. A warm-up lasts until `warmedUp` is called.
 */
async function pageWith(cores: number) {
  const created: { worker: InProcessWorker; chunks: number[]; warmUps: string[] }[] = [];
  let endWarmUps = () => {};
  const warmUpsOver = new Promise<void>((resolve) => (endWarmUps = resolve));
  class FakeWorker {
    constructor() {
      const chunks: number[] = [];
      const warmUps: string[] = [];
      const worker = inProcessWorker((scope: JobScope) =>
        serveJob<MapWorkerRequest, CellResult, null>(scope, async (request, progress) => {
          if ("warmUp" in request) {
            warmUps.push(`${request.warmUp.name} for ${request.forMs} ms`);
            await warmUpsOver;
            return null;
          }
          chunks.push(request.jobs.length);
          for (const job of request.jobs) progress(runCell(job));
          return null;
        }),
      );
      created.push({ worker, chunks, warmUps });
      return worker;
    }
  }
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("navigator", { hardwareConcurrency: cores });
  // A fresh module: the page's workers are kept in it for the page's life.
  vi.resetModules();
  const runner = await import("./mapRunner");
  return { runner, created, warmedUp: endWarmUps };
}

function drawMap(runner: typeof import("./mapRunner"), jobs: CellJob[]): Promise<CellResult[]> {
  return new Promise((resolve, reject) => {
    const cells: CellResult[] = [];
    runner.startMapRun(jobs, {
      cell: (c) => cells.push(c),
      done: () => resolve(cells),
      failed: (m) => reject(new Error(m)),
    });
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

  it("starts its workers warming up when someone sets up a map, and the map then runs on them", async () => {
    const { runner, created, warmedUp } = await pageWith(2);
    runner.prepareMapWorkers(scenario);
    runner.prepareMapWorkers(scenario); // a second focus starts no more
    await vi.waitFor(() =>
      expect(created.map((w) => w.warmUps)).toEqual([
        [`${scenario.name} for ${WARM_UP_MS} ms`],
        [`${scenario.name} for ${WARM_UP_MS} ms`],
      ]),
    );
    warmedUp();
    await drawMap(runner, jobsOf(100));
    expect(created).toHaveLength(2);
    expect(created.every((w) => w.chunks.length > 0)).toBe(true);
  });

  it("a map drawn while the workers warm up waits for them, rather than starting cold ones beside them", async () => {
    const { runner, created, warmedUp } = await pageWith(2);
    runner.prepareMapWorkers(scenario);
    const cells = drawMap(runner, jobsOf(100));
    await vi.waitFor(() => expect(created.every((w) => w.warmUps.length === 1)).toBe(true));
    expect(created.every((w) => w.chunks.length === 0)).toBe(true);
    warmedUp();
    await expect(cells).resolves.toHaveLength(100);
    expect(created).toHaveLength(2);
    expect(created.every((w) => w.chunks.length > 0)).toBe(true);
  });

  it("a map cancelled while the workers warm up never starts", async () => {
    const { runner, created, warmedUp } = await pageWith(2);
    runner.prepareMapWorkers(scenario);
    const heard: string[] = [];
    const stop = runner.startMapRun(jobsOf(100), {
      cell: () => heard.push("cell"),
      done: () => heard.push("done"),
      failed: () => heard.push("failed"),
    });
    stop();
    warmedUp();
    // The warmed workers are kept for the next map; this one ran nothing.
    await vi.waitFor(() => expect(created.every((w) => w.warmUps.length === 1)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([]);
    expect(created.every((w) => w.chunks.length === 0 && !w.worker.terminated)).toBe(true);
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
