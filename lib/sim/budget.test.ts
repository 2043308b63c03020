/**
 * Bounded work: a run never does more than its event budget allows, in any mode. Chaos pauses are
 * put on the queue one at a time, a summary-only run counts the messages it does not keep, a
 * truncated run says so in its summary, and the delay faults of a link cost a message nothing
 * more when there are many of them.
 */
import { describe, expect, it } from "vitest";
import { scheduleFaults } from "./faults";
import { Kernel, PROGRESS_EVERY_STEPS } from "./kernel";
import type { Network } from "./network";
import { Rng } from "./rng";
import { LIMITS, validateScenario, type ResolvedScenario, type Scenario } from "./scenario";
import { simulate, simulateResolved, type RunProgress } from "./simulate";
import { sweepSeeds } from "./sweep";
import { processClock, processOrder } from "./processes";
import { eventsOf, scenario } from "./testing";

const resolved = (s: Scenario): ResolvedScenario => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};

/** The times `kernel.at` was asked to do something before the run started, by scheduleFaults. */
function scheduledBeforeTheRun(s: ResolvedScenario): number {
  const kernel = new Kernel(s.durationMs, LIMITS.events, null);
  for (const id of processOrder(s)) kernel.addProc(id, processClock(s, id)!);
  let scheduled = 0;
  const at = kernel.at.bind(kernel);
  kernel.at = (t, run) => {
    scheduled++;
    at(t, run);
  };
  scheduleFaults(kernel, {} as Network, null, s, new Rng(1));
  return scheduled;
}

describe("chaos pauses", () => {
  const busy = resolved(
    scenario({
      durationMs: 600_000,
      service: { kind: "redis", ttlMs: 10_000 },
      clients: { count: 4 },
      chaos: { pauseEveryMs: 100, pauseMs: [1, 10] },
    }),
  );

  it("are put on the queue one per client before the run: each next pause is drawn when the one before begins", () => {
    // Drawn all up front, this scenario queued about 22,000 pauses before its first event.
    expect(scheduledBeforeTheRun(busy)).toBe(4);
    const result = simulate(busy);
    for (const c of ["c1", "c2", "c3", "c4"])
      expect(eventsOf(result, "pause-start", { proc: c }).length).toBeGreaterThan(4000);
  });

  it("that cannot fit in one run are refused before it, naming the field, the work and the limit", () => {
    const tiny = {
      version: 1,
      durationMs: 3600000,
      service: { kind: "redis", ttlMs: 10000 },
      clients: { count: 64 },
      chaos: { pauseEveryMs: 1, pauseMs: [1, 1] },
    };
    expect(JSON.stringify(tiny).length).toBe(141);
    expect(validateScenario(tiny)).toEqual({
      ok: false,
      errors: [
        "chaos.pauseEveryMs: a 1 ms pause every 1 ms for 3,600 s on 64 clients is about 230 million events; the limit is 500,000",
      ],
    });
  });

  it("stop at the event budget even when validation is bypassed", () => {
    const tiny = resolved(
      scenario({ durationMs: 60_000, service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 2 } }),
    );
    const hostile = {
      ...tiny,
      durationMs: LIMITS.durationMs,
      clients: { ...tiny.clients, count: 64 },
      chaos: { pauseEveryMs: 1, pauseMs: [1, 1] as [number, number] },
    };
    const result = simulateResolved(hostile, [], { summaryOnly: true, maxEvents: 20_000 });
    expect(result.summary.incomplete).not.toBeNull();
  });
});

