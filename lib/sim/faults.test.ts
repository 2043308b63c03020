import { describe, expect, it } from "vitest";
import { eventsOf, firstOf, named, run, scenario } from "./testing";
import type { SimResult } from "./simulate";

const chaos = (changes: { seed?: number; workMs?: number; latencyMs?: [number, number] } = {}) =>
  scenario({
    seed: changes.seed ?? 1,
    durationMs: 60_000,
    service: { kind: "redis", ttlMs: 5000 },
    clients: { count: 3, workMs: changes.workMs ?? 1000 },
    workload: { kind: "counter", jobsPerClient: 5 },
    network: { latencyMs: changes.latencyMs ?? [1, 5] },
    chaos: { pauseEveryMs: 3000, pauseMs: [200, 4000] },
  });

/** Each client's pauses as [start, end] pairs, in order. */
function pausesOf(result: SimResult, client: string): [number, number][] {
  const starts = eventsOf(result, "pause-start", { proc: client });
  const ends = eventsOf(result, "pause-end", { proc: client });
  return starts.map((s, i) => [s.t, ends[i]?.t ?? Infinity]);
}

describe("chaos pauses", () => {
  const result = run(chaos());

  it("pause every client, caused by chaos", () => {
    for (const c of ["c1", "c2", "c3"]) expect(pausesOf(result, c).length).toBeGreaterThan(3);
    expect(eventsOf(result, "pause-start").every((e) => e.cause === "chaos")).toBe(true);
  });

  it("never overlap: each starts after the previous one of that client ended", () => {
    for (const c of ["c1", "c2", "c3"]) {
      const pauses = pausesOf(result, c);
      for (let i = 1; i < pauses.length; i++) expect(pauses[i]![0]).toBeGreaterThan(pauses[i - 1]![1]);
    }
  });

  it("last a whole number of milliseconds drawn from pauseMs", () => {
    for (const e of eventsOf(result, "pause-start")) {
      expect(Number.isInteger(e.forMs)).toBe(true);
      expect(e.forMs).toBeGreaterThanOrEqual(200);
      expect(e.forMs).toBeLessThanOrEqual(4000);
    }
    for (const e of eventsOf(result, "pause-end")) {
      expect(e.pausedMs).toBeGreaterThanOrEqual(200);
      expect(e.pausedMs).toBeLessThanOrEqual(4000);
    }
  });

  it("follow the seed: the same seed gives the same pauses, another seed different ones", () => {
    const again = run(chaos());
    const other = run(chaos({ seed: 2 }));
    expect(pausesOf(again, "c1")).toEqual(pausesOf(result, "c1"));
    expect(pausesOf(other, "c1")).not.toEqual(pausesOf(result, "c1"));
  });

  it("do not depend on anything else in the run: other work times and latencies leave them where they were", () => {
    const changed = run(chaos({ workMs: 300, latencyMs: [10, 40] }));
    for (const c of ["c1", "c2", "c3"]) expect(pausesOf(changed, c)).toEqual(pausesOf(result, c));
  });

  it("come on average pauseEveryMs apart, measured from the end of the previous pause", () => {
    const long = run(
      scenario({
        durationMs: 1_200_000,
        service: { kind: "none" },
        clients: { count: 2 },
        chaos: { pauseEveryMs: 2000, pauseMs: [100, 100] },
      }),
    );
    const gaps: number[] = [];
    for (const c of ["c1", "c2"]) {
      const pauses = pausesOf(long, c);
      gaps.push(pauses[0]![0], ...pauses.slice(1).map((p, i) => p[0] - pauses[i]![1]));
    }
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(gaps.length).toBeGreaterThan(900);
    expect(mean).toBeGreaterThan(1850);
    expect(mean).toBeLessThan(2150);
  });

  it("are off when pauseEveryMs is 0", () => {
    expect(eventsOf(run(named("gc-pause")), "pause-start").every((e) => e.cause === "gc")).toBe(true);
    expect(eventsOf(run(scenario({ service: { kind: "none" }, chaos: { pauseEveryMs: 0 } })), "pause-start")).toEqual(
      [],
    );
  });
});

describe("scheduled faults", () => {
  it("happen at their atMs", () => {
    const result = run(
      scenario({
        service: { kind: "redis", ttlMs: 5000 },
        faults: [
          { kind: "pause", target: "redis", atMs: 1234, forMs: 10 },
          { kind: "crash", target: "c2", atMs: 2345 },
          { kind: "clock-jump", target: "storage", atMs: 3456, byMs: -5 },
          { kind: "outage", atMs: 4567, forMs: 100 },
        ],
      }),
    );
    expect(firstOf(result, "pause-start", { proc: "redis" })?.t).toBe(1234);
    expect(firstOf(result, "pause-end", { proc: "redis" })?.t).toBe(1244);
    expect(firstOf(result, "crash", { proc: "c2" })?.t).toBe(2345);
    expect(firstOf(result, "clock-jump", { proc: "storage" })).toMatchObject({ t: 3456, byMs: -5 });
    expect(eventsOf(result, "outage-start").map((e) => e.t)).toEqual([4567]);
    expect(eventsOf(result, "outage-end").map((e) => e.t)).toEqual([4667]);
  });

  it("pause a client at the moment it learns it holds the lock with atPhase holding", () => {
    const result = run(
      named("gc-pause", { faults: [{ kind: "pause", target: "c1", atPhase: "holding", forMs: 12_000 }] }),
    );
    const belief = firstOf(result, "belief-start", { proc: "c1" })!;
    expect(firstOf(result, "pause-start", { proc: "c1" })).toMatchObject({ t: belief.t, forMs: 12_000 });
    // The read waits until the pause is over.
    expect(firstOf(result, "read", { client: "c1" })!.t).toBeGreaterThan(belief.t + 12_000);
  });
});
