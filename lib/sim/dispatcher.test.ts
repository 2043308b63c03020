import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eventsOf, named, run, scenario } from "./testing";
import { simulate } from "./simulate";

const stream = (ratePerSec: number, extra: Record<string, unknown> = {}) =>
  scenario({
    durationMs: 30_000,
    service: { kind: "redis", ttlMs: 5000 },
    clients: { count: 8, workMs: 50 },
    workload: { kind: "stream", ratePerSec, ...extra },
  });

describe("the stream workload", () => {
  it("hands each job to the idle client with the lowest id, and queues the rest in arrival order", () => {
    const result = run(stream(40));
    const starts = eventsOf(result, "job-start");
    expect(starts[0]).toMatchObject({ proc: "c1", job: 0 });
    const order = starts.map((e) => e.job);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("never completes more jobs on one key than 1 / (critical-section time) allows", () => {
    const result = run(stream(200));
    const perSecond = result.summary.jobsDone / 30;
    // Each job holds the lock for its 50 ms of work plus a read and a write round trip.
    expect(perSecond).toBeLessThanOrEqual(1000 / 50);
    expect(result.summary.backlogMax).toBeGreaterThan(1000);
  });

  it("shows the hot lock saturating before the service: at 10× load Redis stays under 1 % busy", () => {
    const calm = run(named("traffic-1x")).summary;
    const busy = run(named("traffic-10x")).summary;
    expect(busy.acquireLatencyMs.p99).toBeGreaterThan(10 * calm.acquireLatencyMs.p99);
    expect(busy.throughputPerSec).toBeLessThan(20);
    expect(busy.serviceUtilization).toBeLessThan(0.01);
  });

  it("lowers p99 acquire latency for a uniform load when the keys go up", () => {
    const oneKey = run(stream(40)).summary;
    const manyKeys = run(stream(40, { keys: 16 })).summary;
    expect(manyKeys.acquireLatencyMs.p99).toBeLessThan(oneKey.acquireLatencyMs.p99);
    expect(manyKeys.throughputPerSec).toBeGreaterThan(oneKey.throughputPerSec);
  });

  it("sends hotKeyShare of the jobs to key 0", () => {
    const result = run(named("hot-key"));
    const arrivals = eventsOf(result, "job-arrive");
    const share = arrivals.filter((e) => e.key === 0).length / arrivals.length;
    expect(share).toBeGreaterThan(0.85);
    expect(share).toBeLessThan(0.95);
  });

  it("counts lost updates, overlap and counters per key and sums them", () => {
    const result = run(scenario({ ...stream(100, { keys: 4 }), service: { kind: "none" } }));
    const writes = eventsOf(result, "write", { applied: true });
    const lastValue = new Map(writes.map((w) => [w.key, w.value]));
    const counter = [...lastValue.values()].reduce((a, b) => a + b, 0);
    expect(result.summary.counter).toBe(counter);
    expect(result.summary.lostUpdates).toBe(writes.length - counter);
    expect(result.summary.lostUpdates).toBeGreaterThan(0);
  });

  it("needs no lock with a single owner per key: routing owner and service none lose nothing at any rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 1000 }),
        (rate, keys, clients, seed) => {
          const { summary } = simulate(
            scenario({
              seed,
              durationMs: 5000,
              service: { kind: "none" },
              clients: { count: clients, workMs: [5, 80] },
              workload: { kind: "stream", ratePerSec: rate, keys, routing: "owner" },
            }),
            { summaryOnly: true },
          );
          // A write applied just before the end may have its reply still in flight: not yet "done".
          return (
            summary.lostUpdates === 0 &&
            summary.overlapMs === 0 &&
            summary.counter >= summary.jobsDone &&
            summary.counter <= summary.jobsDone + clients
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("lowers p99 latency at saturation when the service's capacity doubles", () => {
    const base = named("service-saturated", { durationMs: 20_000 });
    const saturated = run(base).summary;
    const doubled = run({ ...base, service: { kind: "kubernetes", capacityOpsPerSec: 1000 } }).summary;
    expect(saturated.serviceUtilization).toBeGreaterThan(0.95);
    expect(doubled.acquireLatencyMs.p99).toBeLessThan(saturated.acquireLatencyMs.p99);
  });

  it("obeys Little's law on the time series: average backlog ≈ arrival rate × average wait", () => {
    const result = run(stream(18, { keys: 1 }));
    const waits = eventsOf(result, "job-start").map((e) => e.waitedMs);
    const arrivals = eventsOf(result, "job-arrive").length;
    const meanWaitSec = waits.reduce((a, b) => a + b, 0) / waits.length / 1000;
    const meanBacklog = result.series.backlog.reduce((a, b) => a + b, 0) / result.series.backlog.length;
    const lambda = arrivals / 30;
    expect(meanBacklog).toBeGreaterThan(1);
    expect(Math.abs(meanBacklog - lambda * meanWaitSec) / meanBacklog).toBeLessThan(0.15);
  });

  it("records a time series per second that adds up to the run", () => {
    const result = run(stream(40));
    const { series, summary } = result;
    expect(series.arrived).toHaveLength(30);
    expect(series.completed.reduce((a, b) => a + b, 0)).toBe(summary.jobsDone);
    expect(series.arrived.reduce((a, b) => a + b, 0)).toBe(eventsOf(result, "job-arrive").length);
    expect(Math.max(...series.acquireP99)).toBeGreaterThan(0);
  });

  it("loses the job a crashed client had in hand, and says so", () => {
    const result = run(scenario({ ...stream(20), faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }] }));
    expect(result.warnings.some((w) => /lost with a crashed client/.test(w))).toBe(true);
  });
});
