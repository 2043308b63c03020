import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateScenario } from "../scenario";
import { beliefsOf, eventsOf, firstOf, grantsTo, named, run, scenario, writesBy } from "../testing";

const oneJob = { kind: "counter", jobsPerClient: 1 } as const;
const advisory = { kind: "postgres", mode: "advisory" } as const;
const forUpdate = { kind: "postgres", mode: "for-update" } as const;
/** The longest a refused client waits before it tries again (clients.retryDelayMs), plus a round trip. */
const retrySlackMs = 300 + 10;

const errorsOf = (input: unknown) => {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
};

describe("postgres: the scenario", () => {
  it("fills the defaults: 30 s TTL on the database's clock, two hours of TCP keepalive, 5,000 ops/s", () => {
    expect(run(scenario({ service: advisory, workload: oneJob })).scenario.service).toEqual({
      kind: "postgres",
      mode: "advisory",
      ttlMs: 30000,
      expiryClock: "db",
      keepaliveMs: 7_200_000,
      capacityOpsPerSec: 5000,
    });
    expect(errorsOf({ version: 1, service: { kind: "postgres" } })).toEqual([
      expect.stringMatching(/^service\.mode: /),
    ]);
  });

  it("refuses fencing with the modes that issue no token, naming the missing token source", () => {
    expect(errorsOf({ version: 1, service: advisory, storage: { guard: "fencing" } })).toEqual([
      'storage.guard: "fencing" needs a fencing token, and postgres advisory locks issue no fencing token (mode "lock-table" has a token column)',
    ]);
    expect(errorsOf({ version: 1, service: forUpdate, storage: { guard: "fencing" } })[0]).toContain("for-update");
    expect(
      errorsOf({ version: 1, service: { kind: "postgres", mode: "lock-table" }, storage: { guard: "fencing" } }),
    ).toEqual([]);
  });
});

describe("postgres advisory locks", () => {
  it("survive a GC pause: there is no TTL, and the session stays up", () => {
    const result = run(named("pg-advisory-pause"));
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBeNull();
    const released = firstOf(result, "lease-end", { client: "c1" })!;
    expect(released).toMatchObject({ reason: "released" });
    expect(released.t).toBeGreaterThan(16000);
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(released.t);
    expect(eventsOf(result, "refused", { proc: "c2" }).length).toBeGreaterThan(10);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2, tokens: [] });
  });

  const crashAt = (host: boolean) =>
    run(
      scenario({
        service: { ...advisory, keepaliveMs: 20000 },
        clients: { count: 2, startMs: [0, 100], workMs: 10000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "c1", atMs: 5000, host }],
      }),
    );

  it("are released at once when the holder's process dies: its connection is reset", () => {
    const result = crashAt(false);
    expect(firstOf(result, "lease-end", { client: "c1" })).toMatchObject({ t: 5000, reason: "connection-lost" });
    expect(grantsTo(result, "c2")[0]!.t - 5000).toBeLessThan(retrySlackMs);
  });

  it("are held until TCP keepalive gives up when the holder's host vanishes", () => {
    const result = crashAt(true);
    expect(firstOf(result, "session", { proc: "pg", client: "c1" })).toMatchObject({
      t: 25000,
      state: "connection-lost",
    });
    expect(firstOf(result, "lease-end", { client: "c1" })).toMatchObject({ t: 25000, reason: "connection-lost" });
    const takeover = grantsTo(result, "c2")[0]!.t;
    expect(takeover).toBeGreaterThan(25000);
    expect(takeover - 25000).toBeLessThan(retrySlackMs);
  });

  it("vanish when the database restarts, and the holder never hears of it: two holders", () => {
    const result = run(
      scenario({
        service: advisory,
        clients: { count: 2, startMs: [0, 100], workMs: 10000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "pg", atMs: 3000, restartAfterMs: 1000 }],
      }),
    );
    expect(firstOf(result, "lease-end", { client: "c1" })).toMatchObject({ t: 3000, reason: "connection-lost" });
    expect(result.summary).toMatchObject({ verdict: "unsafe", maxConcurrentHolders: 2, lostUpdates: 1 });
  });
});

