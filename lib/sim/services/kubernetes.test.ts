import { describe, expect, it } from "vitest";
import { validateScenario, type Scenario } from "../scenario";
import { beliefsOf, eventsOf, firstOf, grantsOf, grantsTo, preset, run, scenario, writesBy } from "../testing";

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
      kind: "kubernetes", leaseDurationMs: 15000, renewDeadlineMs: 10000, retryPeriodMs: 2000, capacityOpsPerSec: 500,
    });
  });

  it("refuses timings out of order, LeaseDuration > RenewDeadline > 1.2 × RetryPeriod, naming the fields", () => {
    expect(errorsOf({ kind: "kubernetes", leaseDurationMs: 10000 })).toEqual([
      "service.renewDeadlineMs: must be less than service.leaseDurationMs (10000), got 10000",
    ]);
    expect(errorsOf({ kind: "kubernetes", retryPeriodMs: 9000 })).toEqual([
      "service.renewDeadlineMs: must be greater than 1.2 × service.retryPeriodMs (10800), got 10000",
    ]);
    expect(errorsOf({ kind: "kubernetes", leaseDurationMs: 20000, renewDeadlineMs: 12000, retryPeriodMs: 4000 })).toEqual([]);
  });

  it("offers leaseTransitions as a fencing token", () => {
    expect(validateScenario({ version: 1, service: kubernetes, storage: { guard: "fencing" } }).ok).toBe(true);
  });
});

describe("kubernetes: leader election", () => {
  const handover = run(scenario({ service: kubernetes, clients: { count: 3, startMs: [0, 100, 200], workMs: 5000 }, workload: oneJob }));

  it("counts leaseTransitions up by one with each change of holder, not with renewals", () => {
    expect(handover.summary).toMatchObject({ tokens: [0, 1, 2], verdict: "safe", overlapMs: 0, counter: 3 });
    expect(eventsOf(handover, "send", { from: "c1", msg: "UPDATE Lease" }).length).toBeGreaterThan(1);
  });

  it("renews every RetryPeriod while leading", () => {
    const renewals = eventsOf(handover, "send", { from: "c1", msg: "GET Lease" }).map((e) => e.t);
    expect(renewals.length).toBe(3);
    renewals.slice(1).forEach((t, i) => expect(t - renewals[i]).toBeGreaterThanOrEqual(2000));
    renewals.slice(1).forEach((t, i) => expect(t - renewals[i]).toBeLessThan(2020));
  });

  it("has candidates poll every RetryPeriod × U[1, 2.2]", () => {
    const polls = eventsOf(handover, "send", { from: "c3", msg: "GET Lease" }).map((e) => e.t);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]);
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
    expect(grantsOf(handover)[1].t - released.t).toBeLessThan(longestPollMs + 20);
  });
});

describe("kubernetes: when the next candidate can take over after a crash", () => {
  it("is LeaseDuration after it last observed the Lease change, on its own clock, plus up to one poll", () => {
    const result = run(scenario({
      service: kubernetes, clients: { count: 2, startMs: [0, 5100], workMs: 20000 }, workload: oneJob,
      faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
    }));
    // c1 renewed for the last time before it crashed, so c2's first read is the change it observes.
    const observed = firstOf(result, "deliver", { from: "k8s", to: "c2" })!.t;
    const takeover = grantsTo(result, "c2")[0];
    expect(takeover.t).toBeGreaterThanOrEqual(observed + 15000);
    expect(takeover.t).toBeLessThanOrEqual(observed + 15000 + longestPollMs + 20);
    expect(takeover.token).toBe(1);
  });

  it("ignores the candidates' clock offsets, which observed time cannot see", () => {
    const base: Part = { service: kubernetes, clients: { count: 2, startMs: [0, 5100], workMs: 20000 }, workload: oneJob, faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }] };
    const plain = grantsTo(run(scenario(base)), "c2")[0].t;
    const offset = grantsTo(run(scenario({ ...base, clocks: { per: { c2: { offsetMs: 3_600_000 } } } })), "c2")[0].t;
    const fast = grantsTo(run(scenario({ ...base, clocks: { per: { c2: { driftPpm: 100_000 } } } })), "c2")[0].t;
    expect(offset).toBe(plain);
    expect(fast).toBeLessThan(plain);
  });

  it("ends the grant, by the API server's clock, LeaseDuration after the holder's last successful renewal", () => {
    const result = run(scenario({
      service: kubernetes, clients: { count: 1, workMs: 20000 }, workload: oneJob, faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
    }));
    const lastRenewal = eventsOf(result, "deliver", { from: "c1", to: "k8s", msg: "UPDATE Lease" }).at(-1)!.t;
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endReason: "expired" });
    expect(grantsTo(result, "c1")[0].endT).toBeCloseTo(lastRenewal + 2 + 15000, 6);
  });
});

describe("kubernetes: a paused leader", () => {
  const result = run(preset("k8s-paused-leader"));

  it("keeps acting as leader while paused, and stops only when it resumes", () => {
    const takeover = grantsTo(result, "c2")[0];
    expect(takeover.t).toBeGreaterThan(15000);
    expect(takeover.t).toBeLessThan(20000);
    expect(firstOf(result, "session", { proc: "c1" })).toMatchObject({ t: 20000, state: "stopped-leading" });
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 20000, endReason: "session-lost" });
    expect(result.summary.overlapMs).toBeCloseTo(20000 - beliefsOf(result, "c2")[0].startT, 2);
  });

  it("loses an update without fencing, and leaseTransitions as a token stops it", () => {
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
    const fenced = run(preset("k8s-paused-leader", { storage: { guard: "fencing" } }));
    expect(writesBy(fenced, "c1")[0]).toMatchObject({ accepted: false, rejection: { by: "fencing", token: 0, seen: 1 } });
    expect(fenced.summary).toMatchObject({ verdict: "safe", lostUpdates: 0 });
  });
});

describe("kubernetes: a partitioned leader", () => {
  const result = run(preset("k8s-partitioned-leader"));

  it("stops leading RenewDeadline after its last successful renewal was sent", () => {
    // Its only successful write was the CREATE that made it leader: the partition blocked every renewal.
    const lastRenewal = firstOf(result, "send", { from: "c1", msg: "CREATE Lease" })!.t;
    expect(eventsOf(result, "send", { from: "c1", msg: "UPDATE Lease" }).filter((e) => e.t < 1000)).toEqual([]);
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!;
    expect(stopped.t).toBeCloseTo(lastRenewal + 10000, 6);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: stopped.t, endReason: "session-lost" });
    expect(firstOf(result, "check", { proc: "c1" })).toMatchObject({ ok: false });
  });

  it("is succeeded only after LeaseDuration, so the two never overlap", () => {
    const stopped = firstOf(result, "session", { proc: "c1", state: "stopped-leading" })!.t;
    expect(grantsTo(result, "c2")[0].t).toBeGreaterThan(stopped + 5000);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, counter: 2, tokens: [0, 1, 2] });
  });
});
