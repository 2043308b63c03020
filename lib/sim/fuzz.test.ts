/**
 * Hostile scenarios, generated: every field drawn from values in range, at its edges and far
 * outside it. Whatever validation accepts runs to an end within the event budget, with the same
 * summary in every mode; whatever it refuses is refused with messages that each name a field.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scenarioSchema, validateScenario } from "./scenario";
import { simulateResolved } from "./simulate";

/** A small budget, so that many generated runs reach it in a few seconds of testing. */
const BUDGET = 10_000;

const hostileNumber = fc.constantFrom(-1, 0.5, 1e9, Number.NaN, Number.POSITIVE_INFINITY, -1e12);
const hostile = fc.oneof(hostileNumber, fc.constantFrom("x", "", null, true, [], {}, [1, 2, 3]));
/** A value from `good` most of the time, otherwise something hostile. */
const field = <T>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 30 }, { arbitrary: hostile, weight: 1 });
const msInt = (min: number, max: number) => field(fc.integer({ min, max }));
const pair = (min: number, max: number) => field(fc.tuple(fc.integer({ min, max }), fc.integer({ min, max })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]));

const service = fc.oneof(
  fc.record({ kind: fc.constant("redis"), ttlMs: msInt(1, 20_000), tokens: field(fc.constantFrom("none", "incr")) }, { requiredKeys: ["kind", "ttlMs"] }),
  fc.record({ kind: fc.constant("redlock"), ttlMs: msInt(1, 20_000), nodes: field(fc.integer({ min: 1, max: 9 })) }, { requiredKeys: ["kind", "ttlMs"] }),
  fc.record({ kind: fc.constant("etcd"), ttlMs: msInt(1, 20_000) }),
  fc.record({ kind: fc.constant("zookeeper"), sessionTimeoutMs: msInt(1, 60_000) }),
  fc.record({ kind: fc.constant("chubby"), leaseMs: msInt(1, 20_000), lockDelayMs: msInt(0, 60_000) }, { requiredKeys: ["kind"] }),
  fc.record({ kind: fc.constant("kubernetes"), leaseDurationMs: msInt(1, 20_000), renewDeadlineMs: msInt(1, 20_000), retryPeriodMs: msInt(1, 5_000) }, { requiredKeys: ["kind"] }),
  fc.record({ kind: fc.constant("none") }),
  hostile,
);

const fault = fc.oneof(
  fc.record({ kind: fc.constant("pause"), target: fc.constantFrom("c1", "c2", "c9", "storage"), atMs: msInt(0, 60_000), forMs: msInt(1, 30_000) }),
  fc.record({ kind: fc.constant("crash"), target: fc.constantFrom("c1", "c2", "redis"), atMs: msInt(0, 60_000), restartAfterMs: msInt(0, 10_000) }, { requiredKeys: ["kind", "target", "atMs"] }),
  fc.record({ kind: fc.constant("partition"), between: field(fc.constant(["c1", "storage"])), atMs: msInt(0, 60_000), forMs: msInt(1, 30_000) }),
  fc.record({ kind: fc.constant("delay"), from: fc.constantFrom("c1", "c2"), to: fc.constant("storage"), atMs: msInt(0, 60_000), byMs: msInt(1, 30_000) }),
  fc.record({ kind: fc.constant("clock-jump"), target: fc.constantFrom("c1", "c2"), atMs: msInt(0, 60_000), byMs: field(fc.integer({ min: -20_000, max: 20_000 })) }),
  hostile,
);

const scenarios = fc.record(
  {
    version: field(fc.constant(1)),
    seed: field(fc.integer({ min: 0, max: 2 ** 32 - 1 })),
    durationMs: field(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 120_000 }), weight: 4 }, { arbitrary: fc.constant(3_600_000), weight: 1 })),
    service,
    clients: fc.record(
      { count: field(fc.integer({ min: 1, max: 64 })), workMs: fc.oneof(msInt(0, 5_000), pair(0, 5_000)), renewEveryMs: field(fc.integer({ min: 1, max: 5_000 })), checkBeforeWrite: field(fc.boolean()) },
      { requiredKeys: [] },
    ),
    workload: fc.oneof(
      fc.record({ kind: fc.constant("counter"), jobsPerClient: field(fc.integer({ min: 1, max: 10_000 })) }),
      fc.record({ kind: fc.constant("cron"), everyMs: msInt(1, 10_000), runs: field(fc.integer({ min: 1, max: 10_000 })) }),
      fc.record({ kind: fc.constant("stream"), ratePerSec: field(fc.double({ min: 0.1, max: 100_000, noNaN: true })) }),
    ),
    storage: fc.record({ guard: field(fc.constantFrom("none", "fencing", "cas", "idempotency")) }),
    network: fc.record({ latencyMs: pair(0, 2_000), lossRate: field(fc.double({ min: 0, max: 0.99, noNaN: true })) }, { requiredKeys: [] }),
    faults: fc.array(fault, { maxLength: 4 }),
    chaos: fc.record({ pauseEveryMs: field(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(1))), pauseMs: pair(1, 5_000) }, { requiredKeys: [] }),
  },
  { requiredKeys: ["version", "service"] },
);

const fields = new Set(Object.keys(scenarioSchema.shape));

describe("a hostile scenario", () => {
  it("runs within the event budget with the same summary in every mode, or is refused with each message naming a field", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(scenarios, (input) => {
        const validation = validateScenario(input);
        if (!validation.ok) {
          refused++;
          expect(validation.errors.length).toBeGreaterThan(0);
          for (const error of validation.errors) expect(fields.has(error.split(/[.:]/)[0]), error).toBe(true);
          return;
        }
        accepted++;
        const full = simulateResolved(structuredClone(validation.scenario), validation.warnings, { maxEvents: BUDGET });
        const quick = simulateResolved(structuredClone(validation.scenario), validation.warnings, { maxEvents: BUDGET, summaryOnly: true });
        expect(full.events.length).toBeLessThanOrEqual(BUDGET);
        expect(quick.summary).toStrictEqual(full.summary);
        expect(quick.violations).toStrictEqual(full.violations);
        expect(full.summary.incomplete === null).toBe(full.events.length < BUDGET);
      }),
      { numRuns: 30 },
    );
    // Both halves of the property were exercised.
    expect(accepted).toBeGreaterThan(3);
    expect(refused).toBeGreaterThan(3);
  });
});
