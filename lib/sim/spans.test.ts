import { describe, expect, it } from "vitest";
import type { Span } from "./spans";
import { eventsOf, firstOf, named, run, scenario } from "./testing";
import type { SimResult } from "./simulate";

const spansOf = <K extends Span["kind"]>(result: SimResult, kind: K, lane?: string) =>
  result.spans.filter((s): s is Span & { kind: K } => s.kind === kind && (lane === undefined || s.lane === lane));

describe("spans", () => {
  const gc = run(named("gc-pause-fenced"));

  it("draw each belief from its start to its end, with its token and why it ended", () => {
    expect(spansOf(gc, "belief", "c1")).toMatchObject([
      {
        startT: eventsOf(gc, "belief-start", { proc: "c1" })[0]!.t,
        endT: 16_000,
        token: 1,
        endReason: "lease-deadline",
      },
      { token: 3, endReason: "released" },
    ]);
  });

  it("draw each lease on the service's lane, from grant to the service's end of it", () => {
    const leases = spansOf(gc, "lease");
    expect(leases.map((l) => [l.lane, l.client, l.token, l.endReason])).toEqual([
      ["redis", "c1", 1, "expired"],
      ["redis", "c2", 2, "released"],
      ["redis", "c1", 3, "released"],
    ]);
    const c1Lease = leases[0]!;
    expect(c1Lease.startT).toBe(eventsOf(gc, "grant")[0]!.t);
    expect(c1Lease.endT).toBe(eventsOf(gc, "lease-end")[0]!.t);
  });

  it("draw a pause with its cause and length", () => {
    expect(spansOf(gc, "paused", "c1")).toEqual([
      { kind: "paused", lane: "c1", startT: 1000, endT: 16_000, cause: "gc" },
    ]);
  });

  it("draw work, including the time a pause stretched it", () => {
    const [work] = spansOf(gc, "working", "c1");
    expect(work!.endT - work!.startT).toBeCloseTo(2000 + 15_000, 9);
  });

  it("draw a partition on both lanes it cuts, once per lane however many partitions overlap there", () => {
    const result = run(named("redlock-clock-jump"));
    const cut = spansOf(result, "partitioned");
    expect(cut.map((s) => [s.lane, s.startT, s.endT]).sort()).toEqual([
      ["c1", 0, 1000],
      ["r4", 0, 1000],
      ["r5", 0, 1000],
    ]);
    const staggered = run(
      named("gc-pause", {
        faults: [
          { kind: "partition", between: ["c1", "redis"], atMs: 1000, forMs: 4000 },
          { kind: "partition", between: ["c1", "storage"], atMs: 3000, forMs: 4000 },
          { kind: "isolate", target: "c2", atMs: 2000, forMs: 1000 },
        ],
      }),
    );
    expect(
      spansOf(staggered, "partitioned")
        .map((s) => [s.lane, s.startT, s.endT])
        .sort(),
    ).toEqual([
      ["c1", 1000, 7000],
      ["c2", 2000, 3000],
      ["redis", 1000, 5000],
      ["storage", 3000, 7000],
    ]);
  });

  it("draw a ZooKeeper session in doubt on the client's lane, from Disconnected until the client learns it expired", () => {
    const result = run(named("zk-partition"));
    const disconnected = firstOf(result, "session", { proc: "c1", state: "disconnected" })!.t;
    const learned = firstOf(result, "session", { proc: "c1", state: "expired" })!.t;
    expect(spansOf(result, "session-in-doubt")).toEqual([
      { kind: "session-in-doubt", lane: "c1", startT: disconnected, endT: learned, state: "disconnected" },
    ]);
    // The ensemble's own expiry, on its lane, is a moment inside the doubt, not a second span.
    expect(firstOf(result, "session", { proc: "z1", state: "expired" })!.t).toBeGreaterThan(disconnected);
  });

  it("draw a Chubby session in jeopardy until the master answers again, and end a doubt at the client's crash", () => {
    const restart = run(
      scenario({
        durationMs: 60000,
        service: { kind: "chubby" },
        clients: { count: 2, startMs: [0, 100], workMs: 25000 },
        workload: { kind: "counter", jobsPerClient: 1 },
        faults: [{ kind: "crash", target: "chubby", atMs: 5000, restartAfterMs: 10000 }],
      }),
    );
    const jeopardy = firstOf(restart, "session", { proc: "c1", state: "jeopardy" })!.t;
    const safe = firstOf(restart, "session", { proc: "c1", state: "safe" })!.t;
    expect(spansOf(restart, "session-in-doubt", "c1")).toEqual([
      { kind: "session-in-doubt", lane: "c1", startT: jeopardy, endT: safe, state: "jeopardy" },
    ]);
    const zk = named("zk-partition");
    const crashed = run({ ...zk, faults: [...zk.faults!, { kind: "crash", target: "c1", atMs: 12000 }] });
    expect(spansOf(crashed, "session-in-doubt", "c1")).toMatchObject([{ endT: 12000 }]);
  });

  it("draw a crashed process down from its crash to its restart, or to the end of the run", () => {
    const result = run(named("redlock-restart"));
    expect(spansOf(result, "down", "r3")).toMatchObject([{ startT: 2000, endT: 2100 }]);
    const vanished = run(named("crash-takeover"));
    expect(spansOf(vanished, "down", "c1")).toMatchObject([{ startT: 5000, endT: 60_000 }]);
  });

  it("end a crashed client's belief at the crash, saying it crashed", () => {
    const result = run(named("crash-takeover"));
    expect(eventsOf(result, "belief-end", { proc: "c1" })).toMatchObject([{ t: 5000, reason: "crashed" }]);
    expect(spansOf(result, "belief", "c1")).toMatchObject([{ endT: 5000, endReason: "crashed" }]);
  });

  it("run a belief still held at the end of the run to the end, saying so", () => {
    const result = run(named("crash-takeover", { durationMs: 20_000, faults: [], clients: { workMs: 30_000 } }));
    expect(spansOf(result, "belief", "c1")).toMatchObject([{ endT: 20_000, endReason: "run-end" }]);
  });

  it("are sorted by start time", () => {
    for (const id of ["gc-pause", "etcd-fenced", "outage-fail-open"]) {
      const starts = run(named(id)).spans.map((s) => s.startT);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
  });
});
