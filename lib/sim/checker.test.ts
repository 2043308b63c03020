import { describe, expect, it } from "vitest";
import { check, percentile } from "./checker";
import type { EventBody, SimEvent } from "./events";
import { testScenarios } from "./testScenarios";
import { validateScenario, type ResolvedScenario, type Scenario } from "./scenario";
import { simulate } from "./simulate";
import { run, scenario } from "./testing";

describe("percentile (nearest rank)", () => {
  it("is 0 when there are no values", () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([], 99)).toBe(0);
  });

  it("picks the value at rank ⌈p/100 · n⌉ of the sorted values", () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
  });

  it("gives the only value for any percentile of one value", () => {
    expect(percentile([42], 1)).toBe(42);
    expect(percentile([42], 99)).toBe(42);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

/** A hand-written log of beliefs: [client, startT, endT | null (still believing at the end), lock?]. */
function beliefLog(beliefs: [string, number, number | null, string?][]): SimEvent[] {
  const events: (EventBody & { t: number })[] = [];
  for (const [client, startT, endT, lock = "lock"] of beliefs) {
    events.push({
      t: startT,
      kind: "belief-start",
      proc: client,
      lock,
      grant: null,
      token: null,
      latencyMs: 0,
      leaseDeadline: null,
    });
    if (endT !== null) events.push({ t: endT, kind: "belief-end", proc: client, lock, reason: "released" });
  }
  // A stable sort by time, numbered as the kernel would number them.
  return events.sort((a, b) => a.t - b.t).map((e, seq) => ({ ...e, seq }) as SimEvent);
}

const run100: ResolvedScenario = (() => {
  const v = validateScenario(scenario({ durationMs: 100, service: { kind: "none" } }));
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
})();

const overlapOf = (beliefs: [string, number, number | null, string?][]) => check(beliefLog(beliefs), run100, 0);

describe("overlap", () => {
  it("is the time two beliefs cover at once", () => {
    const { summary, violations } = overlapOf([
      ["c1", 0, 10],
      ["c2", 5, 15],
    ]);
    expect(summary.overlapMs).toBe(5);
    expect(summary.maxConcurrentHolders).toBe(2);
    expect(violations).toMatchObject([{ kind: "overlap", t: 5, endT: 10, clients: ["c1", "c2"] }]);
  });

  it("counts time covered by three beliefs once, and the most holders at one instant", () => {
    const { summary } = overlapOf([
      ["c1", 0, 30],
      ["c2", 10, 40],
      ["c3", 20, 25],
    ]);
    expect(summary.overlapMs).toBe(20); // 10..30
    expect(summary.maxConcurrentHolders).toBe(3);
  });

  it("adds up separate stretches of overlap", () => {
    const { summary, violations } = overlapOf([
      ["c1", 0, 10],
      ["c2", 5, 15],
      ["c3", 12, 20],
    ]);
    expect(summary.overlapMs).toBe(8); // 5..10 and 12..15
    expect(violations.map((v) => [v.t, v.endT])).toEqual([
      [5, 10],
      [12, 15],
    ]);
  });

  it("is zero when one belief ends as the next begins", () => {
    const { summary, violations } = overlapOf([
      ["c1", 0, 10],
      ["c2", 10, 20],
    ]);
    expect(summary.overlapMs).toBe(0);
    expect(summary.maxConcurrentHolders).toBe(1);
    expect(violations).toEqual([]);
  });

  it("ignores a belief that begins and ends at one instant", () => {
    const { summary } = overlapOf([
      ["c1", 0, 20],
      ["c2", 10, 10],
    ]);
    expect(summary.overlapMs).toBe(0);
    expect(summary.maxConcurrentHolders).toBe(1);
  });

  it("runs a belief that never ended to the end of the run", () => {
    const { summary, violations } = overlapOf([
      ["c1", 0, null],
      ["c2", 90, null],
    ]);
    expect(summary.overlapMs).toBe(10);
    expect(violations).toMatchObject([{ kind: "overlap", t: 90, endT: 100 }]);
  });

  it("judges overlap per lock", () => {
    const { summary } = overlapOf([
      ["c1", 0, 10, "a"],
      ["c2", 5, 15, "b"],
    ]);
    expect(summary.overlapMs).toBe(0);
    expect(summary.maxConcurrentHolders).toBe(1);
  });

  it("says in a sentence who overlapped, when and for how long, timing a brief overlap in ms", () => {
    const locked = validateScenario(scenario({ durationMs: 100, service: { kind: "redis", ttlMs: 1000 } }));
    if (!locked.ok) throw new Error(locked.errors.join("\n"));
    const texts = (beliefs: [string, number, number | null][], s: ResolvedScenario) =>
      check(beliefLog(beliefs), s, 0).violations.map((v) => v.text);
    expect(
      texts(
        [
          ["c1", 0, 12_000],
          ["c2", 10_000, 15_000],
        ],
        locked.scenario,
      ),
    ).toEqual([
      "From 10.0 s to 12.0 s c1 and c2 each believed they held the lock: mutual exclusion was lost for 2.0 s.",
    ]);
    expect(
      texts(
        [
          ["c1", 0, 12_000],
          ["c2", 11_990, 15_000],
        ],
        locked.scenario,
      ),
    ).toEqual(["At 12.0 s c1 and c2 each believed they held the lock: mutual exclusion was lost for 10 ms."]);
    // With no lock at all there is no exclusion to lose.
    expect(
      texts(
        [
          ["c1", 0, 12_000],
          ["c2", 10_000, 15_000],
        ],
        run100,
      ),
    ).toEqual(["From 10.0 s to 12.0 s c1 and c2 were in their critical sections at once, for 2.0 s."]);
  });
});

describe("violations", () => {
  const runs = Object.entries(testScenarios).map(([id, s]) => ({ id, result: run(s) }));

  it("of every kind appear among the named scenarios", () => {
    const kinds = new Set(runs.flatMap(({ result }) => result.violations.map((v) => v.kind)));
    expect([...kinds].sort()).toEqual(["duplicate-effect", "lost-update", "overlap", "token-regression"]);
  });

  it("each carry a plain sentence that names every client involved and the time", () => {
    for (const { id, result } of runs) {
      for (const v of result.violations) {
        expect(v.text.length, `${id}: ${v.kind}`).toBeGreaterThan(20);
        expect(v.clients.length, `${id}: ${v.kind}`).toBeGreaterThan(0);
        for (const client of v.clients) expect(v.text, `${id}: ${v.kind}`).toContain(client);
        const s = v.t / 1000;
        expect(v.text, `${id}: ${v.kind}`).toContain(`${s >= 100 ? s.toFixed(0) : s.toFixed(1)} s`);
      }
    }
  });

  it("are listed in time order, and the first one's time is the summary's firstViolationMs", () => {
    for (const { id, result } of runs) {
      const times = result.violations.map((v) => v.t);
      expect(times, id).toEqual([...times].sort((a, b) => a - b));
      if (times.length) expect(result.summary.firstViolationMs, id).toBeCloseTo(times[0]!, 2);
      else expect(result.summary.firstViolationMs, id).toBeNull();
    }
  });

  it("make a run unsafe exactly when an update was lost or an effect duplicated", () => {
    for (const { id, result } of runs) {
      const damaged = result.summary.lostUpdates > 0 || result.summary.duplicateEffects > 0;
      expect(result.summary.verdict, id).toBe(damaged ? "unsafe" : "safe");
    }
  });
});

describe("a counter job whose write was applied twice", () => {
  // c1's reply to its write is held 2 s, past its 1 s timeout: it retries the job, and storage applies both.
  const lostReply = (guard: "none" | "idempotency") =>
    run(
      scenario({
        service: { kind: "redis", ttlMs: 10000 },
        clients: { count: 1, workMs: 2000 },
        workload: { kind: "counter", jobsPerClient: 1 },
        storage: { guard },
        faults: [{ kind: "delay", from: "storage", to: "c1", atMs: 1500, byMs: 2000 }],
      }),
    );

  it("is a duplicate effect: the counter holds more increments than jobs done, and the verdict is unsafe", () => {
    const result = lostReply("none");
    expect(result.summary).toMatchObject({
      verdict: "unsafe",
      counter: 2,
      jobsDone: 1,
      lostUpdates: 0,
      duplicateEffects: 1,
    });
    const [first, second] = result.facts.writes;
    expect(first).toMatchObject({ applied: true, job: "c1-job-0", duplicateOf: null });
    expect(second).toMatchObject({ applied: true, job: "c1-job-0", duplicateOf: first!.seq });
    expect(result.violations).toMatchObject([{ kind: "duplicate-effect", clients: ["c1"] }]);
    expect(result.violations[0]!.text).toContain(
      "c1's reply was lost and it retried, so the counter was incremented twice for one job",
    );
  });

  it("is prevented by an idempotency key: storage answers the retry as a repeat and applies it once", () => {
    const result = lostReply("idempotency");
    expect(result.summary).toMatchObject({ verdict: "safe", counter: 1, jobsDone: 1, duplicateEffects: 0 });
    expect(result.facts.writes.map((w) => [w.accepted, w.applied])).toEqual([
      [true, true],
      [true, false],
    ]);
  });
});

describe("writes still to come when the run ends", () => {
  // c1 freezes holding a 5 s lease; c2 takes over at about 5 s; the run ends before c1 wakes.
  const frozen = (durationMs: number) =>
    run(
      scenario({
        durationMs,
        service: { kind: "redis", ttlMs: 5000 },
        clients: { count: 2, startMs: [0, 100], workMs: 2000 },
        faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 40000 }],
      }),
    );

  it("are reported, and a stale one on its way leaves the verdict undecided, never safe", () => {
    const result = frozen(30000);
    expect(result.facts.pending).toEqual([
      {
        client: "c1",
        lock: "lock",
        grant: expect.any(Number),
        token: null,
        since: expect.any(Number),
        stage: "working",
        stale: { grantEndedAt: expect.any(Number), grantEndReason: "expired" },
        inFlight: null,
        senderCrashedAt: null,
        senderGaveUpAt: null,
      },
    ]);
    expect(result.summary).toMatchObject({
      verdict: "undecided",
      writesPending: 1,
      staleWritesPending: 1,
      lostUpdates: 0,
    });
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^pending: c1 was still in its critical section when the run ended, with its lease over since 5\.0 s; .* the verdict may change if the run were longer$/,
      ),
    ]);
  });

  it("land in a longer run, which decides the verdict", () => {
    expect(frozen(60000).summary).toMatchObject({
      verdict: "unsafe",
      lostUpdates: 1,
      writesPending: 0,
      staleWritesPending: 0,
    });
  });

  it("do not count an attempt that will drop its write at its lease check", () => {
    const result = run(
      scenario({
        durationMs: 25000,
        service: { kind: "redis", ttlMs: 5000 },
        clients: { count: 2, startMs: [0, 100], workMs: 8000, checkBeforeWrite: true },
        faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 20000 }],
      }),
    );
    // At 25 s c1 is awake, its belief ended at 21 s, and 3 s of work are left before its check.
    expect(result.facts.beliefs[0]).toMatchObject({ client: "c1", to: 21000, endReason: "lease-deadline" });
    expect(result.facts.pending.filter((p) => p.client === "c1")).toEqual([]);
    expect(result.summary.verdict).toBe("safe");
  });
});

