import { describe, expect, it, vi } from "vitest";
import { MAIN_THREAD_BUDGET, planScenario } from "@/lib/workers/runPlan";
import { presetById } from "@/lib/scenario/presets";
import { simulate, type RunProgress, type SimResult } from "@/lib/sim/simulate";
import type { Scenario } from "@/lib/sim/scenario";
import heavy from "@/e2e/heavyScenarios.json";
import { serveJob, type JobScope } from "./job";
import { createRunner, tryWithinMainThreadBudget } from "./simRunner";
import { simulationJob } from "./simJob";
import { inProcessWorker, type InProcessWorker } from "./testing";

/** The simulation worker, in process: what sim.worker.ts serves. */
function simulationWorkers() {
  const started: InProcessWorker[] = [];
  const create = () => {
    const worker = inProcessWorker((scope: JobScope) => serveJob(scope, simulationJob));
    started.push(worker);
    return worker;
  };
  return { create, started };
}

/** Where the planner would send a run: tried on the main thread first, or straight to the worker. */
const tried = { large: false, estimatedEvents: 500 };
const large = { large: true, estimatedEvents: 50_000 };

const settled = (listener: { done: ReturnType<typeof vi.fn>; failed: ReturnType<typeof vi.fn> }) =>
  vi.waitFor(() => expect(listener.done.mock.calls.length + listener.failed.mock.calls.length).toBeGreaterThan(0), {
    timeout: 30_000,
  });

const listener = () => ({
  done: vi.fn<(result: SimResult) => void>(),
  failed: vi.fn<(message: string) => void>(),
  progress: vi.fn<(progress: RunProgress) => void>(),
});

/** Chubby with a 1 ms lease for 20 s: one client, small-looking, about 15,000 events. */
const smallLooking: Scenario = {
  version: 1,
  durationMs: 20_000,
  service: { kind: "chubby", leaseMs: 1 },
  clients: { count: 1 },
};

describe("where a run happens", () => {
  it("on the main thread when it fits the budget: the full run, exactly as simulate() gives it", () => {
    for (const id of ["gc-pause", "etcd-fenced", "chubby-partition"]) {
      const scenario = presetById(id)!.scenario;
      expect(planScenario(scenario)).toMatchObject({ ok: true, large: false });
      expect(tryWithinMainThreadBudget(scenario)).toEqual({ result: simulate(scenario) });
    }
  });

  it("never on the main thread for the six small-looking links that once froze it: the estimate lets them through, the budget does not", () => {
    for (const { name, scenario } of heavy as { name: string; scenario: Scenario }[]) {
      const plan = planScenario(scenario);
      expect(plan.ok && plan.large, name).toBe(name === "a cron job every 80 ms");
      // Instead of the run, how far the try got: what the lab foretells the rest of the run from.
      const { start } = tryWithinMainThreadBudget(scenario) as { start?: RunProgress };
      expect(start?.events, name).toBeLessThanOrEqual(MAIN_THREAD_BUDGET.events);
      expect(start?.reachedMs, name).toBeGreaterThan(0);
    }
  });

  it("straight in the worker when cron runs would fill the queue before the first step", () => {
    const cron: Scenario = {
      version: 1,
      durationMs: 10_000,
      service: { kind: "redis", ttlMs: 10_000 },
      clients: { count: 1 },
      workload: { kind: "cron", everyMs: 1, runs: 10_000 },
    };
    expect(planScenario(cron)).toMatchObject({ ok: true, large: true });
  });
});

