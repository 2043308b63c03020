import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { SimEvent } from "./events";
import type { Scenario } from "./scenario";
import { ScenarioError, simulate } from "./simulate";
import { run, scenario } from "./testing";
import { faultsFor, recount, scenarioFor, shapes, validScenarios } from "./generators";

// ---- properties --------------------------------------------------------------------------------

describe("simulate", () => {
  it("returns the scenario with every default filled in, the events and their count, spans, summary, violations and warnings", () => {
    const result = run(scenario({ service: { kind: "redis", ttlMs: 10_000 } }));
    expect(Object.keys(result).sort()).toEqual([
      "eventCount",
      "events",
      "facts",
      "scenario",
      "series",
      "spans",
      "summary",
      "violations",
      "warnings",
    ]);
    expect(result.eventCount).toBe(result.events.length);
    expect(result.scenario).toMatchObject({
      seed: 1,
      durationMs: 60_000,
      clients: { count: 2 },
      storage: { guard: "none" },
    });
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
    const result = simulate(scenario({ service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 8 } }), {
      maxEvents: 200,
    });
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
      fc.property(validScenarios, (s) => {
        const first = simulate(s);
        expect(simulate(s)).toStrictEqual(first);
        expect(simulate(s, { summaryOnly: true }).summary).toStrictEqual(first.summary);
      }),
      { numRuns: 50 },
    );
  });

  it("orders events by (t, seq), each within [0, durationMs]", () => {
    fc.assert(
      fc.property(validScenarios, (s) => {
        const { events, scenario: resolved } = simulate(s);
        const outOfRange = events.filter((e) => e.t < 0 || e.t > resolved.durationMs);
        const outOfOrder = events.filter((e, i) => i > 0 && (e.t < events[i - 1]!.t || e.seq <= events[i - 1]!.seq));
        expect(outOfRange).toEqual([]);
        expect(outOfOrder).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("summarises exactly what an independent recount of the event log finds", () => {
    fc.assert(
      fc.property(validScenarios, (s) => {
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
        // Undecided: no damage yet, but a stale write still on its way at the end (the checker's pending
        // facts), unless it is in the network and storage would refuse it or ignore it as a repeat.
        const open = result.facts.pending.some(
          (p) => p.stale !== null && !(p.inFlight && (p.inFlight.rejection !== null || p.inFlight.repeat)),
        );
        expect(summary.verdict).toBe(
          mine.lostUpdates > 0 || mine.duplicateEffects > 0 ? "unsafe" : open ? "undecided" : "safe",
        );
      }),
      { numRuns: 100 },
    );
  });

  it("leaves every event before a fault injected at time T unchanged (same seed)", () => {
    const withFault = shapes.chain((shape) =>
      fc
        .record({
          base: scenarioFor(shape),
          t: fc.integer({ min: 1, max: shape.durationMs - 1 }),
        })
        .chain(({ base, t }) =>
          fc.record({
            base: fc.constant(base),
            t: fc.constant(t),
            fault: faultsFor(shape.service, shape.clients, shape.durationMs, fc.constant(t)),
          }),
        ),
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
