import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../simulate";
import type { Scenario } from "../scenario";
import type { ClientApi, ClientProgram, Step, Task } from "./api";
import { CodeBudgetError } from "./codeClient";

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
    const { redis, storage, belief, clock } = api;
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
        const release = () => (renewer?.cancel(), s.plainDel ? redis.del("lock") : redis.eval(redis.scripts.COMPARE_AND_DELETE, "lock", value));
        if (!acquired) {
          yield api.sleep(retryDelay());
          continue;
        }
        let done = false;
        try {
          const r = (yield storage.read("counter", s.fenceReads && token !== undefined ? { token } : {})) as { ok: boolean; value: number };
          if (r.ok) {
            yield api.work();
            const w = (yield storage.write("counter", r.value + 1, { token, idempotencyKey: `${api.me}-job-${n}` })) as { accepted: boolean };
            done = w.accepted;
          }
        } catch {
          // A timeout ends the attempt, as a rejection does.
        }
        yield release();
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };

  function* renewal(api: ClientApi, value: string, every: number, read: () => number): Generator<Step<unknown>, void, unknown> {
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

const base: Scenario = {
  version: 1,
  seed: 7,
  durationMs: 40_000,
  service: { kind: "redis", ttlMs: 5_000 },
  clients: { count: 2, workMs: 3_000 },
  workload: { kind: "counter", jobsPerClient: 2 },
};

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
      seed: fc.integer({ min: 0, max: 1_000 }),
      clients: fc.integer({ min: 1, max: 3 }),
      jobs: fc.integer({ min: 1, max: 3 }),
      ttlMs: fc.integer({ min: 500, max: 8_000 }),
      workMs: fc.oneof(fc.integer({ min: 0, max: 4_000 }), fc.tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 1_000, max: 4_000 }))),
      marginMs: fc.integer({ min: 0, max: 400 }),
      leaseClock: fc.constantFrom("wall" as const, "monotonic" as const),
      renewEveryMs: fc.option(fc.integer({ min: 200, max: 3_000 }), { nil: null }),
      guard: fc.constantFrom("none" as const, "fencing" as const, "cas" as const, "idempotency" as const),
      fenceReads: fc.boolean(),
      plainDel: fc.boolean(),
      tokens: fc.boolean(),
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
            target: fc.constantFrom("c1", "c2", "redis"),
            atMs: fc.integer({ min: 0, max: 20_000 }),
            byMs: fc.integer({ min: -8_000, max: 8_000 }),
          }),
          fc.record({
            kind: fc.constant("partition" as const),
            between: fc.constant(["c1", "redis"] as [string, string]),
            atMs: fc.integer({ min: 0, max: 20_000 }),
            forMs: fc.integer({ min: 1, max: 6_000 }),
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
    });
    fc.assert(
      fc.property(settings, (g) => {
        const faults = g.faults
          .filter((f) => !("target" in f) || f.target !== "c2" || g.clients > 1)
          .filter((f) => !("from" in f) || f.from !== "c2" || g.clients > 1);
        const tokens = g.tokens || g.guard === "fencing";
        const fenceReads = g.fenceReads && g.guard === "fencing";
        const scenario: Scenario = {
          version: 1,
          seed: g.seed,
          durationMs: 40_000,
          service: { kind: "redis", ttlMs: g.ttlMs, tokens: tokens ? "incr" : "none" },
          clients: {
            count: g.clients,
            workMs: g.workMs,
            safetyMarginMs: g.marginMs,
            leaseClock: g.leaseClock,
            renewEveryMs: g.renewEveryMs,
            release: g.plainDel ? "delete" : "compare-and-delete",
          },
          workload: { kind: "counter", jobsPerClient: g.jobs },
          storage: { guard: g.guard, fenceReads },
          network: { latencyMs: g.latency, lossRate: g.lossRate },
          faults,
        };
        const builtIn = simulate(scenario);
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
        const code = simulate(scenario, { code: { program } });
        expect(code.events).toEqual(builtIn.events);
        expect(code.facts).toEqual(builtIn.facts);
        expect(code.summary).toEqual(builtIn.summary);
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
      result.events.filter((e) => e.kind === "code-log" || e.kind === "code-error").map((e) => ("text" in e ? e.text : "message" in e ? e.message : "")),
    ).toEqual(["starting", "Error: my bug"]);
  });
});
