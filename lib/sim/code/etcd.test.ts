import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import { counterJob, ensembleScenarios, expectSameRun, twoClients } from "./testClients";
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
    const { etcd } = api;
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
            const txn = (yield etcd.txn("lock", lease)) as {
              key: string;
              createRevision: number;
              ownerCreateRevision: number;
            };
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
        const done = yield* counterJob(api, n, { token, fenceRead: true });
        yield etcd.delete(key);
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };
}

const base = twoClients({ kind: "etcd", ttlMs: 5_000 });

describe("a learner's etcd client written against the code API", () => {
  it("runs the built-in client's steps exactly: a pause past the lease loses the lock to the next waiter in both", () => {
    const scenario: Scenario = { ...base, faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 8_000 }] };
    const builtIn = expectSameRun(scenario, builtInAgain({ ttlMs: 5_000, retry: [100, 300] }));
    expect(builtIn.summary.verdict).toBe("unsafe");
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const ttlMs = scenario.service.kind === "etcd" ? scenario.service.ttlMs : 0;
        expectSameRun(scenario, builtInAgain({ ttlMs, retry: [100, 300] }));
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
    expect(result.events.find((e) => e.kind === "code-error")).toMatchObject({
      message: expect.stringContaining("your key's create revision − 1"),
    });
  });
});

/** Scenarios for etcd, its members e1 and e2 the ones faults name (see ensembleScenarios). */
const scenarios = ensembleScenarios(
  fc.integer({ min: 2_000, max: 10_000 }).map((ttlMs) => ({ kind: "etcd" as const, ttlMs })),
  ["e1", "e2"],
);
