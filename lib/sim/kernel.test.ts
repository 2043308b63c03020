import { describe, expect, it } from "vitest";
import { beliefsOf, eventsOf, firstOf, grantsTo, lastWrite, named, run, scenario } from "./testing";

describe("a paused process", () => {
  it("does nothing while paused: nothing it does or receives is logged until it resumes", () => {
    const result = run(named("gc-pause"));
    const start = firstOf(result, "pause-start", { proc: "c1" })!;
    const end = firstOf(result, "pause-end", { proc: "c1" })!;
    expect([start.t, end.t]).toEqual([1000, 16_000]);
    expect(end.pausedMs).toBe(15_000);
    expect(result.events.filter((e) => e.proc === "c1" && e.t > start.t && e.t < end.t)).toEqual([]);
  });

  it("handles a reply that arrived during the pause at the resume time, before the timeout that came due after it", () => {
    // c1's SET reply arrives about 10 ms in; c1 is paused from 1 ms to 5001 ms; its 1 s timeout also comes due.
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 2000 },
        clients: { count: 1, workMs: 500 },
        network: { latencyMs: [5, 5] },
        faults: [{ kind: "pause", target: "c1", atMs: 1, forMs: 5000 }],
      }),
    );
    const reply = firstOf(result, "deliver", { to: "c1", msg: "OK" })!;
    expect(reply.t).toBe(5001);
    expect(eventsOf(result, "timeout")).toEqual([]);
    expect(firstOf(result, "belief-start", { proc: "c1" })).toMatchObject({ t: 5001, latencyMs: 5001 });
  });

  it("fires a timer whose clock reading passed during the pause late, at the resume, not postponed", () => {
    const result = run(named("gc-pause"));
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(10_000);
    expect(beliefsOf(result, "c1")[0]).toMatchObject({ endT: 16_000, endReason: "lease-deadline" });
  });

  it("resumes its work owing what it owed: a job 1 s from done when paused is 1 s from done after", () => {
    const result = run(named("gc-pause", { network: { latencyMs: [0, 0] } }));
    const workStart = firstOf(result, "work-start", { proc: "c1" })!;
    const pauseStart = firstOf(result, "pause-start", { proc: "c1" })!;
    const pauseEnd = firstOf(result, "pause-end", { proc: "c1" })!;
    const workEnd = firstOf(result, "work-end", { proc: "c1" })!;
    const owed = workStart.ms - (pauseStart.t - workStart.t);
    expect(owed).toBeCloseTo(1000, 0);
    expect(workEnd.t - pauseEnd.t).toBeCloseTo(owed, 9);
  });

  it("owes exactly the unfinished part of its work, whatever the latencies", () => {
    const result = run(named("gc-pause"));
    const workStart = firstOf(result, "work-start", { proc: "c1" })!;
    const pauseStart = firstOf(result, "pause-start", { proc: "c1" })!;
    const workEnd = firstOf(result, "work-end", { proc: "c1" })!;
    expect(workEnd.t - workStart.t).toBeCloseTo(workStart.ms + pauseStart.forMs, 9);
  });

  it("handles the deliveries that waited in the order they arrived", () => {
    // Storage is paused for 2 s while three clients' reads (fixed 5 ms latency) arrive.
    const result = run(
      scenario({
        service: { kind: "none" },
        clients: { count: 3, startMs: [100, 200, 300] },
        network: { latencyMs: [5, 5] },
        faults: [{ kind: "pause", target: "storage", atMs: 0, forMs: 2000 }],
      }),
    );
    const waited = eventsOf(result, "deliver", { to: "storage" }).filter((e) => e.t === 2000);
    expect(waited.length).toBeGreaterThanOrEqual(3);
    const sentAt = new Map(eventsOf(result, "send").map((e) => [e.id, e.t]));
    const sendTimes = waited.map((e) => sentAt.get(e.id)!);
    expect(sendTimes).toEqual([...sendTimes].sort((a, b) => a - b));
    expect(waited.slice(0, 3).map((e) => e.from)).toEqual(["c1", "c2", "c3"]);
  });

  it("keeps only the longer of two overlapping pauses", () => {
    const result = run(
      named("gc-pause", {
        faults: [
          { kind: "pause", target: "c1", atMs: 1000, forMs: 3000 },
          { kind: "pause", target: "c1", atMs: 2000, forMs: 500 },
        ],
      }),
    );
    expect(eventsOf(result, "pause-end", { proc: "c1" })).toMatchObject([{ t: 4000, pausedMs: 3000 }]);
  });
});

