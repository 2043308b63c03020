import { describe, expect, it } from "vitest";
import { beliefsOf, eventsOf, firstOf, grantsOf, grantsTo, lastWrite, named, run, scenario } from "../testing";

describe("Redis failover", () => {
  const result = run(named("redis-failover"));

  it("loses c1's key: the replica, 1 s behind, never saw it", () => {
    expect(firstOf(result, "failover")).toMatchObject({ t: 50, proc: "replica" });
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 50, endReason: "failover" });
  });

  it("grants c2 the lock at about 6 s from the promoted replica while c1 still works: two holders", () => {
    const [c2Grant] = grantsTo(result, "c2");
    expect(c2Grant!.by).toBe("replica");
    expect(c2Grant!.t).toBeGreaterThanOrEqual(6000);
    expect(c2Grant!.t).toBeLessThan(6020);
    expect(result.summary.maxConcurrentHolders).toBe(2);
    expect(result.violations.find((v) => v.kind === "overlap")).toMatchObject({ clients: ["c1", "c2"] });
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });
});

describe("INCR tokens across a failover", () => {
  const result = run(named("incr-token-regression"));

  it("hands out token 1 twice: the counter went back with the failover", () => {
    expect(result.summary.tokens).toEqual([1, 1]);
    expect(grantsOf(result).map((g) => [g.client, g.token])).toEqual([
      ["c1", 1],
      ["c2", 1],
    ]);
  });

  it("reports a token-regression violation naming both holders", () => {
    const regression = result.violations.find((v) => v.kind === "token-regression");
    expect(regression).toMatchObject({ clients: ["c1", "c2"], tokens: [1] });
    expect(regression!.t).toBe(grantsTo(result, "c2")[0]!.t);
  });

  it("cannot save c1's increment: storage accepts the equal token", () => {
    expect(lastWrite(result, "c2")).toMatchObject({ token: 1, accepted: true, lostIncrements: 1, overwrote: ["c1"] });
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });
});

describe("a holder's host vanishing", () => {
  const result = run(named("crash-takeover"));

  it("ends c1's belief when it crashes at 5 s", () => {
    expect(firstOf(result, "crash", { proc: "c1" })).toMatchObject({ t: 5000, host: true });
    expect(eventsOf(result, "belief-end", { proc: "c1" })).toMatchObject([{ t: 5000, reason: "crashed" }]);
    expect(beliefsOf(result, "c1")).toMatchObject([{ endT: 5000 }]);
  });

  it("keeps everyone out until the 30 s key expires, then c2's belief starts between 30.0 and 30.4 s", () => {
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endReason: "expired" });
    const [c2Belief] = beliefsOf(result, "c2");
    expect(c2Belief!.startT).toBeGreaterThanOrEqual(30_000);
    expect(c2Belief!.startT).toBeLessThan(30_400);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 1, jobsDone: 1 });
  });
});

describe("releasing with a plain DEL", () => {
  const result = run(named("delete-release"));

  it("deletes c2's key when c1 releases at about 8 s", () => {
    const c1Release = firstOf(result, "release", { proc: "c1" })!;
    const deleted = firstOf(result, "lease-end", { reason: "deleted" })!;
    expect(deleted.client).toBe("c2");
    expect(deleted.t).toBeGreaterThan(c1Release.t);
    expect(deleted.t).toBeLessThan(c1Release.t + 20);
    expect(c1Release.t).toBeGreaterThan(8000);
  });

  it("lets c3 take the lock while c2 still believes it holds it: two holders", () => {
    const [c3Grant] = grantsTo(result, "c3");
    const [c2Belief] = beliefsOf(result, "c2");
    expect(c3Grant!.t).toBeGreaterThan(firstOf(result, "lease-end", { reason: "deleted" })!.t);
    expect(c3Grant!.t).toBeLessThan(c2Belief!.endT);
    expect(result.violations.find((v) => v.kind === "overlap")).toMatchObject({ clients: ["c2", "c3"] });
  });

  it("does not delete anyone else's key with compare-and-delete", () => {
    const safe = run(named("delete-release", { clients: { release: "compare-and-delete" } }));
    expect(eventsOf(safe, "lease-end", { reason: "deleted" })).toEqual([]);
  });
});

describe("the Redis node's clock jumping forward", () => {
  const result = run(named("redis-clock-jump"));

  it("expires c1's 10 s key at 3 s, the moment of the jump", () => {
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 3000, endReason: "expired" });
  });

  it("lets c2 take the lock at about 3 s while c1's own clock says it has 7 s left", () => {
    const [c2Grant] = grantsTo(result, "c2");
    expect(c2Grant!.t).toBeGreaterThan(3000);
    expect(c2Grant!.t).toBeLessThan(3400);
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(10_000);
    expect(result.summary.maxConcurrentHolders).toBe(2);
  });
});

