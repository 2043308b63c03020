import { describe, expect, it } from "vitest";
import { eventsOf, firstOf, grantsTo, named, run } from "../testing";

describe("Redlock and a node's clock jump", () => {
  const result = run(named("redlock-clock-jump"));

  it("ends c1's grant at 2 s, when r3's jump drops its key and c1 is left with a minority", () => {
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 2000, endReason: "expired" });
  });

  it("lets c2 lock r3–r5 at about 3 s: two holders", () => {
    const [c2Grant] = grantsTo(result, "c2");
    expect(c2Grant!.t).toBeGreaterThan(3000);
    expect(c2Grant!.t).toBeLessThan(3100);
    expect(result.summary.maxConcurrentHolders).toBe(2);
    const overlap = result.violations.find((v) => v.kind === "overlap")!;
    expect(overlap).toMatchObject({ clients: ["c1", "c2"], tokens: [] });
    expect(overlap.t).toBe(firstOf(result, "belief-start", { proc: "c2" })!.t);
  });

  it("has no token storage could use to tell them apart", () => {
    expect(result.summary.tokens).toEqual([]);
    expect(eventsOf(result, "grant").every((g) => g.token === null)).toBe(true);
    expect(result.summary).toMatchObject({ verdict: "unsafe", lostUpdates: 1 });
  });
});

describe("Redlock and a pause during acquisition", () => {
  const result = run(named("redlock-pause-during-acquire"));
  const pauseEnd = firstOf(result, "pause-end", { proc: "c1" })!;

  it("sends c1's first round of SETs before the pause", () => {
    const firstRound = eventsOf(result, "send", { from: "c1", msg: "SET NX PX" }).filter((e) => e.t < pauseEnd.t);
    expect(firstRound.map((e) => e.to)).toEqual(["r1", "r2", "r3", "r4", "r5"]);
  });

  it("never grants c1 the lock from that first attempt: past the TTL, it unlocks every node on waking", () => {
    expect(grantsTo(result, "c1")[0]!.t).toBeGreaterThan(pauseEnd.t);
    const unlocks = eventsOf(result, "send", { from: "c1", msg: "DEL if value" }).filter((e) => e.t === pauseEnd.t);
    expect(unlocks.map((e) => e.to)).toEqual(["r1", "r2", "r3", "r4", "r5"]);
  });

  it("has no overlap and loses nothing", () => {
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, maxConcurrentHolders: 1, counter: 2 });
    expect(result.violations).toEqual([]);
  });
});

describe("Redlock and a node restart", () => {
  it("without persistence lets c2 lock r3–r5 while c1 still holds: two holders", () => {
    const result = run(named("redlock-restart"));
    expect(firstOf(result, "restart", { proc: "r3" })?.t).toBe(2100);
    expect(grantsTo(result, "c1")[0]).toMatchObject({ endT: 2100, endReason: "restart" });
    expect(result.summary).toMatchObject({ verdict: "unsafe", maxConcurrentHolders: 2 });
  });

  it("delayed past the TTL keeps r3 down, so c2 gets only two votes while c1 holds: no overlap", () => {
    const result = run(named("redlock-restart-delayed"));
    expect(firstOf(result, "restart", { proc: "r3" })?.t).toBe(13_000);
    const c1Release = firstOf(result, "release", { proc: "c1" })!;
    expect(eventsOf(result, "refused", { proc: "c2", reason: "no-quorum" }).length).toBeGreaterThan(0);
    expect(grantsTo(result, "c2")[0]!.t).toBeGreaterThan(c1Release.t);
    expect(result.summary).toMatchObject({ verdict: "safe", overlapMs: 0, maxConcurrentHolders: 1, counter: 2 });
  });
});

describe("Redlock's validity", () => {
  it("sets the client's lease deadline to the round's start + TTL − drift allowance (ttl·0.01 + 2 ms)", () => {
    const result = run(named("redlock-clock-jump"));
    expect(firstOf(result, "belief-start", { proc: "c1" })?.leaseDeadline).toBe(0 + 10_000 - (100 + 2));
  });
});

describe("Redlock on the timeline", () => {
  it("draws each node's key as a lease on that node's lane, from its SET until that node drops it", () => {
    const result = run(named("redlock-clock-jump"));
    const c1Keys = result.spans.filter((s) => s.kind === "lease" && s.client === "c1");
    expect(c1Keys.map((s) => s.lane).sort()).toEqual(["r1", "r2", "r3"]);
    const r3 = c1Keys.find((s) => s.lane === "r3")!;
    expect(r3).toMatchObject({ endT: 2000, endReason: "expired" });
    expect(r3.startT).toBeLessThan(50);
    expect(result.spans.some((s) => s.kind === "lease" && s.lane === "c1")).toBe(false);
  });
});
