import { describe, expect, it } from "vitest";
import { beliefsOf, eventsOf, firstOf, grantsTo, lastWrite, named, run, scenario, writesBy } from "../testing";

describe("etcd: the holder crashes", () => {
  const result = run(named("etcd-crash-takeover"));
  const ttl = 10_000;
  const crash = firstOf(result, "crash", { proc: "c1" })!;
  const lastKeepAlive = eventsOf(result, "deliver", { from: "c1", to: "e1", msg: "KeepAlive" }).at(-1)!;

  it("stops c1's keep-alives when its host vanishes at 5 s", () => {
    expect(crash.t).toBe(5000);
    expect(lastKeepAlive.t).toBeLessThan(crash.t);
    expect(eventsOf(result, "send", { from: "c1" }).filter((e) => e.t > crash.t)).toEqual([]);
  });

  it("revokes c1's lease at the first 500 ms sweep after its last keep-alive + TTL", () => {
    const [c1Grant] = grantsTo(result, "c1");
    expect(c1Grant!.endReason).toBe("expired");
    expect(c1Grant!.endT).toBeGreaterThanOrEqual(lastKeepAlive.t + ttl);
    expect(c1Grant!.endT).toBeLessThanOrEqual(lastKeepAlive.t + ttl + 500);
    expect(c1Grant!.endT! % 500).toBe(0);
  });

  it("grants c2 after c1's last keep-alive + TTL, within the 500 ms sweep and a few ms of messages", () => {
    const [c2Grant] = grantsTo(result, "c2");
    expect(c2Grant!.t).toBeGreaterThanOrEqual(lastKeepAlive.t + ttl);
    expect(c2Grant!.t).toBeLessThanOrEqual(lastKeepAlive.t + ttl + 500 + 20);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 1 });
  });

  it("wakes c2 through its watch on the key just before its own", () => {
    const [c1Grant] = grantsTo(result, "c1");
    expect(firstOf(result, "send", { msg: "watch: predecessor deleted" })).toMatchObject({
      from: "e1",
      to: "c2",
      t: c1Grant!.endT,
    });
  });

  it("uses create revisions as tokens: c2's is higher than c1's", () => {
    const [t1, t2] = result.summary.tokens;
    expect(t2).toBeGreaterThan(t1!);
  });
});

describe("etcd: waiters form a queue", () => {
  const result = run(
    scenario({ service: { kind: "etcd", ttlMs: 10_000 }, clients: { count: 3, startMs: [0, 100, 200], workMs: 1000 } }),
  );

  it("grants the lock in the order clients joined the queue", () => {
    expect(eventsOf(result, "grant").map((g) => g.client)).toEqual(["c1", "c2", "c3"]);
  });

  it("wakes only the next waiter when a holder releases (no herd)", () => {
    expect(eventsOf(result, "send", { msg: "watch: predecessor deleted" }).map((e) => e.to)).toEqual(["c2", "c3"]);
  });

  it("gives tokens that rise but skip, as deletes consume revisions", () => {
    const tokens = result.summary.tokens;
    expect(tokens).toHaveLength(3);
    for (let i = 1; i < tokens.length; i++) expect(tokens[i]).toBeGreaterThan(tokens[i - 1]!);
    const etcdFenced = run(named("etcd-fenced")).summary.tokens;
    for (let i = 1; i < etcdFenced.length; i++) expect(etcdFenced[i]).toBeGreaterThan(etcdFenced[i - 1]!);
    expect(etcdFenced.some((t, i) => i > 0 && t > etcdFenced[i - 1]! + 1)).toBe(true);
  });
});

describe("etcd and a paused client without fencing", () => {
  const result = run(named("etcd-pause-unfenced"));
  const pauseEnd = firstOf(result, "pause-end", { proc: "c1" })!;

  it("revokes c1's lease on time and grants c2", () => {
    const [c1Grant] = grantsTo(result, "c1");
    expect(c1Grant!.endReason).toBe("expired");
    expect(c1Grant!.endT).toBeLessThan(11_000);
    expect(grantsTo(result, "c2")[0]!.t).toBeLessThan(11_100);
  });

  it("lets c1 learn at its first overdue keep-alive, on waking, that its lease is gone", () => {
    expect(firstOf(result, "send", { from: "c1", msg: "KeepAlive" })).toMatchObject({ t: pauseEnd.t });
    expect(firstOf(result, "send", { from: "e1", to: "c1", msg: "lease not found" })).toBeDefined();
  });

  it("still lets c1's late write land: consensus does not help without a token check", () => {
    expect(lastWrite(result, "c1")).toMatchObject({ accepted: true, lostIncrements: 1 });
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });
});

describe("etcd and a write delayed 90 s in the network", () => {
  const result = run(named("delayed-write"));

  it("delivers c1's write 90 s after it was sent (about 92 s), and storage rejects it by revision", () => {
    const sent = firstOf(result, "send", { from: "c1", to: "storage", msg: "write" })!;
    const [late] = writesBy(result, "c1");
    expect(late!.t - sent.t).toBeGreaterThanOrEqual(90_000 + 1);
    expect(late!.t - sent.t).toBeLessThanOrEqual(90_000 + 5);
    expect(late!.t).toBeGreaterThan(91_000);
    const [t1, t2] = result.summary.tokens;
    expect(late).toMatchObject({ accepted: false, token: t1, rejection: { by: "fencing", token: t1, seen: t2 } });
  });

  it("has c2 write long before, and nothing is lost", () => {
    expect(lastWrite(result, "c2")!.t).toBeLessThan(20_000);
    expect(result.summary).toMatchObject({ verdict: "safe", counter: 1, staleWritesRejected: 1 });
  });
});

