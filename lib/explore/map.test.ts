import { describe, expect, it } from "vitest";
import { named, scenario } from "@/lib/sim/testing";
import { simulate } from "@/lib/sim/simulate";
import { sweepSeeds } from "@/lib/sim/sweep";
import { applyAxis } from "./axes";
import { cellScenario, mapCells, runCell } from "./map";

const base = named("chaos-default");

describe("mapCells", () => {
  it("makes one job per cell, each with its two axis values applied", () => {
    const jobs = mapCells(base, "lease-ttl", [2000, 5000, 10_000], "pause-length", [1000, 8000], 4);
    expect(jobs).toHaveLength(6);
    expect(new Set(jobs.map((j) => `${j.x},${j.y}`)).size).toBe(6);
    for (const job of jobs) {
      expect(job.xValue).toBe([2000, 5000, 10_000][job.x]);
      expect(job.yValue).toBe([1000, 8000][job.y]);
      expect(job.scenario?.service).toMatchObject({ kind: "redis", ttlMs: job.xValue });
      expect(job.scenario?.chaos?.pauseMs).toEqual([100, job.yValue]);
      expect(job.seeds).toBe(4);
    }
  });

  it("is plain data that survives a trip to a worker", () => {
    const jobs = mapCells(base, "clients", [2, 3], "work-time", [500], 2);
    expect(structuredClone(jobs)).toEqual(jobs);
    expect(JSON.parse(JSON.stringify(jobs))).toEqual(jobs);
  });

  it("marks every cell invalid, with the reason, when an axis does not apply", () => {
    const jobs = mapCells(scenario({ service: { kind: "none" } }), "lease-ttl", [1000], "clients", [2], 3);
    expect(jobs).toEqual([
      { x: 0, y: 0, xValue: 1000, yValue: 2, seeds: 3, scenario: null, invalid: "With no lock there is no lease." },
    ]);
    expect(runCell(jobs[0]!)).toMatchObject({ runs: 0, invalid: "With no lock there is no lease." });
  });

  it("refuses the same axis twice", () => {
    expect(() => mapCells(base, "clients", [1], "clients", [2], 1)).toThrow(/differ/);
  });
});

describe("runCell", () => {
  it("counts exactly what direct runs of the same seeds show", () => {
    for (const job of mapCells(base, "lease-ttl", [3000, 20_000], "pause-length", [500, 8000], 6)) {
      const cell = runCell(job);
      const summaries = [1, 2, 3, 4, 5, 6].map((seed) => simulate({ ...job.scenario!, seed }).summary);
      const unsafeSeeds = summaries.flatMap((s, i) => (s.verdict === "unsafe" ? [i + 1] : []));
      const overlapSeeds = summaries.flatMap((s, i) => (s.maxConcurrentHolders >= 2 ? [i + 1] : []));
      expect(cell).toEqual({
        x: job.x,
        y: job.y,
        xValue: job.xValue,
        yValue: job.yValue,
        runs: 6,
        unsafe: unsafeSeeds.length,
        overlap: overlapSeeds.length,
        failingSeed: unsafeSeeds[0] ?? null,
        overlapSeed: overlapSeeds[0] ?? null,
        incomplete: 0,
        incompleteAtMs: null,
      });
      const sweep = sweepSeeds(job.scenario!, 6);
      expect([cell.unsafe, cell.failingSeed]).toEqual([sweep.unsafeRuns, sweep.firstUnsafeSeed]);
    }
  });

  it("finds both safe and unsafe cells on the default scenario", () => {
    const cells = mapCells(base, "lease-ttl", [1000, 60_000], "pause-length", [100, 20_000], 5).map(runCell);
    const at = (x: number, y: number) => cells.find((c) => c.x === x && c.y === y)!;
    expect(at(1, 0).unsafe).toBe(0); // a 60 s lease, pauses of at most 100 ms
    expect(at(0, 1).unsafe).toBeGreaterThan(0); // a 1 s lease, pauses up to 20 s
  });

  it("reports an invalid combination with its first error instead of throwing", () => {
    const [job] = mapCells(base, "clients", [0], "work-time", [500], 2);
    expect(runCell(job!)).toMatchObject({ runs: 0, unsafe: 0, invalid: "clients.count: must be ≥ 1" });
  });
});

describe("cellScenario", () => {
  it("is the cell's scenario, on the seed asked for", () => {
    const opened = cellScenario(base, "lease-ttl", 3000, "clock-skew", 500, 7);
    const expected = applyAxis(base, "lease-ttl", 3000);
    expect(expected.ok && opened.ok).toBe(true);
    if (!opened.ok || !expected.ok) return;
    expect(opened.scenario).toEqual({ ...expected.scenario, clocks: { skewMs: 500 }, seed: 7 });
  });

  it("opens a failing cell on its failing seed, and that seed fails", () => {
    const [job] = mapCells(base, "lease-ttl", [1000], "pause-length", [20_000], 5);
    const cell = runCell(job!);
    expect(cell.failingSeed).not.toBeNull();
    const opened = cellScenario(base, "lease-ttl", 1000, "pause-length", 20_000, cell.failingSeed!);
    expect(opened.ok && simulate(opened.scenario).summary.verdict).toBe("unsafe");
  });
});
