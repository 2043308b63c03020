import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateScenario, type Scenario } from "../scenario";
import { beliefsOf, eventsOf, firstOf, grantsTo, named, run, scenario } from "../testing";

type Part = Omit<Scenario, "version">;
const oneJob = { kind: "counter", jobsPerClient: 1 } as const;
/** A request takes effect when the master has served it: 1 / 2,000 ops per second. */
const serviceMs = 0.5;
/** The longest a refused client waits before it tries again (clients.retryDelayMs), plus a round trip. */
const retrySlackMs = 300 + 10;

describe("chubby: sessions and KeepAlive", () => {
  it("takes the paper's defaults: a 12 s lease, a 60 s lock-delay, a 45 s grace period", () => {
    const s = run(scenario({ service: { kind: "chubby" }, workload: oneJob })).scenario.service;
    expect(s).toEqual({ kind: "chubby", leaseMs: 12000, lockDelayMs: 60000, graceMs: 45000, capacityOpsPerSec: 2000 });
  });

  it("refuses a lock-delay over one minute, naming the field", () => {
    const v = validateScenario({ version: 1, service: { kind: "chubby", lockDelayMs: 61000 } });
    expect(v.ok ? [] : v.errors).toEqual([
      "service.lockDelayMs: must be ≤ 60000 (Chubby bounds the lock-delay at one minute)",
    ]);
  });

  it("sends a KeepAlive every leaseMs / 3 and hands out the lock generation as a sequencer", () => {
    const result = run(
      scenario({
        durationMs: 30000,
        service: { kind: "chubby" },
        clients: { count: 2, workMs: 9000 },
        workload: oneJob,
      }),
    );
    const keepAlives = eventsOf(result, "send", { from: "c1", msg: "KeepAlive" }).map((e) => e.t);
    keepAlives.slice(1).forEach((t, i) => expect(t - keepAlives[i]!).toBeCloseTo(4000, 6));
    expect(result.summary).toMatchObject({ tokens: [1, 2], verdict: "safe", overlapMs: 0 });
  });

  it("moves the client's lease on with each answered KeepAlive, measured from when it was sent", () => {
    const result = run(
      scenario({
        durationMs: 20000,
        service: { kind: "chubby" },
        clients: { count: 1, workMs: 15000, checkBeforeWrite: true },
        workload: oneJob,
      }),
    );
    expect(firstOf(result, "check")).toMatchObject({ ok: true });
    expect(beliefsOf(result, "c1")[0]!.endReason).toBe("released");
  });

  it("imposes no lock-delay after a clean release", () => {
    const result = run(
      scenario({ service: { kind: "chubby" }, clients: { count: 2, startMs: [0, 100] }, workload: oneJob }),
    );
    expect(eventsOf(result, "lock-delay")).toEqual([]);
    const released = firstOf(result, "lease-end", { client: "c1" })!;
    expect(released.reason).toBe("released");
    expect(grantsTo(result, "c2")[0]!.t - released.t).toBeLessThan(retrySlackMs);
  });
});

describe("chubby: a crashed holder and lock-delay", () => {
  const delayed = run(named("chubby-lock-delay"));
  const undelayed = run(named("chubby-no-lock-delay"));

  it("expires the session leaseMs after the last KeepAlive the master received", () => {
    const created = firstOf(delayed, "deliver", { from: "c1", to: "chubby", msg: "CreateSession" })!.t;
    expect(eventsOf(delayed, "deliver", { from: "c1", to: "chubby", msg: "KeepAlive" })).toEqual([]);
    expect(firstOf(delayed, "session", { proc: "chubby", client: "c1", state: "expired" })?.t).toBeCloseTo(
      created + serviceMs + 12000,
      6,
    );
  });

  it("keeps the lock from everyone for lockDelayMs after the holder fails, then lets the next client in", () => {
    const expired = firstOf(delayed, "lease-end", { client: "c1" })!;
    const delay = firstOf(delayed, "lock-delay")!;
    expect(delay.untilT).toBeCloseTo(expired.t + 60000, 6);
    expect(delayed.spans.filter((s) => s.kind === "lock-delay")).toEqual([
      { kind: "lock-delay", lane: "chubby", startT: expired.t, endT: delay.untilT, lock: "lock" },
    ]);
    const takeover = grantsTo(delayed, "c2")[0]!.t;
    expect(takeover).toBeGreaterThanOrEqual(delay.untilT);
    expect(takeover - delay.untilT).toBeLessThan(retrySlackMs);
  });

  it("ends the grant at session expiry: the late write is stale although the lock-delay still blocks others", () => {
    expect(grantsTo(delayed, "c1")[0]).toMatchObject({ endReason: "expired" });
    expect(delayed.summary).toMatchObject({ verdict: "safe", staleWritesAccepted: 1, lostUpdates: 0, counter: 2 });
  });

  it("without lock-delay, lets the next client in at once, and the late write lands on its work", () => {
    const expired = firstOf(undelayed, "lease-end", { client: "c1" })!;
    expect(grantsTo(undelayed, "c2")[0]!.t - expired.t).toBeLessThan(retrySlackMs);
    expect(undelayed.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
    expect(undelayed.violations[0]!.text).toContain("c2's increment was lost");
  });

  it("is not fencing: a write later than the lock-delay still lands, but the sequencer stops it", () => {
    const tooLate = { kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 90000 } as const;
    const crash = { kind: "crash", target: "c1", atMs: 2500, host: true } as const;
    const base: Part = {
      durationMs: 150000,
      service: { kind: "chubby" },
      clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      workload: oneJob,
      faults: [tooLate, crash],
    };
    expect(run(scenario(base)).summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
    const fenced = run(scenario({ ...base, storage: { guard: "fencing" } }));
    expect(fenced.summary).toMatchObject({ verdict: "safe", lostUpdates: 0, staleWritesRejected: 1 });
  });
});

describe("chubby: a holder cut off from the master", () => {
  const result = run(
    scenario({
      durationMs: 90000,
      service: { kind: "chubby", lockDelayMs: 0 },
      clients: { count: 2, startMs: [0, 100], workMs: 30000, checkBeforeWrite: true },
      workload: oneJob,
      faults: [{ kind: "partition", between: ["c1", "chubby"], atMs: 5000, forMs: 60000 }],
    }),
  );

  it("is in jeopardy when its local lease runs out, leaseMs after the last answered KeepAlive was sent: its belief ends", () => {
    const lastAnswered = eventsOf(result, "send", { from: "c1", msg: "KeepAlive" })
      .filter((e) => e.t < 5000)
      .at(-1)!.t;
    const jeopardy = firstOf(result, "session", { proc: "c1", state: "jeopardy" })!;
    expect(jeopardy.t).toBeCloseTo(lastAnswered + 12000, 6);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: jeopardy.t, endReason: "session-lost" });
    expect(firstOf(result, "session", { proc: "c1", state: "expired" })?.t).toBeCloseTo(jeopardy.t + 45000, 6);
  });

  it("stops before the master frees the lock, so nobody overlaps", () => {
    const jeopardy = firstOf(result, "session", { proc: "c1", state: "jeopardy" })!.t;
    const expired = firstOf(result, "session", { proc: "chubby", client: "c1", state: "expired" })!.t;
    expect(jeopardy).toBeLessThan(expired);
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(expired);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0 });
  });
});

