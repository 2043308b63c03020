import { describe, expect, it } from "vitest";
import { beliefsOf, eventsOf, firstOf, grantsTo, lastWrite, named, run, scenario, writesBy } from "./testing";

describe("checking the lease before writing", () => {
  const result = run(named("check-before-write"));

  it("passes the check at about 2 s, with most of the lease left", () => {
    const check = firstOf(result, "check", { proc: "c1" })!;
    expect(check.ok).toBe(true);
    expect(check.t).toBeGreaterThanOrEqual(2000);
    expect(check.t).toBeLessThan(2020);
    expect(check.remainingMs).toBeGreaterThan(7900);
  });

  it("is not atomic with the write: the pause strikes right after the check", () => {
    const check = firstOf(result, "check", { proc: "c1" })!;
    expect(firstOf(result, "pause-start", { proc: "c1" })).toMatchObject({ t: check.t, forMs: 15_000 });
  });

  it("lets the write land after the lease ended, accepted, and an update is lost", () => {
    const write = lastWrite(result, "c1")!;
    const [grant] = grantsTo(result, "c1");
    expect(write.t).toBeGreaterThan(17_000);
    expect(write.t).toBeGreaterThan(grant!.endT! + 5000);
    expect(write).toMatchObject({ accepted: true, applied: true });
    expect(result.summary).toMatchObject({ verdict: "unsafe", staleWritesAccepted: 1, lostUpdates: 1 });
  });
});

describe("a lease shorter than the work", () => {
  it("ends c1's belief at 5 s by its own timer while its work goes on, and c2's write loses c1's increment", () => {
    const result = run(named("ttl-shorter-than-work"));
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 5000, endReason: "lease-deadline" });
    const c1Write = lastWrite(result, "c1")!;
    expect(c1Write.t).toBeGreaterThan(8000);
    expect(lastWrite(result, "c2")).toMatchObject({ readValue: 0, lostIncrements: 1, overwrote: ["c1"] });
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1, staleWritesAccepted: 2 });
  });

  it("is safe when renewed: every renewal succeeds and no lease expires", () => {
    const result = run(named("ttl-renewed"));
    const renewals = eventsOf(result, "renew", { proc: "c1" });
    expect(renewals.length).toBe(5); // at 1.5, 3, 4.5, 6 and 7.5 s of an 8 s job
    expect(renewals.every((r) => r.ok)).toBe(true);
    expect(eventsOf(result, "renew").every((r) => r.ok)).toBe(true);
    expect(eventsOf(result, "lease-end", { reason: "expired" })).toEqual([]);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, staleWritesAccepted: 0, counter: 2 });
  });

  it("moves the client's lease deadline forward with each renewal", () => {
    const result = run(named("ttl-renewed"));
    const [belief] = beliefsOf(result, "c1");
    expect(belief!.endReason).toBe("released");
    expect(belief!.endT).toBeGreaterThan(8000);
  });
});

describe("a refused renewal", () => {
  it("ends the belief at once when the key is already gone from Redis", () => {
    // Redis's clock jumps 15 s at 3 s and expires c1's renewed key; c1's next renewal is refused.
    const result = run(
      named("redis-clock-jump", {
        clients: { renewEveryMs: 1000 },
        faults: [{ kind: "clock-jump", target: "redis", atMs: 3000, byMs: 15_000 }],
      }),
    );
    const refused = firstOf(result, "renew", { proc: "c1", ok: false })!;
    expect(refused.t).toBeGreaterThan(3000);
    expect(refused.t).toBeLessThan(4100);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: refused.t, endReason: "renewal-refused" });
  });

  it("goes out overdue after a pause that outlived the lease, and is answered after the belief has ended", () => {
    // The renewal timer came due during the pause, before the lease deadline: both fire at resume,
    // the renewal first; its refusal arrives after the deadline timer has ended the belief.
    const result = run(
      named("ttl-renewed", {
        clients: { renewEveryMs: 1000 },
        faults: [{ kind: "pause", target: "c1", atMs: 500, forMs: 7000 }],
      }),
    );
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 7500, endReason: "lease-deadline" });
    expect(eventsOf(result, "send", { from: "c1", msg: "PEXPIRE if value" }).map((e) => e.t)).toEqual([7500]);
    expect(eventsOf(result, "renew", { proc: "c1" })).toEqual([]);
  });
});

