import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import {
  clockJump,
  counterJob,
  crash,
  delay,
  expectSameRun,
  faults,
  knobs,
  partition,
  pause,
  renewEveryMs,
  scenarioOf,
  twoClients,
} from "./testClients";
import type { ClientApi, ClientProgram, Settled, Step, Task } from "./api";

interface Settings {
  ttlMs: number;
  marginMs: number;
  leaseClock: "wall" | "monotonic";
  /** The client's own retry delay once the library gives up (clients.retryDelayMs). */
  retry: [number, number];
  renewEveryMs: number | null;
  /** The learner's bug: it counts a majority, but never looks at how long the round took. */
  ignoreElapsed?: boolean;
}

/** node-redlock's retries per acquisition, and the delay between them (200 ± 100 ms). */
const RETRIES = 10;
const BETWEEN: [number, number] = [100, 300];

/**
 * The built-in client (client.ts with redlock.ts's library) written again as a learner would,
 * against the code API only: each round sends SET NX PX to every node at once, counts the OKs,
 * and takes the lock only with a majority and validity left (TTL − elapsed − drift, by its own
 * clock); otherwise it unlocks every node and tries again, up to node-redlock's retries. It
 * extends with a round of compare-and-pexpire and releases on every node.
 */
function builtInAgain(s: Settings): ClientProgram {
  return function* client(api: ClientApi): Generator<Step<unknown>, void, unknown> {
    const { redlock, belief, clock } = api;
    const read = () => (s.leaseClock === "wall" ? clock.wall() : clock.monotonic());
    const drift = Math.round(s.ttlMs * redlock.driftFactor) + 2;
    const between = () => BETWEEN[0] + (BETWEEN[1] - BETWEEN[0]) * api.random();
    const retryDelay = () => s.retry[0] + (s.retry[1] - s.retry[0]) * api.random();
    const oksOf = (answers: Settled<unknown>[]) =>
      answers.filter((a) => a.status === "fulfilled" && (a.value === "OK" || a.value === 1)).length;
    const refusalsOf = (answers: Settled<unknown>[]) =>
      answers.filter((a) => a.status === "fulfilled" && (a.value === null || a.value === 0)).length;
    const unlockAll = function* (value: string): Generator<Step<unknown>, void, unknown> {
      for (const node of redlock.nodes) yield node.eval(redlock.scripts.COMPARE_AND_DELETE, "lock", value);
    };

    /** One call of the library's acquire: rounds until one wins or the retries run out. */
    function* acquire(): Generator<Step<unknown>, { value: string } | "refused" | "unavailable", unknown> {
      for (let retriesLeft = RETRIES; ; retriesLeft--) {
        const value = api.uniqueId();
        const start = read();
        const answers = (yield redlock.allSettled(
          redlock.nodes.map((n) => n.set("lock", value, { NX: true, PX: s.ttlMs })),
        )) as Settled<unknown>[];
        const oks = oksOf(answers);
        const validity = s.ttlMs - (read() - start) - drift;
        if (oks >= redlock.quorum && (s.ignoreElapsed || validity > 0)) {
          redlock.acquired("lock", value);
          belief.until(s.leaseClock, start + (s.ttlMs - drift) - s.marginMs);
          return { value };
        }
        yield* unlockAll(value);
        if (retriesLeft > 0) {
          if (oks >= redlock.quorum) redlock.failed("lock", "no-validity", s.ttlMs - drift - validity);
          yield api.sleep(between());
          continue;
        }
        const reason = oks >= redlock.quorum ? "no-validity" : refusalsOf(answers) > 0 ? "no-quorum" : "unavailable";
        redlock.failed("lock", reason);
        return reason === "unavailable" ? "unavailable" : "refused";
      }
    }

    function* renewal(value: string, every: number): Generator<Step<unknown>, void, unknown> {
      for (;;) {
        yield api.sleep(every);
        if (!belief.holds) return;
        const start = read();
        const answers = (yield redlock.allSettled(
          redlock.nodes.map((n) => n.eval(redlock.scripts.COMPARE_AND_PEXPIRE, "lock", value, s.ttlMs)),
        )) as Settled<unknown>[];
        if (!belief.holds) return;
        const oks = oksOf(answers);
        const ok = oks >= redlock.quorum && s.ttlMs - (read() - start) - drift > 0;
        redlock.extended("lock", ok);
        if (ok) belief.until(s.leaseClock, start + (s.ttlMs - drift) - s.marginMs);
        else if (refusalsOf(answers) > 0 || oks > 0) return belief.end("renewal-refused");
      }
    }

    for (let n = 0; n < api.jobs; n++) {
      for (;;) {
        let got: { value: string } | "refused" | "unavailable";
        do {
          got = yield* acquire();
          if (got === "refused") yield api.sleep(retryDelay());
        } while (got === "refused");
        if (got === "unavailable") {
          yield api.sleep(retryDelay());
          continue;
        }
        const { value } = got;
        const renewer: Task | null = s.renewEveryMs === null ? null : api.spawn(renewal(value, s.renewEveryMs));
        const done = yield* counterJob(api, n, { fenceRead: false });
        renewer?.cancel();
        yield* unlockAll(value);
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };
}

const defaults: Settings = { ttlMs: 5_000, marginMs: 0, leaseClock: "wall", retry: [100, 300], renewEveryMs: null };

const pauseScenario: Scenario = {
  ...twoClients({ kind: "redlock", ttlMs: 5_000 }),
  faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 8_000 }],
};