describe("the runner", () => {
  it("answers a run that fits at once, during the call", () => {
    const runner = createRunner(simulationWorkers().create);
    const heard = listener();
    expect(runner.run(presetById("gc-pause")!.scenario, tried, heard)).toBe("done");
    expect(heard.done).toHaveBeenCalledOnce();
  });

  it("gives a small-looking run that outgrows the budget to the worker, which reports progress and the full run, and waits for the next", async () => {
    const workers = simulationWorkers();
    const runner = createRunner(workers.create);
    const heard = listener();
    expect(runner.run(smallLooking, tried, heard)).toBe("background");
    // Before the worker starts: how far the main thread's try got, which it stopped at its budget.
    expect(heard.progress).toHaveBeenCalledOnce();
    const [start] = heard.progress.mock.calls[0]!;
    expect(start).toEqual((tryWithinMainThreadBudget(smallLooking) as { start: RunProgress }).start);
    expect(start.events).toBe(MAIN_THREAD_BUDGET.events);
    await settled(heard);
    const result = heard.done.mock.calls[0]![0];
    expect(result.summary).toEqual(simulate(smallLooking).summary);
    expect(result.summary.incomplete).toBeNull();
    const reports = heard.progress.mock.calls.slice(1).map(([p]) => p);
    expect(reports.length).toBeGreaterThan(0);
    for (const key of ["reachedMs", "events", "jobsDone"] as const) {
      const seen = reports.map((p) => p[key]);
      expect(seen, key).toEqual([...seen].sort((a, b) => a - b));
    }
    expect(reports.at(-1)!.reachedMs).toBeLessThanOrEqual(20_000);
    expect(reports.at(-1)!.events).toBeLessThanOrEqual(simulate(smallLooking).events.length);
    // The next large run starts on the same worker, its code loaded and compiled; disposing ends it.
    const next = listener();
    runner.run({ ...smallLooking, seed: 3 }, large, next);
    await settled(next);
    expect(next.done.mock.calls[0]![0].scenario.seed).toBe(3);
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]!.terminated).toBe(false);
    runner.dispose();
    expect(workers.started[0]!.terminated).toBe(true);
  });

  it("hears nothing from a run it cancelled, and terminates its worker", async () => {
    const workers = simulationWorkers();
    const runner = createRunner(workers.create);
    const heard = listener();
    runner.run(smallLooking, large, heard);
    runner.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.done).not.toHaveBeenCalled();
    expect(heard.failed).not.toHaveBeenCalled();
    expect(workers.started[0]!.terminated).toBe(true);
  });

  it("keeps only the latest run: a newer one silences the run still in the worker", async () => {
    const runner = createRunner(simulationWorkers().create);
    const older = listener();
    const newer = listener();
    runner.run(smallLooking, large, older);
    runner.run({ ...smallLooking, seed: 2 }, large, newer);
    await settled(newer);
    expect(newer.done.mock.calls[0]![0].scenario.seed).toBe(2);
    expect(older.done).not.toHaveBeenCalled();
  });

  it("sends a run that looks no smaller than one that outgrew the budget straight to the worker, and tries a smaller one at once", async () => {
    const runner = createRunner(simulationWorkers().create);
    const outgrowing = listener();
    expect(runner.run(smallLooking, tried, outgrowing)).toBe("background");
    await settled(outgrowing);
    // gc-pause fits the main thread, but it is planned as large as the run that did not.
    const asLarge = listener();
    expect(runner.run(presetById("gc-pause")!.scenario, tried, asLarge)).toBe("background");
    await settled(asLarge);
    expect(asLarge.done.mock.calls[0]![0].summary).toEqual(simulate(presetById("gc-pause")!.scenario).summary);
    const smaller = listener();
    expect(runner.run(presetById("gc-pause")!.scenario, { large: false, estimatedEvents: 499 }, smaller)).toBe("done");
    // A run that fitted forgets the one that outgrew: the next is tried at once again.
    expect(runner.run(presetById("gc-pause")!.scenario, tried, listener())).toBe("done");
    runner.dispose();
  });

  it("without Web Workers runs everything at once, whatever it costs", () => {
    const heard = listener();
    expect(createRunner(null).run(smallLooking, large, heard)).toBe("done");
    expect(heard.done.mock.calls[0]![0].summary.incomplete).toBeNull();
  });
});