describe("a crashed process", () => {
  const crashAt = (host: boolean) =>
    run(named("crash-takeover", { faults: [{ kind: "crash", target: "c1", atMs: 5000, host }] }));

  it("stops at once and its belief ends, whether the process died or the whole host vanished", () => {
    for (const host of [false, true]) {
      const result = crashAt(host);
      expect(firstOf(result, "crash", { proc: "c1" })).toMatchObject({ t: 5000, host });
      expect(firstOf(result, "belief-end", { proc: "c1" })).toMatchObject({ t: 5000, reason: "crashed" });
      expect(result.events.filter((e) => e.proc === "c1" && e.t > 5000)).toEqual([]);
      expect(eventsOf(result, "write", { client: "c1" })).toEqual([]);
    }
  });

  it("leaves a Redis key until its TTL whether the process died or its host vanished: Redis does not tie keys to connections", () => {
    for (const host of [false, true]) {
      const result = crashAt(host);
      expect(grantsTo(result, "c1")[0]).toMatchObject({ endReason: "expired" });
      expect(grantsTo(result, "c1")[0]!.endT).toBeGreaterThan(30_000);
      expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(30_000);
    }
  });

  it("drops messages sent to it, while a request it sent before crashing still takes effect", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 2, startMs: [0, 500] },
        network: { latencyMs: [5, 5] },
        faults: [{ kind: "crash", target: "c1", atMs: 3 }],
      }),
    );
    expect(grantsTo(result, "c1")).toMatchObject([{ endReason: "expired" }]);
    expect(firstOf(result, "drop", { to: "c1" })).toMatchObject({ msg: "OK", reason: "crashed" });
    expect(beliefsOf(result, "c1")).toEqual([]);
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(10_000);
  });

  it("restarts with empty memory: it starts its job again and no longer knows its own key", () => {
    const result = run(
      named("crash-takeover", {
        faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true, restartAfterMs: 1000 }],
      }),
    );
    expect(firstOf(result, "restart", { proc: "c1" })?.t).toBe(6000);
    expect(eventsOf(result, "acquire-start", { proc: "c1" }).map((e) => e.t)).toEqual([0, 6000]);
    expect(eventsOf(result, "refused", { proc: "c1", reason: "held" }).length).toBeGreaterThan(0);
    expect(lastWrite(result, "c1")!.t).toBeGreaterThan(30_000);
    expect(result.summary).toMatchObject({ verdict: "safe", jobsDone: 2, counter: 2 });
  });

  it("does nothing at its start time if it crashed before it (and never restarted)", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { startMs: [0, 100] },
        faults: [{ kind: "crash", target: "c2", atMs: 50 }],
      }),
    );
    expect(firstOf(result, "crash", { proc: "c2" })?.t).toBe(50);
    expect(eventsOf(result, "acquire-start", { proc: "c2" })).toEqual([]);
    expect(eventsOf(result, "send", { from: "c2" })).toEqual([]);
  });

  it("does nothing if it crashed at the very moment it was due to start", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 1 },
        faults: [{ kind: "crash", target: "c1", atMs: 0 }],
      }),
    );
    expect(eventsOf(result, "send", { from: "c1" })).toEqual([]);
    expect(result.summary.jobsDone).toBe(0);
  });

  it("restarted before its start time, runs its job once, not twice", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 10_000 },
        clients: { count: 1, startMs: [100] },
        faults: [{ kind: "crash", target: "c1", atMs: 50, restartAfterMs: 0 }],
      }),
    );
    expect(eventsOf(result, "acquire-start", { proc: "c1" })).toHaveLength(1);
    expect(eventsOf(result, "write", { client: "c1" })).toHaveLength(1);
    expect(result.summary).toMatchObject({ jobsDone: 1, counter: 1 });
  });

  it("restarted before its start time, runs one attempt at a time, so fenced etcd still loses nothing", () => {
    const result = run(
      scenario({
        seed: 8,
        service: { kind: "etcd", ttlMs: 10_000 },
        clients: { count: 2, startMs: [0, 1000], workMs: [100, 3000] },
        workload: { kind: "counter", jobsPerClient: 2 },
        storage: { guard: "fencing", fenceReads: true },
        faults: [{ kind: "crash", target: "c2", atMs: 500, restartAfterMs: 0 }],
      }),
    );
    const believing = new Set<string>();
    const nested: number[] = [];
    for (const e of result.events) {
      if (e.kind === "belief-start" && believing.has(e.proc)) nested.push(e.t);
      if (e.kind === "belief-start") believing.add(e.proc);
      if (e.kind === "belief-end") believing.delete(e.proc);
    }
    expect(nested).toEqual([]);
    expect(result.summary).toMatchObject({ lostUpdates: 0, counter: 4, jobsDone: 4 });
  });
});