describe("a learner's Redlock client written against the code API", () => {
  it("runs the built-in client's steps exactly: a pause past the validity time lets two clients hold in both", () => {
    const builtIn = expectSameRun(pauseScenario, builtInAgain(defaults));
    expect(builtIn.summary).toMatchObject({ verdict: "unsafe", maxConcurrentHolders: 2 });
  });

  it("gives up a round that took longer than the validity time, logged as the library logs it", () => {
    // c1 is paused in the middle of its first round: its SETs land, but the round ends too late.
    const scenario: Scenario = { ...pauseScenario, faults: [{ kind: "pause", target: "c1", atMs: 1, forMs: 12_000 }] };
    const builtIn = simulate(scenario);
    const code = simulate(scenario, { code: { program: builtInAgain(defaults) } });
    expect(
      builtIn.events.some((e) => e.kind === "refused" && e.reason === "no-validity" && e.elapsedMs !== undefined),
    ).toBe(true);
    expect(code.events).toEqual(builtIn.events);
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    const node = fc.constantFrom("r1", "r2", "r3");
    const settings = fc.record({
      ...knobs,
      // Redlock issues no fencing token, so no fencing guard; and a shorter latency than the others'.
      guard: fc.constantFrom("none" as const, "cas" as const, "idempotency" as const),
      latency: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 20, max: 80 })),
      nodes: fc.constantFrom(3, 5),
      ttlMs: fc.integer({ min: 500, max: 8_000 }),
      driftFactor: fc.constantFrom(0.01, 0.05),
      renewEveryMs,
      driftPpm: fc.constantFrom(0, 0, 20_000),
      faults: faults(
        pause(),
        clockJump(["r1", "r2", "r3"]),
        partition(fc.tuple(fc.constantFrom("c1", "c2"), node), 6_000),
        delay(["storage", "r1", "r2"]),
        // A node restarts without persistence: it forgets every key it held.
        crash(node, 5_000),
      ),
    });
    fc.assert(
      fc.property(settings, (g) => {
        // Client crashes are left out: a restarted program would number its jobs from 0 again (see forClients).
        const scenario: Scenario = {
          ...scenarioOf(
            g,
            { kind: "redlock", ttlMs: g.ttlMs, nodes: g.nodes, driftFactor: g.driftFactor },
            { renewEveryMs: g.renewEveryMs },
          ),
          storage: { guard: g.guard },
          clocks: { driftPpm: g.driftPpm },
        };
        const program = builtInAgain({
          ttlMs: g.ttlMs,
          marginMs: g.marginMs,
          leaseClock: g.leaseClock,
          retry: [100, 300],
          renewEveryMs: g.renewEveryMs,
        });
        expectSameRun(scenario, program);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a buggy learner's Redlock client", () => {
  it("counts a majority but ignores how long the round took: after a pause mid-round, it writes under expired keys", () => {
    // c1's SETs land on every node, then it is paused past the TTL; it wakes, counts five OKs and
    // takes a lock whose keys have all expired, while c2 has taken them meanwhile.
    const scenario: Scenario = {
      version: 1,
      seed: 3,
      durationMs: 30_000,
      service: { kind: "redlock", ttlMs: 5_000 },
      clients: { count: 2, startMs: [0, 100], workMs: 3_000 },
      workload: { kind: "counter", jobsPerClient: 1 },
      faults: [{ kind: "pause", target: "c1", atMs: 1, forMs: 7_000 }],
    };
    const careful = simulate(scenario, { code: { program: builtInAgain(defaults) } });
    const buggy = simulate(scenario, { code: { program: builtInAgain({ ...defaults, ignoreElapsed: true }) } });
    expect(careful.summary).toMatchObject({ verdict: "safe", maxConcurrentHolders: 1 });
    expect(careful.summary).toMatchObject({ lostUpdates: 0, counter: 2 });
    // The buggy grant's keys have all expired: it ends the moment it is drawn, and c1 writes anyway.
    expect(buggy.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1, counter: 1 });
    expect(buggy.violations).toEqual([expect.objectContaining({ kind: "lost-update", clients: ["c1", "c2"] })]);
  });

  it("is told which scripts a node runs, and that a lock needs NX", () => {
    const result = simulate(
      { ...pauseScenario, faults: [] },
      {
        code: {
          program: function* (api) {
            try {
              yield api.redlock.nodes[0]!.eval("return 1", "lock");
            } catch (error) {
              api.log(String(error));
            }
            yield api.redlock.nodes[0]!.set("lock", "v", { NX: false as true, PX: 1_000 });
          },
        },
      },
    );
    const lines = result.events.flatMap((e) =>
      e.kind === "code-log" ? [e.text] : e.kind === "code-error" ? [e.message] : [],
    );
    expect(lines).toEqual([
      expect.stringContaining("runs only the scripts in redlock.scripts"),
      expect.stringContaining("a lock needs NX"),
      expect.stringContaining("runs only the scripts in redlock.scripts"),
      expect.stringContaining("a lock needs NX"),
    ]);
  });
});