describe("chubby-partition, the preset", () => {
  const result = run(named("chubby-partition"));

  it("tells its story: jeopardy just before the master's expiry, lock-delay from there, and the client's own expiry a grace period later", () => {
    const jeopardy = firstOf(result, "session", { proc: "c1", state: "jeopardy" })!.t;
    const expired = firstOf(result, "session", { proc: "chubby", client: "c1", state: "expired" })!.t;
    expect(jeopardy).toBeCloseTo(16_000, -2);
    expect(jeopardy).toBeLessThan(expired);
    expect(firstOf(result, "lock-delay")?.untilT).toBeCloseTo(expired + 60_000, 6);
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThanOrEqual(expired + 60_000);
    expect(firstOf(result, "session", { proc: "c1", state: "expired" })!.t).toBeCloseTo(jeopardy + 45_000, 6);
    expect(firstOf(result, "check", { proc: "c1" })).toMatchObject({ ok: false });
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, writesAccepted: 1 });
  });
});

describe("chubby: a master restart", () => {
  it("keeps sessions and gives each a fresh lease, so a client in jeopardy can become safe again", () => {
    const result = run(
      scenario({
        durationMs: 60000,
        service: { kind: "chubby" },
        clients: { count: 2, startMs: [0, 100], workMs: 25000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "chubby", atMs: 5000, restartAfterMs: 10000 }],
      }),
    );
    expect(eventsOf(result, "session", { proc: "c1" }).map((e) => e.state)).toEqual(["jeopardy", "safe"]);
    expect(eventsOf(result, "lease-end", { client: "c1" }).map((e) => e.reason)).toEqual(["released"]);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2 });
  });
});

describe("chubby: fencing on reads and writes", () => {
  const pause = fc.record({
    target: fc.constantFrom("c1", "c2", "c3"),
    atMs: fc.integer({ min: 0, max: 25000 }),
    forMs: fc.integer({ min: 1, max: 20000 }),
  });
  const cut = fc.record({
    between: fc.tuple(fc.constantFrom("c1", "c2", "c3"), fc.constantFrom("chubby", "storage")),
    atMs: fc.integer({ min: 0, max: 25000 }),
    forMs: fc.integer({ min: 1, max: 15000 }),
  });

  it("never loses an update, whatever the pauses, partitions, latencies, lock-delay and seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 2000, max: 12000 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(pause, { maxLength: 3 }),
        fc.array(cut, { maxLength: 3 }),
        (seed, leaseMs, lockDelayMs, latencyHi, pauses, cuts) => {
          const result = run(
            scenario({
              seed,
              durationMs: 40000,
              service: { kind: "chubby", leaseMs, lockDelayMs, graceMs: 5000 },
              clients: { count: 3, workMs: [200, 3000] },
              workload: { kind: "counter", jobsPerClient: 2 },
              storage: { guard: "fencing", fenceReads: true },
              network: { latencyMs: [0, latencyHi] },
              faults: [
                ...pauses.map((p) => ({ kind: "pause" as const, ...p })),
                ...cuts.map((c) => ({ kind: "partition" as const, ...c })),
              ],
            }),
          );
          expect(result.summary.lostUpdates).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
