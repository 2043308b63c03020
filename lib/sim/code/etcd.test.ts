import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import type { ClientApi, ClientProgram, KeepAlive, LeaseID, Step } from "./api";

/**
 * The built-in client (client.ts) on etcd, written again as a learner would against the code API:
 * a lease kept alive in the background, the Mutex's transaction, its create revision as the token,
 * a wait for the keys before it when it is not the oldest, and the key deleted on release. The
 * belief follows the session, as the library times it. If the API is faithful, the two runs are
 * the same, event for event.
 */
function builtInAgain(s: { ttlMs: number; retry: [number, number] }): ClientProgram {
  return function* client(api: ClientApi): Generator<Step<unknown>, void, unknown> {
    const { etcd, storage } = api;
    const retryDelay = () => s.retry[0] + (s.retry[1] - s.retry[0]) * api.random();
    let lease: LeaseID | null = null;
    let keepAlive: KeepAlive | null = null;
    for (let n = 0; n < api.jobs; n++) {
      for (;;) {
        let key = "";
        let token = 0;
        let acquired = false;
        for (;;) {
          try {
            if (lease === null || keepAlive === null || keepAlive.closed) {
              const granted = (yield etcd.lease.grant(s.ttlMs)) as { ID: LeaseID };
              lease = granted.ID;
              keepAlive = (yield etcd.lease.keepAlive(lease)) as KeepAlive;
            }
            const txn = (yield etcd.txn("lock", lease)) as { key: string; createRevision: number; ownerCreateRevision: number };
            key = txn.key;
            token = txn.createRevision;
            if (txn.ownerCreateRevision !== txn.createRevision) yield etcd.waitDeletes("lock", txn.createRevision - 1);
            acquired = true;
            break;
          } catch (error) {
            // No answer ends the attempt; a lost session is tried again after a pause.
            if ((error as Error).name === "TimeoutError") break;
            yield api.sleep(retryDelay());
          }
        }
        if (!acquired) {
          yield api.sleep(retryDelay());
          continue;
        }
        let done = false;
        try {
          const r = (yield storage.read("counter", { token })) as { ok: boolean; value: number };
          if (r.ok) {
            yield api.work();
            const w = (yield storage.write("counter", r.value + 1, { token, idempotencyKey: `${api.me}-job-${n}` })) as { accepted: boolean };
            done = w.accepted;
          }
        } catch {
          // A timeout ends the attempt, as a rejection does.
        }
        yield etcd.delete(key);
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };
}

const base: Scenario = {
  version: 1,
  seed: 7,
  durationMs: 40_000,
  service: { kind: "etcd", ttlMs: 5_000 },
  clients: { count: 2, workMs: 3_000 },
  workload: { kind: "counter", jobsPerClient: 2 },
};

describe("a learner's etcd client written against the code API", () => {
  it("runs the built-in client's steps exactly: a pause past the lease loses the lock to the next waiter in both", () => {
    const scenario: Scenario = { ...base, faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 8_000 }] };
    const builtIn = simulate(scenario);
    const code = simulate(scenario, { code: { program: builtInAgain({ ttlMs: 5_000, retry: [100, 300] }) } });
    expect(builtIn.summary.verdict).toBe("unsafe");
    expect(code.events).toEqual(builtIn.events);
    expect(code.facts).toEqual(builtIn.facts);
    expect(code.summary).toEqual(builtIn.summary);
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const builtIn = simulate(scenario);
        const ttlMs = scenario.service.kind === "etcd" ? scenario.service.ttlMs : 0;
        const code = simulate(scenario, { code: { program: builtInAgain({ ttlMs, retry: [100, 300] }) } });
        expect(code.events).toEqual(builtIn.events);
        expect(code.facts).toEqual(builtIn.facts);
        expect(code.summary).toEqual(builtIn.summary);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a learner's etcd client with a plausible bug", () => {
  it("is caught acting on the lock without waiting for the keys before its own: two clients write at once and an update is lost", () => {
    const noWait: ClientProgram = function* (api) {
      const { etcd, storage } = api;
      const { ID } = (yield etcd.lease.grant(5_000)) as { ID: LeaseID };
      yield etcd.lease.keepAlive(ID);
      for (let n = 0; n < api.jobs; n++) {
        // The bug: the transaction put the key, so the client goes on as if the lock were its own.
        const txn = (yield etcd.txn("lock", ID)) as { key: string; createRevision: number };
        const r = (yield storage.read("counter")) as { value: number };
        yield api.work();
        yield storage.write("counter", r.value + 1, { token: txn.createRevision });
        yield etcd.delete(txn.key);
      }
    };
    const result = simulate({ ...base, clients: { count: 2, workMs: 1_000 } }, { code: { program: noWait } });
    expect(result.summary.verdict).toBe("unsafe");
    // Four writes accepted, but the counter shows fewer: one was computed from a stale read.
    expect(result.events.filter((e) => e.kind === "job-done")).toHaveLength(4);
    expect(result.summary.counter).toBeLessThan(4);
    // etcd granted only the oldest key's client; c2 never held the lock it acted under.
    expect(result.events.some((e) => e.kind === "grant" && e.client === "c2")).toBe(false);
  });

  it("is told what waitDeletes needs when it passes its own revision", () => {
    const result = simulate(
      { ...base, clients: { count: 1 } },
      {
        code: {
          program: function* (api) {
            const { ID } = (yield api.etcd.lease.grant(5_000)) as { ID: LeaseID };
            const txn = (yield api.etcd.txn("lock", ID)) as { createRevision: number };
            yield api.etcd.waitDeletes("lock", txn.createRevision);
          },
        },
      },
    );
    expect(result.events.find((e) => e.kind === "code-error")).toMatchObject({ message: expect.stringContaining("your key's create revision − 1") });
  });
});

/**
 * Scenarios for etcd with pauses, clock jumps, partitions, isolations and crashes of members (a
 * lost quorum, an election), delays and loss, under every storage guard and both lease clocks.
 * The built-in client's `checkBeforeWrite`, `onLockLost: "abort"` and `holdAtLeastMs` stay at their
 * defaults: they act on a check or a timer inside the library's client that a program's code does
 * itself, with its own lines, rather than through the API (and the built-in's `check` event is its own).
 */
const scenarios: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000 }),
    clients: fc.integer({ min: 1, max: 3 }),
    jobs: fc.integer({ min: 1, max: 3 }),
    ttlMs: fc.integer({ min: 2_000, max: 10_000 }),
    workMs: fc.oneof(fc.integer({ min: 0, max: 4_000 }), fc.tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 1_000, max: 4_000 }))),
    marginMs: fc.integer({ min: 0, max: 400 }),
    leaseClock: fc.constantFrom("wall" as const, "monotonic" as const),
    guard: fc.constantFrom("none" as const, "fencing" as const, "cas" as const, "idempotency" as const),
    fenceReads: fc.boolean(),
    lossRate: fc.constantFrom(0, 0, 0.05),
    latency: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 20, max: 400 })),
    faults: fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant("pause" as const),
          target: fc.constantFrom("c1", "c2"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          forMs: fc.integer({ min: 1, max: 12_000 }),
        }),
        fc.record({
          kind: fc.constant("clock-jump" as const),
          target: fc.constantFrom("c1", "c2", "e1"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          byMs: fc.integer({ min: -8_000, max: 8_000 }),
        }),
        fc.record({
          kind: fc.constant("partition" as const),
          between: fc.constantFrom(["c1", "e1"] as [string, string], ["c2", "e1"] as [string, string], ["e1", "e2"] as [string, string]),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          forMs: fc.integer({ min: 1, max: 12_000 }),
        }),
        fc.record({
          kind: fc.constant("isolate" as const),
          target: fc.constantFrom("e1", "c1"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          forMs: fc.integer({ min: 1, max: 12_000 }),
        }),
        fc.record({
          kind: fc.constant("crash" as const),
          target: fc.constantFrom("e1", "e2"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          restartAfterMs: fc.integer({ min: 0, max: 10_000 }),
        }),
        fc.record({
          kind: fc.constant("delay" as const),
          from: fc.constantFrom("c1", "c2"),
          to: fc.constant("storage"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          byMs: fc.integer({ min: 1, max: 9_000 }),
        }),
      ),
      { maxLength: 3 },
    ),
  })
  .map((g): Scenario => {
    // Clients do not crash here: a restarted program starts again from its first line, and its job
    // numbers (in the idempotency key) count from 0 where the built-in client's go on.
    const exists = (id: string) => !id.startsWith("c") || Number(id.slice(1)) <= g.clients;
    const faults = g.faults.filter((f) => (f.kind === "partition" ? f.between.every(exists) : f.kind === "delay" ? exists(f.from) : exists(f.target)));
    return {
      version: 1,
      seed: g.seed,
      durationMs: 40_000,
      service: { kind: "etcd", ttlMs: g.ttlMs },
      clients: { count: g.clients, workMs: g.workMs, safetyMarginMs: g.marginMs, leaseClock: g.leaseClock },
      workload: { kind: "counter", jobsPerClient: g.jobs },
      storage: { guard: g.guard, fenceReads: g.fenceReads && g.guard === "fencing" },
      network: { latencyMs: g.latency, lossRate: g.lossRate },
      faults,
    };
  });
