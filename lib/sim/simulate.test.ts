import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { SimEvent } from "./events";
import type { Scenario } from "./scenario";
import { ScenarioError, simulate, type SimResult } from "./simulate";
import { run, scenario } from "./testing";

// ---- a generator of valid scenarios: every service, guard, workload and fault the engine knows --

type Fault = NonNullable<Scenario["faults"]>[number];
type Service = Scenario["service"];

const ms = (min: number, max: number) => fc.integer({ min, max });
const range = (min: number, max: number) => fc.tuple(ms(min, max), ms(min, max)).map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]);

const capacity = fc.constantFrom(20, 500, 5000, 50_000);
const services: fc.Arbitrary<Service> = fc.oneof(
  fc.record({ kind: fc.constant("redis" as const), ttlMs: ms(500, 15_000), tokens: fc.constantFrom("none" as const, "incr" as const), capacityOpsPerSec: capacity }),
  fc.record({
    kind: fc.constant("redis" as const),
    ttlMs: ms(500, 15_000),
    tokens: fc.constant("incr" as const),
    replica: fc.record({ lagMs: ms(0, 2000) }),
    capacityOpsPerSec: capacity,
  }),
  fc.record({ kind: fc.constant("redlock" as const), ttlMs: ms(500, 15_000), nodes: fc.constantFrom(3, 5), restartDelayMs: ms(0, 12_000), capacityOpsPerSec: capacity }),
  fc.record({ kind: fc.constant("etcd" as const), ttlMs: ms(2000, 10_000), members: fc.constantFrom(1, 3, 5), capacityOpsPerSec: capacity }),
  fc.constant({ kind: "none" as const }),
);

function nodesOf(service: Service): string[] {
  switch (service.kind) {
    case "redis":
      return service.replica ? ["redis", "replica"] : ["redis"];
    case "redlock":
      return Array.from({ length: service.nodes ?? 5 }, (_, i) => `r${i + 1}`);
    case "etcd":
      return Array.from({ length: service.members ?? 3 }, (_, i) => `e${i + 1}`);
    default:
      return [];
  }
}

const hasToken = (service: Service) => service.kind === "etcd" || (service.kind === "redis" && service.tokens === "incr");

function faultsFor(service: Service, clients: number, durationMs: number, at = ms(0, durationMs)): fc.Arbitrary<Fault> {
  const clientIds = Array.from({ length: clients }, (_, i) => `c${i + 1}`);
  const nodes = nodesOf(service);
  const crashable = fc.constantFrom(...clientIds, ...nodes);
  const anyProcess = fc.constantFrom(...clientIds, ...nodes, "storage");
  const pair = fc.shuffledSubarray([...clientIds, ...nodes, "storage"], { minLength: 2, maxLength: 2 }).map(([a, b]): [string, string] => [a, b]);
  const options: fc.Arbitrary<Fault>[] = [
    fc.record({ kind: fc.constant("pause" as const), target: anyProcess, atMs: at, forMs: ms(1, 15_000) }),
    fc.record({ kind: fc.constant("pause" as const), target: fc.constantFrom(...clientIds), atPhase: fc.constantFrom("holding" as const, "before-write" as const), forMs: ms(1, 15_000) }),
    fc.record({ kind: fc.constant("crash" as const), target: crashable, atMs: at, host: fc.boolean(), restartAfterMs: fc.option(ms(0, 10_000), { nil: undefined }) }),
    fc.record({ kind: fc.constant("clock-jump" as const), target: anyProcess, atMs: at, byMs: ms(-20_000, 20_000) }),
    fc.record({ kind: fc.constant("partition" as const), between: pair, atMs: at, forMs: ms(1, 10_000) }),
    fc.record({ kind: fc.constant("isolate" as const), target: anyProcess, atMs: at, forMs: ms(1, 10_000) }),
    fc.record({ kind: fc.constant("delay" as const), from: anyProcess, to: anyProcess, atMs: at, byMs: ms(1, 10_000) }),
  ];
  if (service.kind !== "none") options.push(fc.record({ kind: fc.constant("outage" as const), atMs: at, forMs: ms(1, 10_000) }));
  if (service.kind === "redis") options.push(fc.record({ kind: fc.constant("failover" as const), atMs: at }));
  return fc.oneof(...options);
}

interface Shape {
  seed: number;
  durationMs: number;
  service: Service;
  clients: number;
  cron: boolean;
}