describe("one event budget in every mode", () => {
  // Busy enough to reach a small budget mid-run, with messages lost and pauses on the way.
  const heavy = (seed: number): Scenario =>
    scenario({
      seed,
      durationMs: 600_000,
      service: { kind: "redis", ttlMs: 2000 },
      clients: { count: 8, workMs: [1, 40], retryDelayMs: [1, 20] },
      workload: { kind: "counter", jobsPerClient: 10_000 },
      network: { lossRate: 0.05 },
      chaos: { pauseEveryMs: 400, pauseMs: [1, 300] },
    });

  it("a summary-only run stops where the full run stops, with the same summary and violations", () => {
    for (const seed of [1, 2, 3]) {
      const full = simulate(heavy(seed), { maxEvents: 20_000 });
      const quick = simulate(heavy(seed), { maxEvents: 20_000, summaryOnly: true });
      expect(full.summary.incomplete).not.toBeNull();
      expect(quick.summary).toStrictEqual(full.summary);
      expect(quick.violations).toStrictEqual(full.violations);
      expect(quick.warnings).toStrictEqual(full.warnings);
    }
  });

  it("a truncated run says where it stopped; a complete one says nothing", () => {
    const cut = simulate(heavy(1), { maxEvents: 5_000 });
    expect(cut.summary.incomplete).toEqual({ atMs: expect.any(Number) });
    expect(cut.summary.incomplete!.atMs).toBeLessThan(600_000);
    expect(cut.summary.incomplete!.atMs).toBe(Math.round(cut.events.at(-1)!.t * 1000) / 1000);
    expect(simulate(scenario({ service: { kind: "redis", ttlMs: 10_000 } })).summary.incomplete).toBeNull();
  });

  it("--seeds counts the runs that stopped at the event limit apart", () => {
    const sweep = sweepSeeds(heavy(1), 3, 1, { maxEvents: 20_000 });
    expect(sweep).toMatchObject({ runs: 3, incompleteRuns: 3, firstIncompleteSeed: 1 });
    expect(sweepSeeds(scenario({ service: { kind: "redis", ttlMs: 10_000 } }), 2)).toMatchObject({
      incompleteRuns: 0,
      firstIncompleteSeed: null,
    });
  });
});

describe("delay faults", () => {
  it("are bounded in number, with the limit named", () => {
    const many = Array.from({ length: LIMITS.faults + 1 }, (_, i) => ({
      kind: "delay",
      from: "c1",
      to: "redis",
      atMs: i,
      byMs: 1,
    }));
    expect(validateScenario({ version: 1, service: { kind: "redis", ttlMs: 1000 }, faults: many })).toEqual({
      ok: false,
      errors: ["faults: lists 1,001 faults; the limit is 1,000"],
    });
  });
});

describe("a progress listener", () => {
  // One client renewing a Redis lease every millisecond: tens of thousands of steps.
  const renewing = scenario({
    durationMs: 20_000,
    service: { kind: "redis", ttlMs: 10_000 },
    clients: { count: 1, renewEveryMs: 1, workMs: 20_000 },
  });

  it("hears the time reached, the events logged and the jobs done every PROGRESS_EVERY_STEPS steps, rising, and changes nothing about the run", () => {
    const heard: RunProgress[] = [];
    const result = simulate(renewing, { progress: (p) => void heard.push(p) });
    expect(heard.length).toBeGreaterThan(2);
    const reached = heard.map((p) => p.reachedMs);
    expect(reached).toEqual([...reached].sort((a, b) => a - b));
    expect(reached.at(-1)).toBeLessThanOrEqual(20_000);
    const events = heard.map((p) => p.events);
    expect(events).toEqual([...events].sort((a, b) => a - b));
    expect(events.at(-1)).toBeLessThanOrEqual(result.events.length);
    expect(events.at(-1)).toBeGreaterThan(result.events.length / 2);
    expect(result).toEqual(simulate(renewing));
  });

  it("hears the jobs done so far, which reach the run's own count", () => {
    const jobs = scenario({
      durationMs: 60_000,
      service: { kind: "redis", ttlMs: 10_000 },
      clients: { count: 1, workMs: 1 },
      workload: { kind: "counter", jobsPerClient: 10_000 },
    });
    const heard: RunProgress[] = [];
    const result = simulate(jobs, { progress: (p) => void heard.push(p) });
    expect(heard.length).toBeGreaterThan(2);
    expect(heard[0]!.jobsDone).toBeGreaterThan(0);
    expect(heard.at(-1)!.jobsDone).toBeLessThanOrEqual(result.summary.jobsDone);
    expect(heard.map((p) => p.jobsDone)).toEqual(heard.map((p) => p.jobsDone).sort((a, b) => a - b));
  });

  it("stops the run when it answers false: incomplete, where it stopped, and said to be stopped rather than out of events", () => {
    let calls = 0;
    const stopped = simulate(renewing, { progress: () => ++calls < 2 });
    expect(calls).toBe(2);
    expect(stopped.summary.incomplete!.atMs).toBeLessThan(20_000);
    expect(stopped.events.length).toBeLessThanOrEqual(2 * PROGRESS_EVERY_STEPS);
    expect(stopped.warnings.find((w) => w.startsWith("stopped:"))).toMatch(
      /^stopped: the run was stopped at \d+\.\d{3} s by its caller/,
    );
    expect(stopped.warnings.some((w) => w.startsWith("truncated:"))).toBe(false);
  });
});
