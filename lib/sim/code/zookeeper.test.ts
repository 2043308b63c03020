import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import type { ClientApi, ClientProgram, Step } from "./api";

const LOCK = "/lock";

/**
 * The built-in client (client.ts) on ZooKeeper, written again as a learner would against the code
 * API: the lock recipe (an ephemeral sequential node, the children listed, the lowest holds the
 * lock, any other watches the node just before its own and looks again when it goes), the node's
 * sequence number as the token, and the node deleted on release. The session and its heartbeats
 * are the handle's, as in a real client. If the API is faithful, the two runs are the same.
 */
function builtInAgain(s: { retry: [number, number] }): ClientProgram {
  return function* client(api: ClientApi): Generator<Step<unknown>, void, unknown> {
    const { zookeeper: zk, storage } = api;
    const retryDelay = () => s.retry[0] + (s.retry[1] - s.retry[0]) * api.random();
    for (let n = 0; n < api.jobs; n++) {
      for (;;) {
        let node = "";
        let acquired = false;
        for (;;) {
          try {
            node = (yield zk.create(`${LOCK}/lock-`, "EPHEMERAL_SEQUENTIAL")) as string;
            const me = node.slice(LOCK.length + 1);
            for (;;) {
              const children = ((yield zk.getChildren(LOCK)) as string[]).sort();
              const i = children.indexOf(me);
              if (i < 0) throw new Error(`${node} is gone`);
              if (i === 0) break;
              yield zk.exists(`${LOCK}/${children[i - 1]}`, true);
            }
            acquired = true;
            break;
          } catch (error) {
            // No answer ends the attempt; a lost session or node is tried again after a pause.
            if ((error as Error).name === "TimeoutError") break;
            yield api.sleep(retryDelay());
          }
        }
        if (!acquired) {
          yield api.sleep(retryDelay());
          continue;
        }
        const token = Number(node.slice(-10));
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
        yield zk.delete(node);
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
  service: { kind: "zookeeper", sessionTimeoutMs: 6_000 },
  clients: { count: 2, workMs: 3_000 },
  workload: { kind: "counter", jobsPerClient: 2 },
};

describe("a learner's ZooKeeper client written against the code API", () => {
  it("runs the built-in client's steps exactly: a pause past the session loses the lock to the next waiter in both", () => {
    const scenario: Scenario = { ...base, faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 9_000 }] };
    const builtIn = simulate(scenario);
    const code = simulate(scenario, { code: { program: builtInAgain({ retry: [100, 300] }) } });
    expect(builtIn.summary.verdict).toBe("unsafe");
    expect(code.events).toEqual(builtIn.events);
    expect(code.facts).toEqual(builtIn.facts);
    expect(code.summary).toEqual(builtIn.summary);
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const builtIn = simulate(scenario);
        fc.pre(!looksTwiceAtOnce(builtIn.events));
        const code = simulate(scenario, { code: { program: builtInAgain({ retry: [100, 300] }) } });
        expect(code.events).toEqual(builtIn.events);
        expect(code.facts).toEqual(builtIn.facts);
        expect(code.summary).toEqual(builtIn.summary);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a learner's ZooKeeper client with a plausible bug", () => {
  it("is caught acting on the lock without checking its node is the lowest: two clients write at once and an update is lost", () => {
    const noCheck: ClientProgram = function* (api) {
      const { zookeeper: zk, storage } = api;
      for (let n = 0; n < api.jobs; n++) {
        // The bug: the node was created, so the client goes on as if the lock were its own.
        const node = (yield zk.create(`${LOCK}/lock-`, "EPHEMERAL_SEQUENTIAL")) as string;
        const token = Number(node.slice(-10));
        const r = (yield storage.read("counter")) as { value: number };
        yield api.work();
        yield storage.write("counter", r.value + 1, { token });
        yield zk.delete(node);
      }
    };
    const result = simulate({ ...base, clients: { count: 2, workMs: 1_000 } }, { code: { program: noCheck } });
    expect(result.summary.verdict).toBe("unsafe");
    // Four writes accepted, but the counter shows fewer: one was computed from a stale read.
    expect(result.events.filter((e) => e.kind === "job-done")).toHaveLength(4);
    expect(result.summary.counter).toBeLessThan(4);
    // Nobody asked the ensemble whose turn it was, so it granted no one, and no one believed it held the lock.
    expect(result.events.filter((e) => e.kind === "grant" || e.kind === "belief-start")).toEqual([]);
  });

  it("is stopped with a message when it deletes another client's node", () => {
    const result = simulate(
      { ...base, clients: { count: 1 } },
      {
        code: {
          program: function* (api) {
            yield api.zookeeper.create(`${LOCK}/lock-`, "EPHEMERAL_SEQUENTIAL");
            yield api.zookeeper.delete(`${LOCK}/lock-0000000099`);
          },
        },
      },
    );
    expect(result.events.find((e) => e.kind === "code-error")).toMatchObject({ message: expect.stringContaining("only its own node, /lock/lock-0000000000") });
  });
});

/**
 * Whether the built-in library looked at a client's children twice at once. It looks again each
 * time a waiting lock call is woken, even while a look is on its way: when its session comes back
 * from Disconnected (the answer that brings it back may be that look's own), or when a watch fires
 * twice (one left by an attempt that timed out and one by the next: the lab's ensemble keeps both,
 * where real ZooKeeper keeps one watch per client and node). The recipe as a program writes it, and
 * as Curator runs it, waits for one answer before it asks again. Both are right, but they are not
 * the same run, so the property leaves out (about one in seven) scenarios where a session comes back while its client
 * waits for the lock, or a getChildren leaves while another look (a getChildren, or an exists that
 * leaves a watch) is on its way.
 */
function looksTwiceAtOnce(events: ReturnType<typeof simulate>["events"]): boolean {
  const looks = new Set(["getChildren", "exists+watch"]);
  const onTheirWay = new Map<string, number>();
  const waiting = new Set<string>();
  const less = (client: string) => onTheirWay.set(client, Math.max(0, (onTheirWay.get(client) ?? 0) - 1));
  for (const e of events) {
    if (e.kind === "acquire-start") waiting.add(e.proc);
    else if (e.kind === "belief-start" || e.kind === "attempt-abort" || e.kind === "refused") waiting.delete(e.proc);
    else if (e.kind === "session" && e.state === "reconnected" && waiting.has(e.client)) return true;
    else if (e.kind === "send" && looks.has(e.msg)) {
      if (e.msg === "getChildren" && (onTheirWay.get(e.from) ?? 0) > 0) return true;
      onTheirWay.set(e.from, (onTheirWay.get(e.from) ?? 0) + 1);
    } else if (e.kind === "deliver" && ["children", "no node", "exists"].includes(e.msg) && e.to.startsWith("c")) less(e.to);
    else if (e.kind === "timeout" && looks.has(e.msg)) less(e.proc);
  }
  return false;
}

/**
 * Scenarios for ZooKeeper with pauses, clock jumps, partitions, isolations and crashes of members
 * (a lost quorum, an election), delays and loss, under every storage guard and both lease clocks.
 * The built-in client's `checkBeforeWrite`, `onLockLost: "abort"` and `holdAtLeastMs` stay at their
 * defaults: they act on a check or a timer inside the built-in client that a program does itself,
 * with its own lines, rather than through the API (and the built-in's `check` event is its own).
 */
const scenarios: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000 }),
    clients: fc.integer({ min: 1, max: 3 }),
    jobs: fc.integer({ min: 1, max: 3 }),
    sessionTimeoutMs: fc.integer({ min: 4_000, max: 12_000 }),
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
          target: fc.constantFrom("c1", "c2", "z1"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          byMs: fc.integer({ min: -8_000, max: 8_000 }),
        }),
        fc.record({
          kind: fc.constant("partition" as const),
          between: fc.constantFrom(["c1", "z1"] as [string, string], ["c2", "z1"] as [string, string], ["z1", "z2"] as [string, string]),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          forMs: fc.integer({ min: 1, max: 12_000 }),
        }),
        fc.record({
          kind: fc.constant("isolate" as const),
          target: fc.constantFrom("z1", "c1"),
          atMs: fc.integer({ min: 0, max: 20_000 }),
          forMs: fc.integer({ min: 1, max: 12_000 }),
        }),
        fc.record({
          kind: fc.constant("crash" as const),
          target: fc.constantFrom("z1", "z2"),
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
      service: { kind: "zookeeper", sessionTimeoutMs: g.sessionTimeoutMs },
      clients: { count: g.clients, workMs: g.workMs, safetyMarginMs: g.marginMs, leaseClock: g.leaseClock },
      workload: { kind: "counter", jobsPerClient: g.jobs },
      storage: { guard: g.guard, fenceReads: g.fenceReads && g.guard === "fencing" },
      network: { latencyMs: g.latency, lossRate: g.lossRate },
      faults,
    };
  });