const shapes: fc.Arbitrary<Shape> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  durationMs: ms(5000, 30_000),
  service: services,
  clients: ms(1, 4),
  cron: fc.boolean(),
});

function scenarioFor(shape: Shape): fc.Arbitrary<Scenario> {
  const { seed, durationMs, service, clients, cron } = shape;
  type Guard = "none" | "fencing" | "cas" | "idempotency";
  const guards: Guard[] = ["none", "idempotency", ...(cron ? [] : ["cas" as const]), ...(hasToken(service) ? ["fencing" as const] : [])];
  return fc
    .record({
      guard: fc.constantFrom(...guards),
      fenceReads: fc.boolean(),
      workMs: fc.oneof(ms(0, 3000), range(0, 3000)),
      renewEveryMs: fc.option(ms(200, 3000), { nil: null }),
      checkBeforeWrite: fc.boolean(),
      leaseClock: fc.constantFrom("wall" as const, "monotonic" as const),
      release: fc.constantFrom("compare-and-delete" as const, "delete" as const),
      onLockUnavailable: fc.constantFrom("fail-closed" as const, "fail-open" as const),
      holdAtLeastMs: ms(0, 3000),
      jobs: ms(1, 3),
      everyMs: ms(1000, 8000),
      runs: ms(1, 4),
      latencyMs: range(0, 200),
      lossRate: fc.constantFrom(0, 0, 0.05),
      skewMs: ms(0, 5000),
      driftPpm: fc.constantFrom(0, 0, 200, 50_000),
      faults: fc.array(faultsFor(service, clients, durationMs), { maxLength: 4 }),
      chaos: fc.option(fc.record({ pauseEveryMs: ms(1000, 10_000), pauseMs: range(1, 5000) }), { nil: undefined }),
    })
    .map((o) =>
      scenario({
        seed,
        durationMs,
        service,
        clients: {
          count: clients,
          workMs: o.workMs,
          renewEveryMs: service.kind === "etcd" ? null : o.renewEveryMs,
          checkBeforeWrite: o.checkBeforeWrite,
          leaseClock: o.leaseClock,
          release: o.release,
          onLockUnavailable: o.onLockUnavailable,
          holdAtLeastMs: o.holdAtLeastMs,
        },
        workload: cron ? { kind: "cron", everyMs: o.everyMs, runs: o.runs } : { kind: "counter", jobsPerClient: o.jobs },
        storage: { guard: o.guard, fenceReads: o.guard === "fencing" && !cron && o.fenceReads },
        network: { latencyMs: o.latencyMs, lossRate: o.lossRate },
        clocks: { skewMs: o.skewMs, driftPpm: o.driftPpm },
        faults: o.faults,
        ...(o.chaos ? { chaos: o.chaos } : {}),
      }),
    );
}

const scenarios = shapes.chain(scenarioFor);

// ---- an independent recount of the summary from the event log ------------------------------