describe("a lock service outage", () => {
  it("fails closed: six runs missed, none duplicated", () => {
    const result = run(named("outage-fail-closed"));
    expect(result.summary).toMatchObject({ verdict: "safe", missedRuns: 6, duplicateEffects: 0 });
    const unavailable = eventsOf(result, "run-skip").filter((e) => /unavailable/.test(e.reason));
    expect(unavailable.map((e) => e.run).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(eventsOf(result, "fail-open")).toEqual([]);
  });

  it("fails open: no run missed, six done twice", () => {
    const result = run(named("outage-fail-open"));
    expect(result.summary).toMatchObject({ verdict: "unsafe", missedRuns: 0, duplicateEffects: 6 });
    expect(eventsOf(result, "fail-open").length).toBe(12);
    expect(result.violations.filter((v) => v.kind === "duplicate-effect")).toHaveLength(6);
  });

  it("counts work done failing open as holding, with no grant", () => {
    const result = run(named("outage-fail-open"));
    const unlocked = beliefsOf(result, "c1").filter((b) => b.grant === null);
    expect(unlocked).toHaveLength(6);
  });
});

describe("a client's wall clock jumping back", () => {
  it("fools a wall-clock lease check: it passes after the lease expired, and an update is lost", () => {
    const result = run(named("client-clock-jump"));
    const check = firstOf(result, "check", { proc: "c1" })!;
    const [grant] = grantsTo(result, "c1");
    expect(check.ok).toBe(true);
    expect(check.t).toBeGreaterThan(grant!.endT!);
    expect(check.t).toBeGreaterThan(7000);
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });

  it("cannot fool a monotonic lease clock: the check fails, c1 aborts and retries, nothing is lost", () => {
    const result = run(named("client-clock-jump", { clients: { leaseClock: "monotonic" } }));
    expect(firstOf(result, "check", { proc: "c1" })).toMatchObject({ ok: false });
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 5000, endReason: "lease-deadline" });
    expect(firstOf(result, "attempt-abort", { proc: "c1" })?.reason).toMatch(/lease/);
    expect(result.summary).toMatchObject({ verdict: "safe", lostUpdates: 0, overlapMs: 0, counter: 2, jobsAborted: 1 });
  });
});

describe("clock skew and offsets", () => {
  it("spreads skew evenly over the processes, clients first, and the client reads its own offset", () => {
    // Four processes (c1, c2, redis, storage) share 3 s of skew: c1 −1.5 s, c2 −0.5 s.
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { startMs: [0, 5000] },
        clocks: { skewMs: 3000 },
      }),
    );
    const deadlines = eventsOf(result, "belief-start").map((b) => [b.proc, b.leaseDeadline]);
    expect(deadlines).toEqual([
      ["c1", 0 - 1500 + 10_000],
      ["c2", 5000 - 500 + 10_000],
    ]);
  });

  it("lets a per-process offset replace the spread value", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 1 },
        clocks: { skewMs: 3000, per: { c1: { offsetMs: 250 } } },
      }),
    );
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(10_250);
  });

  it("measures the lease from the moment the acquire was sent, less the safety margin", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 1, startMs: [700], safetyMarginMs: 1500 },
      }),
    );
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(700 + 10_000 - 1500);
  });
});

