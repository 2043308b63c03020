import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { timelineModel } from "./timelineModel";

const model = (id: string) => timelineModel(simulate(presetById(id)!.scenario));

describe("the timeline model", () => {
  it("folds a client's repeated refused retries into one band with a count, leaving the other messages as arrows", () => {
    const result = simulate(presetById("gc-pause")!.scenario);
    const m = timelineModel(result);
    const refused = result.events.filter((e) => e.kind === "refused");
    expect(refused.length).toBeGreaterThan(40);
    // c2 retries every 100–300 ms from 0.1 s until c1's lease expires at 10 s: one band, every refusal counted.
    expect(m.refusals.query(0, m.durationMs)).toHaveLength(1);
    const [band] = m.refusals.query(0, m.durationMs);
    expect(band).toMatchObject({ client: "c2", startT: 100 });
    expect(band!.times).toEqual(refused.map((e) => e.t));
    expect(band!.endT).toBe(refused.at(-1)!.t);
    // Each refused attempt was a request and its reply: those arrows are gone, the rest remain.
    const all = m.messages.query(0, m.durationMs);
    expect(all).toHaveLength(result.events.filter((e) => e.kind === "send").length - 2 * refused.length);
    expect(all.some((msg) => msg.to === "storage")).toBe(true);
    expect(all.filter((msg) => msg.from === "c2" && msg.sendT < band!.endT)).toEqual([]);
  });

  it("lasts as long as a pause that outlives the run's last event: a pause past the run's end ends the activity there", () => {
    const gcPause = presetById("gc-pause")!.scenario;
    const longPause = {
      ...gcPause,
      faults: gcPause.faults!.map((fault, i) => (i === 0 ? { ...fault, forMs: 90_000 } : fault)),
    };
    const result = simulate(longPause);
    const lastEvent = Math.max(
      ...result.events.filter((e) => !["send", "deliver", "drop"].includes(e.kind)).map((e) => e.t),
    );
    // c2 takes over and writes in the first 13 s; c1 is still paused when the run ends at 60 s, and no resume is logged.
    expect(lastEvent).toBeLessThan(13_000);
    expect(timelineModel(result).activityEndT).toBe(60_000);
    // A pause that ends before the last event changes nothing.
    expect(model("gc-pause").activityEndT).toBe(
      Math.max(
        ...simulate(gcPause)
          .events.filter((e) => !["send", "deliver", "drop"].includes(e.kind))
          .map((e) => e.t),
      ),
    );
  });

  it("knows whether any belief carries a fencing token, so a run without tokens need not mention them", () => {
    expect(model("gc-pause").beliefTokens).toBe(false);
    expect(model("gc-pause-fenced").beliefTokens).toBe(true);
  });

  it("keeps a single refusal as its arrows", () => {
    const m = timelineModel(simulate(presetById("redis-failover")!.scenario));
    expect(m.refusals.query(0, m.durationMs)).toEqual([]);
  });

  it("has a lane per client, per service node and for storage", () => {
    expect(model("gc-pause").lanes.map((l) => l.id)).toEqual(["c1", "c2", "redis", "storage"]);
    expect(model("redlock-clock-jump").lanes.map((l) => l.id)).toEqual([
      "c1",
      "c2",
      "r1",
      "r2",
      "r3",
      "r4",
      "r5",
      "storage",
    ]);
    expect(model("no-lock").lanes.map((l) => l.kind)).toEqual([
      "client",
      "client",
      "client",
      "client",
      "client",
      "storage",
    ]);
  });

  it("names a rejected write the way the issue asks", () => {
    const write = model("gc-pause-fenced").marks.find((m) => m.kind === "write" && m.outcome === "rejected");
    expect(write).toMatchObject({
      name: "c1 write with token 1 at 17.0 s: rejected, storage has seen 2",
      note: "1 < 2",
    });
  });

  it("marks a stale write that storage applied as damage, naming whose increment was lost", () => {
    const write = model("gc-pause").marks.find((m) => m.kind === "write" && m.client === "c1");
    expect(write).toMatchObject({ outcome: "stale-applied", damage: "c2's increment lost" });
    expect(write?.name).toBe("c1 write at 17.0 s: accepted after its lease ended, counter 1, c2's increment lost");
  });

  it("marks a live holder's write that erased a stale writer's increment as an overwrite, not as stale", () => {
    // redis-failover: c1's write lands after its key was lost in the failover (stale); c2, granted
    // by the new primary, had read before c1 wrote, so its valid write erases c1's increment.
    const writes = model("redis-failover").marks.filter((m) => m.kind === "write");
    expect(writes.find((m) => m.client === "c1")).toMatchObject({ outcome: "stale-applied" });
    expect(writes.find((m) => m.client === "c2")).toMatchObject({
      outcome: "overwrote",
      damage: "c1's increment lost",
    });
  });

  it("names each grant with its token and how its lease ended", () => {
    const grants = model("gc-pause-fenced").marks.filter((m) => m.kind === "grant");
    expect(grants.map((g) => g.name)).toEqual([
      "c1 granted the lock by redis with token 1 at 0.0 s; the lease expired at 10.0 s",
      "c2 granted the lock by redis with token 2 at 10.0 s; the lease was released at 12.0 s",
      "c1 granted the lock by redis with token 3 at 17.1 s; the lease was released at 19.2 s",
    ]);
  });

  it("puts a Redlock grant on the client's lane: the client concludes it holds a majority", () => {
    const grant = model("redlock-clock-jump").marks.find((m) => m.kind === "grant");
    expect(grant).toMatchObject({ lane: "c1" });
    expect(grant?.name).toContain("by a majority of nodes");
  });

  it("finds the belief that outlived the real lease", () => {
    const [overhang] = model("gc-pause").overhangs.query(0, 60_000);
    expect(overhang!.lane).toBe("c1");
    expect(overhang!.startT).toBeCloseTo(10_002.9, 0);
    expect(overhang!.endT).toBe(16_000);
  });

  it("marks violations and overlap bands, each named first with the word its mark shows", () => {
    const m = model("gc-pause");
    const violations = m.marks.filter((x) => x.kind === "violation");
    expect(violations.map((x) => x.label)).toEqual(["overlap", "lost update"]);
    expect(violations.map((x) => x.name)).toEqual([
      "Overlap at 10.0 s: From 10.0 s to 12.0 s c1 and c2 each believed they held the lock: mutual exclusion was lost for 2.0 s.",
      expect.stringContaining("Lost update at 17.0 s: At 17.0 s c1 wrote 1"),
    ]);
    expect(m.overlaps).toEqual([{ clients: ["c1", "c2"], startT: expect.any(Number), endT: expect.any(Number) }]);
  });

  it("pairs every message with its delivery or drop", () => {
    const m = model("redlock-clock-jump");
    const all = m.messages.query(0, Infinity);
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((msg) => msg.dropped)).toBe(true);
    for (const msg of all) expect(msg.endT).toBeGreaterThanOrEqual(msg.sendT);
  });

  it("steps through every event, or every event but messages", () => {
    const m = model("gc-pause");
    expect(m.stops.withoutMessages.length).toBeLessThan(m.stops.all.length);
    for (let i = 1; i < m.stops.all.length; i++) expect(m.stops.all[i]).toBeGreaterThan(m.stops.all[i - 1]!);
  });

  it("brackets clients that worked at once while one of them no longer believed it held the lock, and only those", () => {
    // c1's 3 s lease ends while its 8 s of work goes on; c2 takes the lock and works beside it.
    const pastLease = timelineModel(
      simulate({
        version: 1,
        service: { kind: "redis", ttlMs: 3000 },
        clients: { count: 2, startMs: [0, 100], workMs: 8000 },
      }),
    );
    expect(pastLease.overlaps).toEqual([]);
    expect(pastLease.concurrents).toEqual([
      { clients: ["c1", "c2"], startT: expect.any(Number), endT: expect.any(Number) },
    ]);
    expect(pastLease.concurrents[0]!.endT - pastLease.concurrents[0]!.startT).toBeGreaterThan(4000);
    // In the GC pause both clients believed while they worked at once: the overlap band says it all.
    expect(model("gc-pause").concurrents).toEqual([]);
  });
});
