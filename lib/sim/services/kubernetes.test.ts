import { describe, expect, it } from "vitest";
import { validateScenario, type Scenario } from "../scenario";
import {
  beliefsOf,
  eventsOf,
  firstOf,
  grantsOf,
  grantsTo,
  lastWrite,
  named,
  run,
  scenario,
  writesBy,
} from "../testing";

const kubernetes = { kind: "kubernetes" } as const;
type Part = Omit<Scenario, "version">;
const oneJob = { kind: "counter", jobsPerClient: 1 } as const;
/** A candidate's longest wait between reads: RetryPeriod × 2.2 (client-go's jitter). */
const longestPollMs = 2000 * 2.2;

const errorsOf = (service: object) => {
  const v = validateScenario({ version: 1, service });
  return v.ok ? [] : v.errors;
};

describe("kubernetes: the scenario", () => {
  it("takes client-go's defaults and the API server's capacity", () => {
    expect(run(scenario({ service: kubernetes, workload: oneJob })).scenario.service).toEqual({
      kind: "kubernetes",
      leaseDurationMs: 15000,
      renewDeadlineMs: 10000,
      retryPeriodMs: 2000,
      capacityOpsPerSec: 500,
    });
  });

  it("refuses timings out of order, LeaseDuration > RenewDeadline > 1.2 × RetryPeriod, naming the fields", () => {
    expect(errorsOf({ kind: "kubernetes", leaseDurationMs: 10000 })).toEqual([
      "service.renewDeadlineMs: must be less than service.leaseDurationMs (10000), got 10000",
    ]);
    expect(errorsOf({ kind: "kubernetes", retryPeriodMs: 9000 })).toEqual([
      "service.renewDeadlineMs: must be greater than 1.2 × service.retryPeriodMs (10800), got 10000",
    ]);
    expect(
      errorsOf({ kind: "kubernetes", leaseDurationMs: 20000, renewDeadlineMs: 12000, retryPeriodMs: 4000 }),
    ).toEqual([]);
  });

  it("offers leaseTransitions as a fencing token", () => {
    expect(validateScenario({ version: 1, service: kubernetes, storage: { guard: "fencing" } }).ok).toBe(true);
  });
});

describe("kubernetes: leader election", () => {
  const handover = run(
    scenario({ service: kubernetes, clients: { count: 3, startMs: [0, 100, 200], workMs: 5000 }, workload: oneJob }),
  );

  it("counts leaseTransitions up by one with each change of holder, not with renewals", () => {
    expect(handover.summary).toMatchObject({ tokens: [0, 1, 2], verdict: "safe", overlapMs: 0, counter: 3 });
    expect(eventsOf(handover, "send", { from: "c1", msg: "UPDATE Lease" }).length).toBeGreaterThan(1);
  });

  it("renews at once on taking the lock, then RetryPeriod after each successful renewal", () => {
    const created = firstOf(handover, "deliver", { from: "k8s", to: "c1", msg: "201 Created" })!.t;
    const renewals = eventsOf(handover, "send", { from: "c1", msg: "GET Lease" })
      .map((e) => e.t)
      .slice(1);
    expect(renewals[0]).toBe(created);
    const renewed = eventsOf(handover, "deliver", { from: "k8s", to: "c1", msg: "200 OK" })
      .filter((e, i) => i % 2 === 1)
      .map((e) => e.t);
    renewals.slice(1).forEach((t, i) => expect(t - renewed[i]!).toBeCloseTo(2000, 6));
  });

  it("has candidates poll every RetryPeriod × U[1, 2.2]", () => {
    const gaps = ["c2", "c3"].flatMap((c) => {
      const leads = grantsTo(handover, c)[0]!.t;
      const polls = eventsOf(handover, "send", { from: c, msg: "GET Lease" })
        .map((e) => e.t)
        .filter((t) => t < leads);
      return polls.slice(1).map((t, i) => t - polls[i]!);
    });
    expect(gaps.length).toBeGreaterThan(3);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2000);
      expect(gap).toBeLessThanOrEqual(longestPollMs + 20);
    }
    expect(new Set(gaps.map(Math.round)).size).toBeGreaterThan(1);
  });

  it("releases by clearing holderIdentity, so the next candidate takes over at its next read", () => {
    const released = firstOf(handover, "lease-end", { client: "c1" })!;
    expect(released.reason).toBe("released");
    expect(grantsOf(handover)[1]!.t - released.t).toBeLessThan(longestPollMs + 20);
  });
});