describe("cron runs and ShedLock's lockAtLeastFor", () => {
  const cron = (holdAtLeastMs: number) =>
    scenario({
      durationMs: 20_000,
      service: { kind: "redis", ttlMs: 10_000 },
      clients: { count: 2, workMs: 1000, holdAtLeastMs },
      workload: { kind: "cron", everyMs: 60_000, runs: 1 },
      clocks: { per: { c2: { offsetMs: -3000 } } },
    });

  it("runs a job twice under a perfect lock when a late clock fires after the first holder released", () => {
    const result = run(cron(0));
    expect(writesBy(result, "c1")).toMatchObject([{ run: 0, applied: true }]);
    expect(writesBy(result, "c2")).toMatchObject([{ run: 0, applied: true }]);
    expect(result.summary).toMatchObject({ overlapMs: 0, duplicateEffects: 1 });
  });

  it("holds the lock at least holdAtLeastMs, so the late client finds it held and skips", () => {
    const result = run(cron(5000));
    expect(firstOf(result, "run-skip", { proc: "c2" })).toMatchObject({ run: 0 });
    expect(writesBy(result, "c2")).toEqual([]);
    expect(result.summary).toMatchObject({ duplicateEffects: 0, missedRuns: 0 });
  });

  it("counts a run that no client performed as missed, and runs due after the end as neither", () => {
    const result = run(
      scenario({
        durationMs: 25_000,
        service: { kind: "redis", ttlMs: 5000 },
        clients: { count: 1, workMs: 500 },
        workload: { kind: "cron", everyMs: 10_000, runs: 5 },
        faults: [{ kind: "outage", atMs: 9000, forMs: 3000 }],
      }),
    );
    // Runs 0, 1, 2 are due by 25 s; run 1 falls in the outage; runs 3 and 4 come after the end.
    expect(eventsOf(result, "run-due").map((e) => e.run)).toEqual([0, 1, 2]);
    expect(result.summary).toMatchObject({ missedRuns: 1, jobsDone: 2, duplicateEffects: 0 });
  });
});

describe("what a client does when it learns its lock is gone", () => {
  // c1 leads through a Kubernetes Lease, is cut off from the API server at 1 s and works 20 s.
  const cutOff = (onLockLost: "carry-on" | "abort") =>
    run(
      scenario({
        service: { kind: "kubernetes" },
        clients: { count: 2, startMs: [0, 100], workMs: 20000, onLockLost },
        workload: { kind: "counter", jobsPerClient: 1 },
        faults: [{ kind: "partition", between: ["c1", "k8s"], atMs: 1000, forMs: 20000 }],
      }),
    );

  it("carries on by default: it stops believing at the notice but writes when its work is done", () => {
    const result = run(scenario({ service: { kind: "kubernetes" }, workload: { kind: "counter", jobsPerClient: 1 } }));
    expect(result.scenario.clients.onLockLost).toBe("carry-on");
    const carryOn = cutOff("carry-on");
    const stopped = firstOf(carryOn, "session", { proc: "c1", state: "stopped-leading" })!.t;
    expect(writesBy(carryOn, "c1")[0]!.t).toBeGreaterThan(stopped);
    expect(carryOn.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });

  it("with abort, drops the job the moment it stops believing, before its write", () => {
    const result = cutOff("abort");
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!.t;
    expect(result.facts.aborts[0]).toMatchObject({
      t: stopped,
      client: "c1",
      cause: { kind: "lock-lost", beliefEnded: "session-lost" },
    });
    expect(writesBy(result, "c1").every((w) => w.t > 21000)).toBe(true);
    expect(result.summary).toMatchObject({ verdict: "safe", lostUpdates: 0, staleWritesAccepted: 0 });
  });

  it("cannot recall a write already on its way: a notice is not a fence", () => {
    // The write to storage is held 10 s; c1's lease ends while it is in flight.
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 3000 },
        clients: { count: 2, startMs: [0, 100], workMs: 1000, onLockLost: "abort" },
        workload: { kind: "counter", jobsPerClient: 1 },
        faults: [{ kind: "delay", from: "c1", to: "storage", atMs: 500, byMs: 10000 }],
      }),
    );
    expect(result.facts.aborts.filter((a) => a.cause.kind === "lock-lost")).toEqual([]);
    expect(writesBy(result, "c1")[0]).toMatchObject({ applied: true });
  });
});
