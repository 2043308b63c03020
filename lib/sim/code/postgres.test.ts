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
  storageKnobs,
  twoClients,
} from "./testClients";
import type { ClientApi, ClientProgram, Step, Task } from "./api";

type Mode = "advisory" | "for-update" | "lock-table";

interface Settings {
  mode: Mode;
  ttlMs: number;
  marginMs: number;
  leaseClock: "wall" | "monotonic";
  retry: [number, number];
  renewEveryMs: number | null;
  /** Lock table: "client" computes `now` and `expires_at` from the client's own wall clock. */
  expiryClock: "db" | "client";
  fenceReads: boolean;
}

/**
 * The built-in client (client.ts with postgres.ts's driver) written again as a learner would,
 * against the code API only, for each way of locking: an advisory lock or a row locked FOR
 * UPDATE NOWAIT, held as long as the session or transaction (no deadline, no renewal), or a row in
 * a lock table with a token and an expiry, renewed in the background and deleted by token.
 */
function builtInAgain(s: Settings): ClientProgram {
  return function* client(api: ClientApi): Generator<Step<unknown>, void, unknown> {
    const { postgres: pg, belief, clock } = api;
    const read = () => (s.leaseClock === "wall" ? clock.wall() : clock.monotonic());
    const retryDelay = () => s.retry[0] + (s.retry[1] - s.retry[0]) * api.random();
    const clientClock = s.expiryClock === "client";

    /** One try: the lock's token (null if it has none), "held" or "unavailable". */
    function* tryLock(): Generator<Step<unknown>, { token: number | null } | "held" | "unavailable", unknown> {
      try {
        if (s.mode === "advisory") {
          const r = (yield pg.query(pg.sql.TRY_ADVISORY_LOCK, ["lock"])) as { rows: { locked: boolean }[] };
          return r.rows[0]?.locked ? { token: null } : "held";
        }
        if (s.mode === "for-update") {
          yield pg.query(pg.sql.SELECT_FOR_UPDATE_NOWAIT, ["lock"]);
          return { token: null };
        }
        const sentAt = read();
        const r = (yield clientClock
          ? pg.query(pg.sql.INSERT_LOCK_CLIENT_CLOCK, ["lock", s.ttlMs, clock.wall()])
          : pg.query(pg.sql.INSERT_LOCK, ["lock", s.ttlMs])) as { rows: { token: number }[] };
        const [row] = r.rows;
        if (!row) return "held";
        belief.until(s.leaseClock, sentAt + s.ttlMs - s.marginMs);
        return { token: row.token };
      } catch (error) {
        // NOWAIT on a locked row is a refusal; a timeout or a reset connection means no answer.
        return (error as { code?: string }).code === "55P03" ? "held" : "unavailable";
      }
    }

    function* renewal(token: number, every: number): Generator<Step<unknown>, void, unknown> {
      for (;;) {
        yield api.sleep(every);
        if (!belief.holds) return;
        const sentAt = read();
        let r: { rowCount: number };
        try {
          r = (yield clientClock
            ? pg.query(pg.sql.UPDATE_EXPIRY_CLIENT_CLOCK, ["lock", token, s.ttlMs, clock.wall()])
            : pg.query(pg.sql.UPDATE_EXPIRY, ["lock", token, s.ttlMs])) as { rowCount: number };
        } catch {
          continue;
        }
        if (!belief.holds) return;
        if (r.rowCount === 1) belief.until(s.leaseClock, sentAt + s.ttlMs - s.marginMs);
        else return belief.end("renewal-refused");
      }
    }

    for (let n = 0; n < api.jobs; n++) {
      for (;;) {
        let got: { token: number | null } | "held" | "unavailable";
        while ((got = yield* tryLock()) === "held") yield api.sleep(retryDelay());
        if (got === "unavailable") {
          yield api.sleep(retryDelay());
          continue;
        }
        const token = got.token ?? undefined;
        const renewer: Task | null =
          s.mode === "lock-table" && s.renewEveryMs !== null ? api.spawn(renewal(token!, s.renewEveryMs)) : null;
        const done = yield* counterJob(api, n, { token, fenceRead: s.fenceReads });
        renewer?.cancel();
        if (s.mode === "advisory") yield pg.query(pg.sql.ADVISORY_UNLOCK, ["lock"]);
        else if (s.mode === "for-update") yield pg.query(pg.sql.COMMIT);
        else yield pg.query(pg.sql.DELETE_LOCK, ["lock", token!]);
        if (done) break;
        yield api.sleep(retryDelay());
      }
    }
  };
}

const settingsFor = (mode: Mode, more: Partial<Settings> = {}): Settings => ({
  mode,
  ttlMs: 30_000,
  marginMs: 0,
  leaseClock: "wall",
  retry: [100, 300],
  renewEveryMs: null,
  expiryClock: "db",
  fenceReads: false,
  ...more,
});

const paused = (service: Scenario["service"]): Scenario => ({
  ...twoClients(service),
  seed: 11,
  faults: [{ kind: "pause", target: "c1", atMs: 1_000, forMs: 8_000 }],
});