describe("a Redis restart without persistence", () => {
  it("forgets the key, so the next client to ask gets the lock while the holder still works", () => {
    const result = run(
      named("crash-takeover", { faults: [{ kind: "crash", target: "redis", atMs: 5000, restartAfterMs: 500 }] }),
    );
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 5500, endReason: "restart" });
    const [c2Grant] = grantsTo(result, "c2");
    expect(c2Grant!.t).toBeGreaterThan(5500);
    expect(eventsOf(result, "refused", { proc: "c2", reason: "held" }).filter((e) => e.t > 5500)).toEqual([]);
    expect(c2Grant!.t).toBeLessThan(lastWrite(result, "c1")!.t);
    expect(result.summary.maxConcurrentHolders).toBe(2);
  });
});

describe("Redis failover without lag, or without a replica", () => {
  it("keeps the lock when the replica had every write: c2 waits for c1", () => {
    const result = run(named("redis-failover", { service: { replica: { lagMs: 0 } } }));
    expect(firstOf(result, "failover")).toMatchObject({ proc: "replica", lostAfterMs: 50 });
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endReason: "released" });
    expect(grantsTo(result, "c2")[0]).toMatchObject({ by: "replica" });
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2 });
  });

  it("restarts the lone primary empty, counter included, so the next token repeats", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 30_000, tokens: "incr" },
        clients: { count: 2, startMs: [0, 6000], workMs: 10_000 },
        faults: [{ kind: "failover", atMs: 50 }],
      }),
    );
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 50, endReason: "failover" });
    expect(result.summary.tokens).toEqual([1, 1]);
    expect(result.summary.maxConcurrentHolders).toBe(2);
  });
});

describe("Redis expiry and the node's clock", () => {
  it("is not moved by a constant offset: a TTL measured on one clock does not care", () => {
    const plain = grantsTo(run(named("crash-takeover")), "c1")[0]!;
    const offset = grantsTo(
      run(named("crash-takeover", { clocks: { per: { redis: { offsetMs: 3_600_000 } } } })),
      "c1",
    )[0]!;
    expect(offset.endT).toBeCloseTo(plain.endT!, 6);
  });

  it("comes early when the node's clock runs fast: 10% drift ends a 30 s key after about 27.3 s", () => {
    const result = run(named("crash-takeover", { clocks: { per: { redis: { driftPpm: 100_000 } } } }));
    const [grant] = grantsTo(result, "c1");
    expect(grant!.endReason).toBe("expired");
    expect(grant!.endT! - grant!.t).toBeCloseTo(30_000 / 1.1, 3);
  });
});

describe("redis: a failover at Sentinel's pace", () => {
  // The primary dies 50 ms after granting c1 the lock, before the key reached the replica.
  const failover = (promoteAfterMs?: number) =>
    run(
      scenario({
        durationMs: 90000,
        service: { kind: "redis", ttlMs: 30000, replica: { lagMs: 1000 } },
        clients: { count: 2, startMs: [0, 6000], workMs: 40000 },
        workload: { kind: "counter", jobsPerClient: 1 },
        faults: [{ kind: "failover", atMs: 50, ...(promoteAfterMs === undefined ? {} : { promoteAfterMs }) }],
      }),
    );

  it("promotes at once by default, as before: the replica grants c2 the lock while c1 works", () => {
    const instant = failover();
    expect(instant.scenario.faults[0]).toMatchObject({ kind: "failover", promoteAfterMs: 0 });
    expect(firstOf(instant, "failover")).toMatchObject({ t: 50, downMs: 0 });
    expect(grantsTo(instant, "c2")[0]!.t).toBeLessThan(7000);
  });

  it("lets nobody take the lock while the primary is down, and promotes the replica promoteAfterMs later", () => {
    const sentinel = failover(31000);
    expect(firstOf(sentinel, "failover")).toMatchObject({ t: 31050, proc: "replica", downMs: 31000 });
    expect(grantsTo(sentinel, "c2")[0]!.t).toBeGreaterThan(31050);
    expect(eventsOf(sentinel, "refused", { proc: "c2" }).every((e) => e.reason === "unavailable")).toBe(true);
    // The double grant is what is left of c1's 30 s lease and 40 s of work after the promotion.
    expect(sentinel.summary.overlapMs).toBeLessThan(failover().summary.overlapMs);
  });
});
