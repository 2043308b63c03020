import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import type { ClientApi, ClientProgram, Step, Task } from "./api";
import { CodeBudgetError } from "./codeClient";
import {
  clockJump,
  counterJob,
  delay,
  expectSameRun,
  faults,
  knobs,
  partition,
  pause,
  renewEveryMs,
  scenarioOf,
  storageKnobs,
  twoClients,
} from "./testClients";

/**
 * The built-in client (client.ts) for Redis, written again as a learner would, against the code
 * API only: acquire with SET NX PX (retrying after a refusal), read, work, write, release with the
 * compare-and-delete script, renew in a background task. If the API is faithful, the two give the
 * same run, event for event.
 */
function builtInAgain(s: {
  ttlMs: number;
  marginMs: number;
  leaseClock: "wall" | "monotonic";
  retry: [number, number];
  renewEveryMs: number | null;
  fenceReads: boolean;
  plainDel: boolean;
  tokens: boolean;
}): ClientProgram {
  return function* client(api: ClientApi): Generator<Step<unknown>, void, unknown> {
    const { redis, belief, clock } = api;
    const read = () => (s.leaseClock === "wall" ? clock.wall() : clock.monotonic());
    const retryDelay = () => s.retry[0] + (s.retry[1] - s.retry[0]) * api.random();
    for (let n = 0; n < api.jobs; n++) {
      for (;;) {
        // One attempt: acquire (retrying while refused), read, work, write, release.
        let value = "";
        let token: number | undefined;
        let acquired = false;
        let renewer: Task | null = null;
        for (;;) {
          value = api.uniqueId();
          const sentAt = read();
          let reply: unknown;
          try {
            reply = s.tokens
              ? yield redis.eval(redis.scripts.SET_NX_PX_INCR, "lock", value, s.ttlMs)
              : yield redis.set("lock", value, { NX: true, PX: s.ttlMs });
          } catch {
            break;
          }
          if (reply !== null) {
            token = s.tokens ? (reply as number) : undefined;
            belief.until(s.leaseClock, sentAt + s.ttlMs - s.marginMs);
            if (s.renewEveryMs !== null) renewer = api.spawn(renewal(api, value, s.renewEveryMs, read));
            acquired = true;
            break;
          }
          yield api.sleep(retryDelay());
        }
        const release = () => (
          renewer?.cancel(),
          s.plainDel ? redis.del("lock") : redis.eval(redis.scripts.COMPARE_AND_DELETE, "lock", value)
        );
        if (!acquired) {
          yield api.sleep(retryDelay());
          continue;
        }
        const done = yield* counterJob(api, n, { token, fenceRead: s.fenceReads });
        yield release();
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };

  function* renewal(
    api: ClientApi,
    value: string,
    every: number,
    read: () => number,
  ): Generator<Step<unknown>, void, unknown> {
    for (;;) {
      yield api.sleep(every);
      if (!api.belief.holds) return;
      const sentAt = read();
      let ok: unknown;
      try {
        ok = yield api.redis.eval(api.redis.scripts.COMPARE_AND_PEXPIRE, "lock", value, s.ttlMs);
      } catch {
        continue;
      }
      if (!api.belief.holds) return;
      if (ok === 1) api.belief.until(s.leaseClock, sentAt + s.ttlMs - s.marginMs);
      else return api.belief.end("renewal-refused");
    }
  }
}

const base = twoClients({ kind: "redis", ttlMs: 5_000 });

describe("a learner's client written against the code API", () => {
  it("runs the built-in client's steps exactly: a GC pause past the lease loses an update in both", () => {
    const scenario: Scenario = { ...base, faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 8_000 }] };
    const builtIn = simulate(scenario);
    const code = simulate(scenario, {
      code: {
        program: builtInAgain({
          ttlMs: 5_000,
          marginMs: 0,
          leaseClock: "wall",
          retry: [100, 300],
          renewEveryMs: null,
          fenceReads: false,
          plainDel: false,
          tokens: false,
        }),
      },
    });
    expect(builtIn.summary.verdict).toBe("unsafe");
    expect(code.events).toEqual(builtIn.events);
    expect(code.summary).toEqual(builtIn.summary);
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    const settings = fc.record({
      ...knobs,
      ...storageKnobs,
      ttlMs: fc.integer({ min: 500, max: 8_000 }),
      renewEveryMs,
      plainDel: fc.boolean(),
      tokens: fc.boolean(),
      faults: faults(
        pause(),
        clockJump(["redis"]),
        partition(fc.constant<[string, string]>(["c1", "redis"]), 6_000),
        delay(["storage"]),
      ),
    });
    fc.assert(
      fc.property(settings, (g) => {
        const tokens = g.tokens || g.guard === "fencing";
        const fenceReads = g.fenceReads && g.guard === "fencing";
        const scenario: Scenario = {
          ...scenarioOf(
            g,
            { kind: "redis", ttlMs: g.ttlMs, tokens: tokens ? "incr" : "none" },
            {
              renewEveryMs: g.renewEveryMs,
              release: g.plainDel ? "delete" : "compare-and-delete",
            },
          ),
          storage: { guard: g.guard, fenceReads },
        };
        const program = builtInAgain({
          ttlMs: g.ttlMs,
          marginMs: g.marginMs,
          leaseClock: g.leaseClock,
          retry: [100, 300],
          renewEveryMs: g.renewEveryMs,
          fenceReads,
          plainDel: g.plainDel,
          tokens,
        });
        expectSameRun(scenario, program);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a learner's client that misbehaves", () => {
  const run = (program: ClientProgram) => simulate({ ...base, clients: { count: 1 } }, { code: { program } });

  it("stops the run with a message when it loops without waiting", () => {
    expect(() =>
      run(function* (api) {
        for (;;) {
          try {
            yield undefined as unknown as Step<unknown>;
          } catch {
            api.random();
          }
        }
      }),
    ).toThrow(CodeBudgetError);
  });

  it("is told what a bare yield needs, at the line it wrote, and stops: the error is on the timeline", () => {
    const result = run(function* () {
      yield undefined as unknown as Step<unknown>;
    });
    const error = result.events.find((e) => e.kind === "code-error");
    expect(error).toMatchObject({ proc: "c1", message: expect.stringContaining("yield needs a call that takes time") });
  });

  it("logs its own lines and its uncaught errors on the timeline", () => {
    const result = run(function* (api) {
      api.log("starting");
      yield api.sleep(10);
      throw new Error("my bug");
    });
    expect(
      result.events
        .filter((e) => e.kind === "code-log" || e.kind === "code-error")
        .map((e) => ("text" in e ? e.text : "message" in e ? e.message : "")),
    ).toEqual(["starting", "Error: my bug"]);
  });
});