describe("etcd losing its quorum", () => {
  const result = run(named("etcd-quorum-loss"));
  const lost = 5000;
  const leaderChange = firstOf(result, "leader-change")!;
  const during = <T extends { t: number }>(events: T[]) => events.filter((e) => e.t >= lost && e.t < leaderChange.t);

  it("elects a leader again one election timeout after the members come back", () => {
    expect(leaderChange.t).toBe(15_000 + 1000);
    expect(leaderChange.term).toBe(2);
  });

  it("expires no lease while the quorum is lost", () => {
    expect(during(eventsOf(result, "lease-end", { reason: "expired" }))).toEqual([]);
  });

  it("commits nothing while the quorum is lost: no grant", () => {
    expect(during(eventsOf(result, "grant"))).toEqual([]);
  });

  it("makes clients time out and, failing closed, wait instead of working unprotected", () => {
    expect(during(eventsOf(result, "timeout")).length).toBeGreaterThan(5);
    expect(during(eventsOf(result, "refused", { reason: "unavailable" })).length).toBeGreaterThan(0);
    // Only the job that held the lock when the quorum went finishes; nothing new starts.
    const grantedBefore = new Set(
      eventsOf(result, "grant")
        .filter((g) => g.t < lost)
        .map((g) => g.grant),
    );
    const writes = during(eventsOf(result, "write"));
    expect(writes.every((w) => w.grant !== null && grantedBefore.has(w.grant))).toBe(true);
    expect(during(eventsOf(result, "belief-start"))).toEqual([]);
    expect(result.summary.timeouts).toBe(eventsOf(result, "timeout").length);
    expect(result.summary).toMatchObject({ verdict: "safe", lostUpdates: 0 });
  });
});

describe("etcd leader change", () => {
  it("refreshes every lease, so expiry can come late but never early", () => {
    // c1 pauses holding a 6 s lease; e1 is cut off and e2 takes over at 4 s with the lease refreshed.
    const result = run(
      scenario({
        durationMs: 30_000,
        service: { kind: "etcd", ttlMs: 6000 },
        clients: { count: 2, startMs: [0, 100], workMs: 20_000 },
        faults: [
          { kind: "pause", target: "c1", atMs: 1000, forMs: 25_000 },
          { kind: "isolate", target: "e1", atMs: 3000, forMs: 20_000 },
        ],
      }),
    );
    const leaderChange = firstOf(result, "leader-change")!;
    expect(leaderChange).toMatchObject({ t: 4000, proc: "e2" });
    const [c1Grant] = grantsTo(result, "c1");
    expect(c1Grant).toMatchObject({ endReason: "expired", by: "e1" });
    expect(firstOf(result, "lease-end", { client: "c1" })).toMatchObject({ proc: "e2" });
    expect(c1Grant!.endT).toBeGreaterThanOrEqual(leaderChange.t + 6000);
    expect(beliefsOf(result, "c2")[0]!.startT).toBeGreaterThan(c1Grant!.endT!);
  });
});

describe("etcd's expiry clock", () => {
  it("is the leader's monotonic clock, which a wall-clock jump does not move", () => {
    const plain = grantsTo(run(named("etcd-crash-takeover")), "c1")[0]!;
    const jumped = run(
      named("etcd-crash-takeover", {
        faults: [
          { kind: "crash", target: "c1", atMs: 5000, host: true },
          { kind: "clock-jump", target: "e1", atMs: 6000, byMs: 20_000 },
        ],
      }),
    );
    expect(grantsTo(jumped, "c1")[0]).toMatchObject({ endT: plain.endT, endReason: "expired" });
  });
});

describe("etcd's settings", () => {
  it("runs with the TTL raised to etcd's minimum, and says so", () => {
    const result = run(scenario({ service: { kind: "etcd", ttlMs: 1000 } }));
    expect(result.scenario.service).toMatchObject({ ttlMs: 2000 });
    expect(result.warnings).toEqual([expect.stringMatching(/raised to 2000/)]);
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(2000);
  });

  it("ignores client renewals, keeping the lease alive by KeepAlive every TTL/3 instead", () => {
    const result = run(
      scenario({ service: { kind: "etcd", ttlMs: 3000 }, clients: { count: 1, workMs: 5000, renewEveryMs: 500 } }),
    );
    expect(result.warnings).toEqual([expect.stringMatching(/renewEveryMs is ignored/)]);
    expect(eventsOf(result, "renew")).toEqual([]);
    const keepAlives = eventsOf(result, "send", { from: "c1", msg: "KeepAlive" });
    expect(keepAlives.length).toBeGreaterThanOrEqual(4);
    expect(keepAlives[1]!.t - keepAlives[0]!.t).toBeCloseTo(1000, 6);
    expect(result.summary).toMatchObject({ verdict: "safe", counter: 1 });
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endReason: "released" });
  });
});