function recount(result: SimResult) {
  const events = result.events;
  const durationMs = result.scenario.durationMs;
  const of = <K extends SimEvent["kind"]>(kind: K) => events.filter((e): e is Extract<SimEvent, { kind: K }> => e.kind === kind);

  const grants = of("grant");
  const writes = of("write");
  const leaseEnd = new Map<number, number>();
  for (const e of of("lease-end")) if (!leaseEnd.has(e.grant)) leaseEnd.set(e.grant, e.t);
  const stale = (w: (typeof writes)[number]) => w.grant !== null && leaseEnd.has(w.grant) && w.t >= leaseEnd.get(w.grant)!;

  const counterWrites = writes.filter((w) => w.applied && w.run === null);
  const counter = counterWrites.length ? counterWrites[counterWrites.length - 1].value : 0;
  const effects = new Map<number, number>();
  for (const w of writes) if (w.applied && w.run !== null) effects.set(w.run, (effects.get(w.run) ?? 0) + 1);
  // A job or run applied more than once (a cron run done twice, a counter job retried after a lost reply).
  const applications = new Map<string, number>();
  for (const w of writes) if (w.applied) applications.set(w.idempotencyKey, (applications.get(w.idempotencyKey) ?? 0) + 1);
  const due = new Set(of("run-due").map((e) => e.run));

  // Beliefs as intervals per client, then the time two or more cover at once, segment by segment.
  const intervals: [number, number][] = [];
  const open = new Map<string, number>();
  for (const e of events) {
    if (e.kind === "belief-start") open.set(e.proc, e.t);
    if (e.kind === "belief-end" && open.has(e.proc)) {
      intervals.push([open.get(e.proc)!, e.t]);
      open.delete(e.proc);
    }
  }
  for (const start of open.values()) intervals.push([start, durationMs]);
  const cuts = [...new Set(intervals.flat())].sort((a, b) => a - b);
  let overlapMs = 0;
  let maxConcurrentHolders = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const mid = (cuts[i] + cuts[i + 1]) / 2;
    const holders = intervals.filter(([s, e]) => s < mid && mid < e).length;
    if (holders >= 2) overlapMs += cuts[i + 1] - cuts[i];
    maxConcurrentHolders = Math.max(maxConcurrentHolders, holders);
  }

  // Acquire latency: from the attempt's acquire-start to the belief in a granted lock.
  const attemptStart = new Map<string, number>();
  const latencies: number[] = [];
  for (const e of events) {
    if (e.kind === "acquire-start") attemptStart.set(e.proc, e.t);
    if (e.kind === "belief-start" && e.grant !== null) latencies.push(e.t - attemptStart.get(e.proc)!);
  }
  const nearestRank = (p: number) => {
    if (!latencies.length) return 0;
    const sorted = [...latencies].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  const jobsDone = of("job-done").length;

  // Every request a node takes costs it 1 / capacity seconds; the busiest node sets the figure.
  const service = result.scenario.service;
  let busiestMs = 0;
  if (service.kind !== "none") {
    for (const node of nodesOf(service)) {
      const requests = events.filter((e) => e.kind === "deliver" && e.to === node).length;
      busiestMs = Math.max(busiestMs, (requests * 1000) / service.capacityOpsPerSec);
    }
  }

  return {
    serviceUtilization: Math.min(1, busiestMs / durationMs),
    grants: new Set(grants.map((g) => g.grant)).size,
    tokens: grants.flatMap((g) => (g.token === null ? [] : [g.token])),
    writesAccepted: writes.filter((w) => w.accepted).length,
    writesRejected: writes.filter((w) => !w.accepted).length,
    staleWritesAccepted: writes.filter((w) => w.accepted && stale(w)).length,
    staleWritesRejected: writes.filter((w) => !w.accepted && stale(w)).length,
    counter,
    lostUpdates: counterWrites.length - counter,
    duplicateEffects: [...applications.values()].reduce((sum, n) => sum + n - 1, 0),
    missedRuns: [...due].filter((run) => !effects.has(run)).length,
    jobsDone,
    jobsAborted: of("attempt-abort").length,
    timeouts: of("timeout").length,
    throughputPerSec: jobsDone / (durationMs / 1000),
    overlapMs,
    maxConcurrentHolders,
    p50: nearestRank(50),
    p99: nearestRank(99),
  };
}

// ---- properties --------------------------------------------------------------------------------