describe("a write already in the network when the run ends", () => {
  // Chubby, 90 s: c1's write leaves at about 2.0 s and is held up 90 s in the network; c1's host
  // vanishes at 2.5 s, its session expires at 12 s, and c2 takes the lock after the 60 s lock-delay.
  const chubby = (byMs: number, storage: Scenario["storage"] = {}) =>
    run(
      scenario({
        durationMs: 90000,
        service: { kind: "chubby" },
        storage,
        clients: { count: 2, startMs: [0, 100], workMs: 2000 },
        faults: [
          { kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs },
          { kind: "crash", target: "c1", atMs: 2500, host: true },
        ],
      }),
    );

  it("is pending, with where and when it would land, though its sender crashed: the verdict is undecided", () => {
    const result = chubby(90000);
    const grant = result.facts.grants.find((g) => g.client === "c1")!;
    expect(grant).toMatchObject({ token: 1, endedAt: expect.closeTo(12003, 0) });
    expect(result.facts.pending).toEqual([
      {
        client: "c1",
        lock: "lock",
        grant: grant.grant,
        token: 1,
        since: expect.any(Number),
        stage: "writing",
        stale: { grantEndedAt: grant.endedAt, grantEndReason: "expired" },
        inFlight: {
          sentAt: expect.closeTo(2014, 0),
          arrivesAt: expect.any(Number),
          key: "counter",
          value: 1,
          readValue: 0,
          rejection: null,
          repeat: false,
        },
        senderCrashedAt: 2500,
        senderGaveUpAt: null,
      },
    ]);
    // It lands 90 s and one network latency (1–5 ms) after it left, after the run's end.
    const { sentAt, arrivesAt } = result.facts.pending[0]!.inFlight!;
    expect(arrivesAt - sentAt - 90000).toBeGreaterThanOrEqual(1);
    expect(arrivesAt - sentAt - 90000).toBeLessThanOrEqual(5);
    expect(result.summary).toMatchObject({
      verdict: "undecided",
      writesPending: 1,
      staleWritesPending: 1,
      lostUpdates: 0,
      counter: 1,
    });
    expect(result.warnings).toEqual([
      "pending: c1 crashed at 2.5 s, but its write (token 1), sent at 2.0 s, was still in the network when the run ended: it would reach storage at 92.0 s, after c1's lease ended at 12.0 s, so the verdict may change if the run were longer",
    ]);
  });

  it("is all a crashed client leaves to come: with no write sent, nothing, even if its belief had ended before the crash", () => {
    // c1's 5 s lease ends at 5 s in the middle of its 10 s of work, and it crashes at 7 s before writing.
    const result = run(
      scenario({
        durationMs: 30000,
        service: { kind: "redis", ttlMs: 5000 },
        clients: { count: 1, workMs: 10000 },
        faults: [{ kind: "crash", target: "c1", atMs: 7000 }],
      }),
    );
    expect(result.facts.beliefs[0]).toMatchObject({ to: 5000, endReason: "lease-deadline" });
    expect(result.facts.sections[0]).toMatchObject({ client: "c1", to: 7000 });
    expect(result.facts.pending).toEqual([]);
    expect(result.summary).toMatchObject({ verdict: "safe", writesPending: 0, staleWritesPending: 0 });
  });

  it("is pending too when its sender, still running, gave it up after a timeout and went on", () => {
    const result = run(
      scenario({
        durationMs: 90000,
        service: { kind: "chubby" },
        clients: { count: 2, startMs: [0, 100], workMs: 2000 },
        faults: [{ kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 90000 }],
      }),
    );
    // c1's write times out after 1 s; c1 releases the lock and goes on, and its write is still on its way.
    expect(result.facts.pending).toEqual([
      expect.objectContaining({
        client: "c1",
        token: 1,
        stage: "writing",
        senderCrashedAt: null,
        senderGaveUpAt: expect.closeTo(3014, 0),
      }),
    ]);
    expect(result.summary).toMatchObject({ verdict: "undecided", writesPending: 1, staleWritesPending: 1 });
    expect(result.warnings).toEqual([
      "pending: c1's attempt ended at 3.0 s and it went on, but its write (token 1), sent at 2.0 s, was still in the network when the run ended: it would reach storage at 92.0 s, after c1's lease ended at 3.0 s, so the verdict may change if the run were longer",
    ]);
  });

  it("is the same in a summary-only run", () => {
    const full = chubby(90000);
    const summaryOnly = simulate(full.scenario, { summaryOnly: true });
    expect(summaryOnly.summary).toEqual(full.summary);
    expect(summaryOnly.facts.pending).toEqual(full.facts.pending);
  });

  it("cannot change the verdict when storage would reject it: with a sequencer check the run stays safe", () => {
    const fenced = chubby(90000, { guard: "fencing" });
    expect(fenced.facts.pending[0]!.inFlight).toMatchObject({
      rejection: { by: "fencing", token: 1, seen: 2 },
      repeat: false,
    });
    expect(fenced.summary).toMatchObject({ verdict: "safe", writesPending: 1, staleWritesPending: 1 });
    expect(fenced.warnings).toEqual([
      expect.stringMatching(
        /would reach storage at 92\.0 s, after c1's lease ended at 12\.0 s, where storage would reject it \(1 < 2\), so the verdict stands$/,
      ),
    ]);
  });

  it("is not pending once it has landed within the run", () => {
    // The preset's own 30 s delay: the write lands at 32 s, while lock-delay still keeps c2 out.
    expect(chubby(30000).summary).toMatchObject({ verdict: "safe", writesPending: 0, staleWritesAccepted: 1 });
  });
});

describe("concurrent sections", () => {
  it("are episodes in the facts, naming who kept working after its belief had ended", () => {
    // Each 3 s lease ends (by the client's own timer too) while its 8 s of work goes on; c2 takes over at 3 s.
    const result = run(
      scenario({ service: { kind: "redis", ttlMs: 3000 }, clients: { count: 2, startMs: [0, 100], workMs: 8000 } }),
    );
    expect(result.summary.overlapMs).toBe(0);
    expect(result.summary.concurrentSectionsMs).toBeGreaterThan(4000);
    expect(result.facts.concurrent).toEqual([
      {
        lock: "lock",
        from: expect.any(Number),
        to: expect.any(Number),
        clients: ["c1", "c2"],
        pastBelief: [
          { client: "c1", beliefEndedAt: 3000, reason: "lease-deadline" },
          { client: "c2", beliefEndedAt: expect.any(Number), reason: "lease-deadline" },
        ],
      },
    ]);
    const [episode] = result.facts.concurrent;
    expect(episode!.to - episode!.from).toBeCloseTo(result.summary.concurrentSectionsMs, 0);
  });
});