describe("a learner's PostgreSQL client written against the code API", () => {
  it.each([
    ["an advisory lock outlasts the pause: safe", { kind: "postgres", mode: "advisory" } as const, "safe"],
    ["a row locked FOR UPDATE outlasts the pause: safe", { kind: "postgres", mode: "for-update" } as const, "safe"],
    [
      "a lock-table row expires during the pause: another client takes it, and an update is lost",
      { kind: "postgres", mode: "lock-table", ttlMs: 5_000 } as const,
      "unsafe",
    ],
  ])("runs the built-in client's steps exactly: %s", (_, service, verdict) => {
    const scenario = paused(service);
    const builtIn = expectSameRun(
      scenario,
      builtInAgain(settingsFor(service.mode, { ttlMs: "ttlMs" in service ? service.ttlMs : 30_000 })),
    );
    expect(builtIn.summary.verdict).toBe(verdict);
  });

  it("runs the built-in client's renewals exactly: the database's clock jumps, c2 takes the row, and c1's UPDATE finds no row of its token", () => {
    const scenario: Scenario = {
      version: 1,
      seed: 2,
      durationMs: 30_000,
      service: { kind: "postgres", mode: "lock-table", ttlMs: 5_000 },
      clients: { count: 2, startMs: [0, 100], workMs: 8_000, renewEveryMs: 1_000 },
      workload: { kind: "counter", jobsPerClient: 1 },
      faults: [{ kind: "clock-jump", target: "pg", atMs: 2_500, byMs: 10_000 }],
    };
    const builtIn = simulate(scenario);
    const code = simulate(scenario, {
      code: { program: builtInAgain(settingsFor("lock-table", { ttlMs: 5_000, renewEveryMs: 1_000 })) },
    });
    expect(builtIn.events.filter((e) => e.kind === "renew" && e.proc === "c1").map((e) => "ok" in e && e.ok)).toEqual([
      true,
      true,
      false,
    ]);
    expect(
      builtIn.events.some((e) => e.kind === "belief-end" && e.proc === "c1" && e.reason === "renewal-refused"),
    ).toBe(true);
    expect(code.events).toEqual(builtIn.events);
    expect(code.summary).toEqual(builtIn.summary);
  });

  it("is faithful on generated scenarios: the same events, facts and summary as the built-in client", () => {
    const settings = fc.record({
      ...knobs,
      ...storageKnobs,
      mode: fc.constantFrom("advisory" as const, "for-update" as const, "lock-table" as const),
      expiryClock: fc.constantFrom("db" as const, "client" as const),
      keepaliveMs: fc.integer({ min: 1_000, max: 20_000 }),
      ttlMs: fc.integer({ min: 500, max: 8_000 }),
      renewEveryMs,
      skewMs: fc.constantFrom(0, 0, 3_000),
      faults: faults(
        pause(),
        clockJump(["pg"]),
        partition(fc.tuple(fc.constantFrom("c1", "c2"), fc.constant("pg")), 6_000),
        delay(["storage", "pg"]),
        // The database restarts: advisory locks and open transactions are gone, every connection is reset.
        crash(fc.constant("pg"), 5_000),
      ),
    });
    fc.assert(
      fc.property(settings, (g) => {
        // Only the lock table has a token to fence with.
        const guard = g.guard === "fencing" && g.mode !== "lock-table" ? "none" : g.guard;
        const fenceReads = g.fenceReads && guard === "fencing";
        // Client crashes are left out: a restarted program would number its jobs from 0 again (see forClients).
        const scenario: Scenario = {
          ...scenarioOf(
            g,
            { kind: "postgres", mode: g.mode, ttlMs: g.ttlMs, expiryClock: g.expiryClock, keepaliveMs: g.keepaliveMs },
            { renewEveryMs: g.renewEveryMs },
          ),
          storage: { guard, fenceReads },
          clocks: { skewMs: g.skewMs },
        };
        const program = builtInAgain({
          mode: g.mode,
          ttlMs: g.ttlMs,
          marginMs: g.marginMs,
          leaseClock: g.leaseClock,
          retry: [100, 300],
          renewEveryMs: g.renewEveryMs,
          expiryClock: g.expiryClock,
          fenceReads,
        });
        expectSameRun(scenario, program);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a buggy learner's PostgreSQL client", () => {
  // c2's wall clock is 20 s ahead: by its clock, c1's 30 s row has expired 10 s early.
  const skewed = (expiryClock: "db" | "client"): Scenario => ({
    version: 1,
    seed: 5,
    durationMs: 40_000,
    service: { kind: "postgres", mode: "lock-table", expiryClock },
    clients: { count: 2, startMs: [0, 100], workMs: 15_000 },
    workload: { kind: "counter", jobsPerClient: 1 },
    clocks: { per: { c2: { offsetMs: 20_000 } } },
  });

  it("times the lock table's expiry by its own clock: a client whose clock runs ahead takes a live lock", () => {
    const careful = simulate(skewed("db"), { code: { program: builtInAgain(settingsFor("lock-table")) } });
    const buggy = simulate(skewed("db"), {
      code: { program: builtInAgain(settingsFor("lock-table", { expiryClock: "client" })) },
    });
    expect(careful.summary).toMatchObject({ verdict: "safe", maxConcurrentHolders: 1, counter: 2 });
    expect(buggy.summary).toMatchObject({ verdict: "unsafe", maxConcurrentHolders: 2, lostUpdates: 1 });
    // The same run as the built-in client that judges expiry by the clients' clocks.
    expect(buggy.events).toEqual(simulate(skewed("client")).events);
  });

  it("is told which statements this level's database is set up for", () => {
    const result = simulate(paused({ kind: "postgres", mode: "advisory" }), {
      code: {
        program: function* (api) {
          yield api.postgres.query(api.postgres.sql.INSERT_LOCK, ["lock", 1_000]);
        },
      },
    });
    const error = result.events.find((e) => e.kind === "code-error");
    expect(error).toMatchObject({
      message: expect.stringContaining("set up for advisory locks (TRY_ADVISORY_LOCK, ADVISORY_UNLOCK)"),
    });
  });
});