describe("simulate", () => {
  it("returns the scenario with every default filled in, the events, spans, summary, violations and warnings", () => {
    const result = run(scenario({ service: { kind: "redis", ttlMs: 10_000 } }));
    expect(Object.keys(result).sort()).toEqual(["events", "facts", "scenario", "series", "spans", "summary", "violations", "warnings"]);
    expect(result.scenario).toMatchObject({ seed: 1, durationMs: 60_000, clients: { count: 2 }, storage: { guard: "none" } });
    expect(result.summary).toMatchObject({ verdict: "safe", grants: 2, counter: 2, jobsDone: 2, backlogMax: 0 });
  });

  it("throws a ScenarioError listing every problem of an invalid scenario", () => {
    const bad = { version: 1, durationMs: 0, service: { kind: "redis", ttlMs: 0 } } as unknown as Scenario;
    expect(() => simulate(bad)).toThrow(ScenarioError);
    try {
      simulate(bad);
    } catch (e) {
      expect((e as ScenarioError).errors).toEqual(["durationMs: must be ≥ 1", "service.ttlMs: must be ≥ 1"]);
    }
  });

  it("stops at the event limit it is given and warns that the results cover only part of the run", () => {
    const result = simulate(scenario({ service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 8 } }), { maxEvents: 200 });
    expect(result.events.length).toBeLessThanOrEqual(200);
    expect(result.warnings).toEqual([expect.stringMatching(/^truncated: .*200 events/)]);
  });

  it("stops a summary-only run at the same step as a full one, though it builds no messages, so both report the same truncated run", () => {
    const s = scenario({ service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 8 } });
    const full = simulate(s, { maxEvents: 200 });
    const summaryOnly = simulate(s, { maxEvents: 200, summaryOnly: true });
    expect(summaryOnly.warnings).toEqual(full.warnings);
    expect(summaryOnly.summary).toStrictEqual(full.summary);
    expect(summaryOnly.violations).toStrictEqual(full.violations);
  });

  it("is deterministic: the same scenario gives a deep-equal result, and a summary-only run the same summary", () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const first = simulate(s);
        expect(simulate(s)).toStrictEqual(first);
        expect(simulate(s, { summaryOnly: true }).summary).toStrictEqual(first.summary);
      }),
      { numRuns: 50 },
    );
  });

  it("orders events by (t, seq), each within [0, durationMs]", () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const { events, scenario: resolved } = simulate(s);
        const outOfRange = events.filter((e) => e.t < 0 || e.t > resolved.durationMs);
        const outOfOrder = events.filter((e, i) => i > 0 && (e.t < events[i - 1].t || e.seq <= events[i - 1].seq));
        expect(outOfRange).toEqual([]);
        expect(outOfOrder).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("summarises exactly what an independent recount of the event log finds", () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const result = simulate(s);
        const mine = recount(result);
        const { summary } = result;
        expect({
          grants: summary.grants,
          tokens: summary.tokens,
          writesAccepted: summary.writesAccepted,
          writesRejected: summary.writesRejected,
          staleWritesAccepted: summary.staleWritesAccepted,
          staleWritesRejected: summary.staleWritesRejected,
          counter: summary.counter,
          lostUpdates: summary.lostUpdates,
          duplicateEffects: summary.duplicateEffects,
          missedRuns: summary.missedRuns,
          jobsDone: summary.jobsDone,
          jobsAborted: summary.jobsAborted,
          timeouts: summary.timeouts,
          maxConcurrentHolders: summary.maxConcurrentHolders,
        }).toEqual({
          grants: mine.grants,
          tokens: mine.tokens,
          writesAccepted: mine.writesAccepted,
          writesRejected: mine.writesRejected,
          staleWritesAccepted: mine.staleWritesAccepted,
          staleWritesRejected: mine.staleWritesRejected,
          counter: mine.counter,
          lostUpdates: mine.lostUpdates,
          duplicateEffects: mine.duplicateEffects,
          missedRuns: mine.missedRuns,
          jobsDone: mine.jobsDone,
          jobsAborted: mine.jobsAborted,
          timeouts: mine.timeouts,
          maxConcurrentHolders: mine.maxConcurrentHolders,
        });
        expect(summary.overlapMs).toBeCloseTo(mine.overlapMs, 2);
        expect(summary.throughputPerSec).toBeCloseTo(mine.throughputPerSec, 2);
        expect(summary.serviceUtilization).toBeCloseTo(mine.serviceUtilization, 5);
        expect(summary.acquireLatencyMs.p50).toBeCloseTo(mine.p50, 2);
        expect(summary.acquireLatencyMs.p99).toBeCloseTo(mine.p99, 2);
        // Undecided: no damage yet, but a stale write still on its way at the end (the checker's pending facts).
        expect(summary.verdict).toBe(mine.lostUpdates > 0 || mine.duplicateEffects > 0 ? "unsafe" : summary.staleWritesPending > 0 ? "undecided" : "safe");
      }),
      { numRuns: 100 },
    );
  });

  it("leaves every event before a fault injected at time T unchanged (same seed)", () => {
    const withFault = shapes.chain((shape) =>
      fc.record({
        base: scenarioFor(shape),
        t: ms(1, shape.durationMs - 1),
      }).chain(({ base, t }) => fc.record({ base: fc.constant(base), t: fc.constant(t), fault: faultsFor(shape.service, shape.clients, shape.durationMs, fc.constant(t)) })),
    );
    fc.assert(
      fc.property(
        withFault.filter(({ fault }) => !("atPhase" in fault)),
        ({ base, t, fault }) => {
          const before = (events: SimEvent[]) => events.filter((e) => e.t < t);
          const plain = simulate(base);
          const faulted = simulate({ ...base, faults: [...(base.faults ?? []), fault] });
          expect(before(faulted.events)).toStrictEqual(before(plain.events));
        },
      ),
      { numRuns: 100 },
    );
  });
});