describe("kubernetes: when the next candidate can take over after a crash", () => {
  it("is LeaseDuration after it last observed the Lease change, on its own clock, plus up to one poll", () => {
    const result = run(
      scenario({
        service: kubernetes,
        clients: { count: 2, startMs: [0, 5100], workMs: 20000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
      }),
    );
    // c1 renewed for the last time before it crashed, so c2's first read is the change it observes.
    const observed = firstOf(result, "deliver", { from: "k8s", to: "c2" })!.t;
    const takeover = grantsTo(result, "c2")[0]!;
    expect(takeover.t).toBeGreaterThanOrEqual(observed + 15000);
    expect(takeover.t).toBeLessThanOrEqual(observed + 15000 + longestPollMs + 20);
    expect(takeover.token).toBe(1);
  });

  it("ignores the candidates' clock offsets, which observed time cannot see", () => {
    const base: Part = {
      service: kubernetes,
      clients: { count: 2, startMs: [0, 5100], workMs: 20000 },
      workload: oneJob,
      faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
    };
    const plain = grantsTo(run(scenario(base)), "c2")[0]!.t;
    const offset = grantsTo(run(scenario({ ...base, clocks: { per: { c2: { offsetMs: 3_600_000 } } } })), "c2")[0]!.t;
    const fast = grantsTo(run(scenario({ ...base, clocks: { per: { c2: { driftPpm: 100_000 } } } })), "c2")[0]!.t;
    expect(offset).toBe(plain);
    expect(fast).toBeLessThan(plain);
  });

  it("ends the grant, by the API server's clock, LeaseDuration after the holder's last successful renewal", () => {
    const result = run(
      scenario({
        service: kubernetes,
        clients: { count: 1, workMs: 20000 },
        workload: oneJob,
        faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
      }),
    );
    const lastRenewal = eventsOf(result, "deliver", { from: "c1", to: "k8s", msg: "UPDATE Lease" }).at(-1)!.t;
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endReason: "expired" });
    expect(grantsTo(result, "c1")[0]!.endT).toBeCloseTo(lastRenewal + 2 + 15000, 6);
  });
});

describe("kubernetes: a paused leader", () => {
  const result = run(named("k8s-paused-leader"));

  it("keeps acting as leader while paused, and after it resumes, for a whole new renewal round", () => {
    const takeover = grantsTo(result, "c2")[0]!;
    expect(takeover.t).toBeGreaterThan(15000);
    expect(takeover.t).toBeLessThan(20000);
    // On resuming at 20 s a new round begins; client-go would say it stopped leading at 30 s, after its write.
    expect(eventsOf(result, "send", { from: "c1", msg: "GET Lease" }).map((e) => e.t)).toContain(20000);
    expect(firstOf(result, "session", { proc: "c1" })).toBeUndefined();
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endReason: "released" });
    expect(beliefsOf(result, "c1")[0]!.endT).toBeGreaterThan(lastWrite(result, "c1")!.t);
  });

  it("loses an update without fencing, and leaseTransitions as a token stops it", () => {
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
    const fenced = run(named("k8s-paused-leader", { storage: { guard: "fencing" } }));
    expect(writesBy(fenced, "c1")[0]).toMatchObject({
      accepted: false,
      rejection: { by: "fencing", token: 0, seen: 1 },
    });
    expect(fenced.summary).toMatchObject({ verdict: "safe", lostUpdates: 0 });
  });
});

describe("kubernetes: a partitioned leader", () => {
  const result = run(named("k8s-partitioned-leader"));

  it("stops leading RetryPeriod + RenewDeadline after its last successful renewal", () => {
    // Its last success was the renewal made at once on taking the lock: the partition blocked the rest.
    const lastRenewal = eventsOf(result, "deliver", { from: "k8s", to: "c1", msg: "200 OK" })
      .filter((e) => e.t < 1000)
      .at(-1)!.t;
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!;
    expect(stopped.t).toBeCloseTo(lastRenewal + 2000 + 10000, 6);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: stopped.t, endReason: "session-lost" });
    expect(firstOf(result, "check", { proc: "c1" })).toMatchObject({ ok: false });
  });

  it("is succeeded only after LeaseDuration, so the two never overlap", () => {
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!.t;
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(stopped + 5000);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2, tokens: [0, 1, 2] });
  });
});

describe("kubernetes: step-down as client-go times it", () => {
  it("tries every RetryPeriod for RenewDeadline after the last success, then stops leading about 12 s after it", () => {
    const result = run(
      scenario({
        service: kubernetes,
        clients: { count: 1, workMs: 20000 },
        workload: oneJob,
        faults: [{ kind: "isolate", target: "c1", atMs: 3000, forMs: 30000 }],
      }),
    );
    const lastSuccess = eventsOf(result, "deliver", { from: "k8s", to: "c1", msg: "200 OK" })
      .filter((e) => e.t < 3000)
      .at(-1)!.t;
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!.t;
    expect(stopped).toBeCloseTo(lastSuccess + 2000 + 10000, 6);
    // Inside the round: a try at its start, then one RetryPeriod after each failed try (a timeout takes 1 s).
    const tries = eventsOf(result, "send", { from: "c1", msg: "GET Lease" })
      .map((e) => e.t)
      .filter((t) => t > lastSuccess && t < stopped);
    expect(tries[0]).toBeCloseTo(lastSuccess + 2000, 6);
    expect(tries.length).toBe(4);
  });
});
