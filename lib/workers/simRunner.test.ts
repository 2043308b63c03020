import { describe, expect, it, vi } from "vitest";
import { planScenario } from "@/lib/lab/run";
import { presetById } from "@/lib/presets";
import { simulate, type SimResult } from "@/lib/sim/simulate";
import type { Scenario } from "@/lib/sim/scenario";
import heavy from "@/e2e/heavyScenarios.json";
import { serveJob, type JobScope } from "./job";
import { createRunner, runWithinMainThreadBudget } from "./simRunner";
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

const settled = (listener: { done: ReturnType<typeof vi.fn>; failed: ReturnType<typeof vi.fn> }) =>
  vi.waitFor(() => expect(listener.done.mock.calls.length + listener.failed.mock.calls.length).toBeGreaterThan(0), { timeout: 30_000 });

const listener = () => ({
  done: vi.fn<(result: SimResult) => void>(),
  failed: vi.fn<(message: string) => void>(),
  progress: vi.fn<(reachedMs: number) => void>(),
});

/** Chubby with a 1 ms lease for 20 s: one client, small-looking, about 15,000 events. */
const smallLooking: Scenario = { version: 1, durationMs: 20_000, service: { kind: "chubby", leaseMs: 1 }, clients: { count: 1 } };

describe("where a run happens", () => {
  it("on the main thread when it fits the budget: the full run, exactly as simulate() gives it", () => {
    for (const id of ["gc-pause", "etcd-fenced", "chubby-partition"]) {
      const scenario = presetById(id)!.scenario;
      expect(planScenario(scenario)).toMatchObject({ ok: true, large: false });
      expect(runWithinMainThreadBudget(scenario)).toEqual(simulate(scenario));
    }
  });

  it("never on the main thread for the six small-looking links that once froze it: the estimate lets them through, the budget does not", () => {
    for (const { name, scenario } of heavy as { name: string; scenario: Scenario }[]) {
      const plan = planScenario(scenario);
      expect(plan.ok && plan.large, name).toBe(name === "a cron job every 80 ms");
      expect(runWithinMainThreadBudget(scenario), name).toBeNull();
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
    expect(runner.run(presetById("gc-pause")!.scenario, false, heard)).toBe("done");
    expect(heard.done).toHaveBeenCalledOnce();
  });

  it("gives a small-looking run that outgrows the budget to the worker, which reports progress and the full run", async () => {
    const workers = simulationWorkers();
    const runner = createRunner(workers.create);
    const heard = listener();
    expect(runner.run(smallLooking, false, heard)).toBe("background");
    await settled(heard);
    const result = heard.done.mock.calls[0]![0];
    expect(result.summary).toEqual(simulate(smallLooking).summary);
    expect(result.summary.incomplete).toBeNull();
    const reached = heard.progress.mock.calls.map(([t]) => t);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached).toEqual([...reached].sort((a, b) => a - b));
    expect(Math.max(...reached)).toBeLessThanOrEqual(20_000);
    expect(workers.started[0]!.terminated).toBe(true);
  });

  it("hears nothing from a run it cancelled, and terminates its worker", async () => {
    const workers = simulationWorkers();
    const runner = createRunner(workers.create);
    const heard = listener();
    runner.run(smallLooking, true, heard);
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
    runner.run(smallLooking, true, older);
    runner.run({ ...smallLooking, seed: 2 }, true, newer);
    await settled(newer);
    expect(newer.done.mock.calls[0]![0].scenario.seed).toBe(2);
    expect(older.done).not.toHaveBeenCalled();
  });

  it("without Web Workers runs everything at once, whatever it costs", () => {
    const heard = listener();
    expect(createRunner(null).run(smallLooking, true, heard)).toBe("done");
    expect(heard.done.mock.calls[0]![0].summary.incomplete).toBeNull();
  });
});
