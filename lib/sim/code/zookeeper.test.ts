import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import { counterJob, ensembleScenarios, expectSameRun, twoClients } from "./testClients";
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
    const { zookeeper: zk } = api;
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
        const done = yield* counterJob(api, n, { token, fenceRead: true });
        yield zk.delete(node);
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };
}

const base = twoClients({ kind: "zookeeper", sessionTimeoutMs: 6_000 });

describe("a learner's ZooKeeper client written against the code API", () => {
  it("runs the built-in client's steps exactly: a pause past the session loses the lock to the next waiter in both", () => {
    const scenario: Scenario = { ...base, faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 9_000 }] };
    const builtIn = expectSameRun(scenario, builtInAgain({ retry: [100, 300] }));
    expect(builtIn.summary.verdict).toBe("unsafe");
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
    expect(result.events.find((e) => e.kind === "code-error")).toMatchObject({
      message: expect.stringContaining("only its own node, /lock/lock-0000000000"),
    });
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
    } else if (e.kind === "deliver" && ["children", "no node", "exists"].includes(e.msg) && e.to.startsWith("c"))
      less(e.to);
    else if (e.kind === "timeout" && looks.has(e.msg)) less(e.proc);
  }
  return false;
}

/** Scenarios for ZooKeeper, its members z1 and z2 the ones faults name (see ensembleScenarios). */
const scenarios = ensembleScenarios(
  fc.integer({ min: 4_000, max: 12_000 }).map((sessionTimeoutMs) => ({ kind: "zookeeper" as const, sessionTimeoutMs })),
  ["z1", "z2"],
);