describe("postgres lock table", () => {
  const skewed = run(named("pg-lock-table-skew"));
  const dbClock = run(named("pg-lock-table-db-clock"));

  it("on the clients' clocks, lets a client whose clock runs ahead take a live lock", () => {
    const takeover = grantsTo(skewed, "c2")[0]!;
    expect(takeover.t).toBeGreaterThan(10000);
    expect(takeover.t).toBeLessThan(10000 + retrySlackMs);
    expect(grantsTo(skewed, "c1")[0]).toMatchObject({ endT: takeover.t, endReason: "taken-over" });
    expect(skewed.summary).toMatchObject({ verdict: "unsafe", maxConcurrentHolders: 2, lostUpdates: 1 });
  });

  it("on the database's clock, is immune to the clients' skew", () => {
    const released = firstOf(dbClock, "lease-end", { client: "c1" })!;
    expect(released.reason).toBe("released");
    expect(grantsTo(dbClock, "c2")[0]!.t).toBeGreaterThan(released.t);
    expect(dbClock.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2 });
  });

  it("takes tokens from a sequence that refused attempts consume too: they rise with gaps", () => {
    const refusals = eventsOf(skewed, "refused", { proc: "c2" }).length;
    expect(skewed.summary.tokens).toEqual([1, refusals + 2]);
  });

  it("takes over a row whose expires_at has passed by the database's clock", () => {
    const result = run(
      scenario({
        service: { kind: "postgres", mode: "lock-table", ttlMs: 5000 },
        clients: { count: 2, startMs: [0, 100], workMs: 8000 },
        workload: oneJob,
      }),
    );
    const takeover = grantsTo(result, "c2")[0]!.t;
    expect(takeover).toBeGreaterThan(5000);
    expect(takeover - 5000).toBeLessThan(retrySlackMs);
  });

  it("renews only a row that still carries my token; a holder whose row was taken over is refused", () => {
    const result = run(
      scenario({
        service: { kind: "postgres", mode: "lock-table", ttlMs: 5000, expiryClock: "client" },
        clients: { count: 2, startMs: [0, 100], workMs: 8000, renewEveryMs: 1500 },
        workload: oneJob,
        clocks: { per: { c2: { offsetMs: 4000 } } },
      }),
    );
    const takeover = grantsTo(result, "c2")[0]!.t;
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: takeover, endReason: "taken-over" });
    expect(eventsOf(result, "renew", { proc: "c1" }).map((e) => e.ok)).toEqual([false]);
    expect(beliefsOf(result, "c1")[0]!.endReason).toBe("renewal-refused");
  });

  it("keeps a row alive while its holder renews it in time", () => {
    const result = run(
      scenario({
        service: { kind: "postgres", mode: "lock-table", ttlMs: 5000 },
        clients: { count: 2, startMs: [0, 100], workMs: 8000, renewEveryMs: 1500 },
        workload: oneJob,
      }),
    );
    expect(eventsOf(result, "renew", { proc: "c1" }).every((e) => e.ok)).toBe(true);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2 });
  });
});

describe("postgres SELECT … FOR UPDATE", () => {
  it("holds the row lock through a GC pause: the others wait, and nothing is lost with no guard at all", () => {
    const result = run(
      scenario({
        service: forUpdate,
        clients: { count: 2, startMs: [0, 100], workMs: 2000 },
        workload: oneJob,
        faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 15000 }],
      }),
    );
    expect(firstOf(result, "send", { from: "pg", to: "c2", msg: "ERROR: could not obtain lock on row" })).toBeDefined();
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, lostUpdates: 0, counter: 2 });
  });

  it("rolls a crashed holder's transaction back, so its late write cannot commit", () => {
    const result = run(named("pg-for-update"));
    expect(firstOf(result, "lease-end", { client: "c1" })).toMatchObject({ t: 2500, reason: "connection-lost" });
    expect(grantsTo(result, "c2")[0]!.t - 2500).toBeLessThan(retrySlackMs);
    const late = writesBy(result, "c1")[0]!;
    expect(late.t).toBeGreaterThan(30000);
    expect(late).toMatchObject({
      accepted: false,
      applied: false,
      reason: "its transaction was rolled back when c1's connection was lost at 2.5 s",
    });
    expect(result.summary).toMatchObject({ verdict: "safe", lostUpdates: 0, tokens: [] });
  });

  it("never loses an update with no guard at all, whatever the pauses, partitions, crashes and seed", () => {
    const clients = fc.constantFrom("c1", "c2", "c3");
    const pause = fc.record({
      kind: fc.constant("pause" as const),
      target: clients,
      atMs: fc.integer({ min: 0, max: 25000 }),
      forMs: fc.integer({ min: 1, max: 20000 }),
    });
    const cut = fc.record({
      kind: fc.constant("partition" as const),
      between: fc.tuple(clients, fc.constantFrom("pg", "storage")),
      atMs: fc.integer({ min: 0, max: 25000 }),
      forMs: fc.integer({ min: 1, max: 15000 }),
    });
    const crash = fc.record({
      kind: fc.constant("crash" as const),
      target: clients,
      atMs: fc.integer({ min: 0, max: 25000 }),
      host: fc.boolean(),
      restartAfterMs: fc.integer({ min: 0, max: 5000 }),
    });
    const delay = fc.record({
      kind: fc.constant("delay" as const),
      from: clients,
      to: fc.constant("storage"),
      atMs: fc.integer({ min: 0, max: 20000 }),
      byMs: fc.integer({ min: 1, max: 20000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1000, max: 10000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 0.02),
        fc.array(fc.oneof(pause, cut, crash, delay), { maxLength: 4 }),
        (seed, keepaliveMs, latencyHi, lossRate, faults) => {
          const result = run(
            scenario({
              seed,
              durationMs: 40000,
              service: { ...forUpdate, keepaliveMs },
              clients: { count: 3, workMs: [200, 3000] },
              workload: { kind: "counter", jobsPerClient: 2 },
              network: { latencyMs: [0, latencyHi], lossRate },
              faults,
            }),
          );
          expect(result.summary.lostUpdates).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
