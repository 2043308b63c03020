import { describe, expect, it } from "vitest";
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { simulate, type RunProgress } from "@/lib/sim/simulate";
import { tryWithinMainThreadBudget } from "@/lib/workers/simRunner";
import heavy from "@/e2e/heavyScenarios.json";
import { forecastEventLimit } from "./eventLimit";

function resolved(scenario: Omit<Scenario, "version">): ResolvedScenario {
  const validation = validateScenario({ ...scenario, version: 1 });
  if (!validation.ok) throw new Error(validation.errors.join("; "));
  return validation.scenario;
}

/** One client holding a Redis lock for the whole 800 s. */
const holding = resolved({
  durationMs: 800_000,
  service: { kind: "redis", ttlMs: 10_000 },
  clients: { count: 1, renewEveryMs: 1, workMs: 800_000 },
});

describe("foretelling the event limit", () => {
  it("projects the pace of the run so far to its end, and says where the limit would stop it", () => {
    // 5,000 events in 7 s: 571,429 in 800 s, and the 500,000th near 700 s.
    expect(forecastEventLimit(holding, { reachedMs: 7_000, events: 5_000, jobsDone: 0 })).toEqual({
      from: { reachedMs: 7_000, events: 5_000, jobsDone: 0 },
      projectedEvents: 570_000,
      stopsNearMs: 700_000,
    });
  });

  it("says nothing of a run whose pace stays within the limit, exactly at it included", () => {
    expect(forecastEventLimit(holding, { reachedMs: 8_000, events: 5_000, jobsDone: 0 })).toBeNull();
    expect(forecastEventLimit(holding, { reachedMs: 20_000, events: 5_000, jobsDone: 0 })).toBeNull();
  });

  it("says nothing when no time has passed to measure a pace over", () => {
    expect(forecastEventLimit(holding, { reachedMs: 0, events: 5_000, jobsDone: 0 })).toBeNull();
  });

  it("counts the clients that have started: four, 10 s apart, of which only the first was at work", () => {
    const staggered = resolved({
      durationMs: 400_000,
      service: { kind: "redis", ttlMs: 10_000 },
      clients: { count: 4, startMs: { staggerMs: 10_000 } },
    });
    // 5,000 events in the first client's 10 s is 0.5 a client-millisecond; the four have
    // 400 + 390 + 380 + 370 s between them, so 770,000 events, where one client's pace says 200,000.
    const forecast = forecastEventLimit(staggered, { reachedMs: 10_000, events: 5_000, jobsDone: 0 });
    expect(forecast?.projectedEvents).toBe(770_000);
    // 1,000,000 client-milliseconds: 4t − 60 s = 1,000 s, so t = 265 s.
    expect(forecast?.stopsNearMs).toBe(265_000);
  });

  it("stops counting when the jobs are done: 10,000 jobs of 1 ms on etcd finish long before their 800 s are over", () => {
    const jobs = resolved({
      durationMs: 800_000,
      service: { kind: "etcd", ttlMs: 2000 },
      clients: { count: 1, workMs: 1 },
      workload: { kind: "counter", jobsPerClient: 10_000 },
    });
    // The first 3.8 s: 184 jobs for 5,000 events, so about 272,000 for the 10,000.
    expect(forecastEventLimit(jobs, { reachedMs: 3_780, events: 5_000, jobsDone: 184 })).toBeNull();
    // Before a job is done there is no cost per job to go by: the time's pace stands.
    expect(forecastEventLimit(jobs, { reachedMs: 3_780, events: 5_000, jobsDone: 0 })?.projectedEvents).toBe(1_100_000);
  });

  it("foretells the capped heavy link from the main thread's try, within 1 % of where the run stops", () => {
    const scenario = (heavy as { name: string; scenario: Scenario }[]).find(
      (h) => h.name === "Redis renewed every 1 ms",
    )!.scenario;
    const { start } = tryWithinMainThreadBudget(scenario) as { start: RunProgress };
    const stoppedAtMs = simulate(scenario, { summaryOnly: true }).summary.incomplete!.atMs;
    const forecast = forecastEventLimit(resolved(scenario), start);
    expect(Math.abs(forecast!.stopsNearMs - stoppedAtMs) / stoppedAtMs).toBeLessThan(0.01);
  });

  it("takes every cron client to be at work from the start: its runs are due at fixed times, whatever its start", () => {
    const cron = (staggerMs: number) =>
      resolved({
        durationMs: 800_000,
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 8, startMs: { staggerMs } },
        workload: { kind: "cron", everyMs: 40, runs: 2_000 },
      });
    const from = { reachedMs: 5_000, events: 5_000, jobsDone: 100 };
    // 8 clients' runs end at 80 s: 640,000 client-ms at 1 event per 8 client-ms is 80,000 events, staggered or not.
    expect(forecastEventLimit(cron(60_000), from)).toBeNull();
    expect(forecastEventLimit(cron(0), from)).toBeNull();
    expect(forecastEventLimit(cron(60_000), { ...from, events: 50_000 })).toEqual(
      forecastEventLimit(cron(0), { ...from, events: 50_000 }),
    );
  });

  it("stops counting after the last cron run", () => {
    const cron = (runs: number) =>
      resolved({
        durationMs: 800_000,
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 1 },
        workload: { kind: "cron", everyMs: 80, runs },
      });
    const from = { reachedMs: 8_000, events: 10_000, jobsDone: 100 };
    // 10,000 runs every 80 ms end at 800 s; 1,000 runs at 80 s.
    expect(forecastEventLimit(cron(10_000), from)?.projectedEvents).toBe(1_000_000);
    expect(forecastEventLimit(cron(1_000), from)).toBeNull();
  });
});
