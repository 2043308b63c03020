import { describe, expect, it } from "vitest";
import { run, scenario } from "./testing";

/** c1 takes a 10 s Redis lock at once, then freezes for 15 s; c2 asks 100 ms later. */
const gcPause = (guard: "none" | "fencing") =>
  scenario({
    service: { kind: "redis", ttlMs: 10_000, ...(guard === "fencing" ? { tokens: "incr" as const } : {}) },
    clients: { count: 2, startMs: [0, 100], workMs: 2000 },
    storage: { guard },
    faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 15_000 }],
  });

describe("the facts of a run", () => {
  it("record each grant with when and why the service ended it", () => {
    const { facts } = run(gcPause("none"));
    const [first, second] = facts.grants;
    expect(first).toMatchObject({ client: "c1", lock: "lock", issuedBy: "redis", endReason: "expired" });
    expect(first!.endedAt! - first!.grantedAt).toBeCloseTo(10_000, -1);
    // c2's retry lands just after the key expires.
    expect(second!.client).toBe("c2");
    expect(second!.grantedAt).toBeGreaterThanOrEqual(first!.endedAt!);
  });

  it("record that a paused c1 believed past its grant's end", () => {
    const { facts } = run(gcPause("none"));
    const c1 = facts.beliefs.find((b) => b.client === "c1")!;
    const grant = facts.grants.find((g) => g.grant === c1.grant)!;
    expect(c1.outlivedGrantAt).toBe(grant.endedAt);
    expect(c1.to).toBeGreaterThanOrEqual(16_000);
    expect(facts.beliefs.find((b) => b.client === "c2")!.outlivedGrantAt).toBeNull();
  });

  it("mark c1's late write as stale, because its grant had expired, and storage accepted it", () => {
    const { facts } = run(gcPause("none"));
    const late = facts.writes.find((w) => w.client === "c1")!;
    expect(late).toMatchObject({
      accepted: true,
      applied: true,
      rejection: null,
      stale: { grantEndReason: "expired" },
    });
    expect(facts.writes.find((w) => w.client === "c2")!.stale).toBeNull();
  });

  it("give a fenced write's rejection as data, and the abort that follows it", () => {
    const { facts } = run(gcPause("fencing"));
    const late = facts.writes.find((w) => w.client === "c1" && !w.accepted)!;
    expect(late.rejection).toEqual({ by: "fencing", token: 1, seen: 2 });
    expect(facts.aborts).toContainEqual(
      expect.objectContaining({
        client: "c1",
        cause: { kind: "write-rejected", rejection: { by: "fencing", token: 1, seen: 2 } },
      }),
    );
  });

  it("give a compare-and-set rejection as the version read and the version found", () => {
    const { facts } = run(
      scenario({
        service: { kind: "none" },
        clients: { count: 2, startMs: [0, 100], workMs: 1000 },
        storage: { guard: "cas" },
      }),
    );
    expect(facts.writes.find((w) => !w.accepted)!.rejection).toEqual({ by: "version", expected: 0, actual: 1 });
  });

  it("close a critical section when its write is answered, not when the belief ends", () => {
    // The lease (1 s) is shorter than the work (3 s): c1's belief ends at its deadline, its work carries on.
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 1000 },
        clients: { count: 2, startMs: [0, 100], workMs: 3000, retryDelayMs: [100, 100] },
      }),
    );
    const c1Belief = result.facts.beliefs.find((b) => b.client === "c1")!;
    const c1Section = result.facts.sections.find((s) => s.client === "c1")!;
    expect(c1Belief.endReason).toBe("lease-deadline");
    expect(c1Section.to!).toBeGreaterThan(c1Belief.to!);
    expect(result.summary.overlapMs).toBe(0);
    expect(result.summary.concurrentSectionsMs).toBeGreaterThan(1000);
  });

  it("count no concurrent sections when the lock outlasts the work", () => {
    const result = run(
      scenario({ service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 2, startMs: [0, 100], workMs: 1000 } }),
    );
    expect(result.summary.concurrentSectionsMs).toBe(0);
    expect(result.facts.sections.map((s) => s.client)).toEqual(["c1", "c2"]);
  });

  it("agree with the summary's counts", () => {
    const result = run(gcPause("fencing"));
    const { facts, summary } = result;
    expect(facts.grants.length).toBe(summary.grants);
    expect(facts.writes.filter((w) => w.accepted).length).toBe(summary.writesAccepted);
    expect(facts.writes.filter((w) => w.stale && !w.accepted).length).toBe(summary.staleWritesRejected);
    expect(facts.aborts.length).toBe(summary.jobsAborted);
  });
});
