import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateScenario } from "../scenario";
import { beliefsOf, eventsOf, firstOf, grantsOf, grantsTo, named, run, scenario, writesBy } from "../testing";

const zookeeper = { kind: "zookeeper", sessionTimeoutMs: 10000 } as const;
const oneJob = { kind: "counter", jobsPerClient: 1 } as const;
/** A request takes effect when the leader has served it: 1 / 10,000 ops per second. */
const serviceMs = 0.1;

/** The last message c1's library heard from the ensemble before `t`. */
const lastHeardBefore = (result: ReturnType<typeof run>, client: string, t: number) =>
  eventsOf(result, "deliver", { to: client, from: "z1" })
    .filter((e) => e.t < t)
    .at(-1)!.t;

describe("zookeeper: the lock recipe", () => {
  const queue = run(
    scenario({
      service: zookeeper,
      clients: { count: 5, startMs: [0, 100, 200, 300, 400], workMs: 1000 },
      workload: oneJob,
    }),
  );

  it("grants the lowest znode first, in the order the clients queued", () => {
    expect(grantsOf(queue).map((g) => g.client)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(queue.summary).toMatchObject({ verdict: "safe", counter: 5, overlapMs: 0, maxConcurrentHolders: 1 });
  });

  it("wakes exactly one waiter per release: each waiter watches only its predecessor", () => {
    const notifications = eventsOf(queue, "send", { msg: "watch: NodeDeleted" });
    expect(notifications.map((n) => n.to)).toEqual(["c2", "c3", "c4", "c5"]);
    for (const release of eventsOf(queue, "lease-end", { reason: "released" })) {
      expect(notifications.filter((n) => n.t === release.t).length).toBeLessThanOrEqual(1);
    }
  });

  it("uses the znode's sequence number as the token: it rises with every create and delete, so with gaps", () => {
    expect(queue.summary.tokens).toEqual([0, 1, 2, 3, 4]);
    const again = run(
      scenario({
        service: zookeeper,
        clients: { count: 2, workMs: 500 },
        workload: { kind: "counter", jobsPerClient: 3 },
      }),
    );
    const tokens = again.summary.tokens;
    expect(tokens.every((t, i) => i === 0 || t > tokens[i - 1]!)).toBe(true);
    expect(tokens.some((t, i) => i > 0 && t - tokens[i - 1]! > 1)).toBe(true);
  });

  it("keeps the session alive with a heartbeat every timeout / 3", () => {
    const idle = run(
      scenario({ durationMs: 20000, service: zookeeper, clients: { count: 1, workMs: 15000 }, workload: oneJob }),
    );
    const pings = eventsOf(idle, "send", { from: "c1", msg: "ping" }).map((e) => e.t);
    expect(pings.length).toBeGreaterThanOrEqual(4);
    pings.slice(1).forEach((t, i) => expect(t - pings[i]!).toBeCloseTo(10000 / 3, 6));
    expect(eventsOf(idle, "session")).toEqual([]);
  });

  it("takes its defaults and capacity from the scenario schema, with three members z1..z3", () => {
    const s = run(scenario({ service: zookeeper, workload: oneJob })).scenario.service;
    expect(s).toEqual({ kind: "zookeeper", sessionTimeoutMs: 10000, members: 3, capacityOpsPerSec: 10_000 });
    const fenced = validateScenario(scenario({ service: zookeeper, storage: { guard: "fencing", fenceReads: true } }));
    expect(fenced.ok).toBe(true);
  });
});

describe("zookeeper: the session timeout is the ensemble's to bound", () => {
  it.each([
    [1000, 4000, "below ZooKeeper's minimum"],
    [60000, 40000, "above ZooKeeper's maximum"],
  ])("negotiates %i ms to %i ms, with a warning", (asked, negotiated, why) => {
    const result = run(scenario({ service: { kind: "zookeeper", sessionTimeoutMs: asked }, workload: oneJob }));
    expect(result.scenario.service).toMatchObject({ sessionTimeoutMs: negotiated });
    expect(result.warnings.join("\n")).toContain(`service.sessionTimeoutMs ${asked} is ${why}`);
  });

  it("requires a session timeout, and refuses unknown fields by path", () => {
    const missing = validateScenario({ version: 1, service: { kind: "zookeeper" } });
    expect(missing.ok ? [] : missing.errors).toContain("service.sessionTimeoutMs: is required");
    const unknown = validateScenario({
      version: 1,
      service: { kind: "zookeeper", sessionTimeoutMs: 5000, ttlMs: 5000 },
    });
    expect(unknown.ok ? [] : unknown.errors).toContain("service.ttlMs: unknown field");
  });
});

describe("zookeeper: a holder cut off from the ensemble", () => {
  const result = run(named("zk-partition"));

  it("sees Disconnected ⅔ of the timeout after it last heard from the ensemble, and its belief ends there", () => {
    const disconnected = firstOf(result, "session", { proc: "c1", state: "disconnected" })!;
    expect(disconnected.t).toBeCloseTo(lastHeardBefore(result, "c1", 5000) + 20000 / 3, 6);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: disconnected.t, endReason: "session-lost" });
  });

  it("stops: its check before writing fails, so it never writes under the old session", () => {
    expect(firstOf(result, "check", { proc: "c1" })).toMatchObject({ ok: false });
    expect(firstOf(result, "attempt-abort", { proc: "c1" })?.reason).toBe(
      "it had already stopped believing it holds the lock",
    );
    expect(grantsTo(result, "c1")[0]!.endReason).toBe("expired");
    expect(result.summary.staleWritesAccepted + result.summary.staleWritesRejected).toBe(0);
  });

  it("loses the lock when the ensemble expires the session, a whole timeout after its last heartbeat arrived", () => {
    const lastPing = eventsOf(result, "deliver", { from: "c1", to: "z1" })
      .filter((e) => e.t < 5000)
      .at(-1)!.t;
    const expired = firstOf(result, "session", { proc: "z1", state: "expired" })!;
    expect(expired.t).toBeCloseTo(lastPing + serviceMs + 10000, 6);
    const next = grantsTo(result, "c2")[0]!;
    expect(next.t).toBeGreaterThan(expired.t);
    expect(next.t - expired.t).toBeLessThan(20);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, maxConcurrentHolders: 1, counter: 2 });
  });

  it("learns that its session Expired only when the partition heals and it hears from the ensemble", () => {
    const expired = firstOf(result, "session", { proc: "c1", state: "expired" })!;
    expect(expired.t).toBeGreaterThan(25000);
  });
});

describe("zookeeper: a paused holder", () => {
  const result = run(named("zk-pause-fenced"));

  it("notices neither Disconnected nor Expired while paused: its timers are frozen", () => {
    const during = eventsOf(result, "session", { proc: "c1" }).filter((e) => e.t < 25000);
    expect(during).toEqual([]);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 25000, endReason: "session-lost" });
    expect(eventsOf(result, "session", { proc: "c1" }).map((e) => e.state)).toEqual(["disconnected", "expired"]);
  });

  it("believes past its session, but the fence rejects its late write by sequence number", () => {
    expect(result.summary.overlapMs).toBeGreaterThan(0);
    const late = writesBy(result, "c1")[0]!;
    expect(late.t).toBeGreaterThan(25000);
    expect(late).toMatchObject({ accepted: false, rejection: { by: "fencing", token: 0, seen: 1 } });
    expect(result.summary).toMatchObject({ verdict: "safe", lostUpdates: 0, counter: 2 });
  });
});

describe("zookeeper: when the next client can take over after a crash", () => {
  it("is the last heartbeat the ensemble received plus the session timeout", () => {
    const result = run(
      scenario({
        service: zookeeper,
        clients: { count: 2, startMs: [0, 100], workMs: 20000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
      }),
    );
    const lastContact = eventsOf(result, "deliver", { from: "c1", to: "z1" }).at(-1)!.t;
    const takeover = grantsTo(result, "c2")[0]!.t;
    expect(takeover).toBeGreaterThanOrEqual(lastContact + 10000);
    expect(takeover - (lastContact + 10000)).toBeLessThan(20);
  });

  it("is never early when the leader crashes: the new leader gives every session a fresh timeout", () => {
    const result = run(
      scenario({
        durationMs: 60000,
        service: zookeeper,
        clients: { count: 2, startMs: [0, 100], workMs: 20000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "z1", atMs: 3000 }],
      }),
    );
    expect(firstOf(result, "leader-change")).toMatchObject({ proc: "z2", t: 13000 });
    expect(eventsOf(result, "lease-end", { reason: "expired" })).toEqual([]);
    expect(eventsOf(result, "session", { proc: "c1" }).map((e) => e.state)).toEqual(["disconnected", "reconnected"]);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2 });
  });
});

describe("zookeeper: fencing on reads and writes", () => {
  const pause = fc.record({
    target: fc.constantFrom("c1", "c2", "c3"),
    atMs: fc.integer({ min: 0, max: 25000 }),
    forMs: fc.integer({ min: 1, max: 20000 }),
  });
  const cut = fc.record({
    between: fc.tuple(fc.constantFrom("c1", "c2", "c3"), fc.constantFrom("z1", "z2", "z3", "storage")),
    atMs: fc.integer({ min: 0, max: 25000 }),
    forMs: fc.integer({ min: 1, max: 15000 }),
  });

  it("never loses an update, whatever the pauses, partitions, latencies and seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 4000, max: 15000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(pause, { maxLength: 3 }),
        fc.array(cut, { maxLength: 3 }),
        (seed, sessionTimeoutMs, latencyHi, pauses, cuts) => {
          const result = run(
            scenario({
              seed,
              durationMs: 40000,
              service: { kind: "zookeeper", sessionTimeoutMs },
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
      { numRuns: 40 },
    );
  });
});
