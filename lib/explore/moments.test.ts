import { describe, expect, it } from "vitest";
import { named, run } from "@/lib/sim/testing";
import { momentsOf } from "./moments";

describe("momentsOf", () => {
  it("finds each client's grant, read and write, in time order", () => {
    const result = run(named("gc-pause", { faults: [] }));
    const moments = momentsOf(result.events, new Set(["redis"]));
    expect(moments.map((m) => `${m.client} ${m.kind}`)).toEqual([
      "c1 grant",
      "c1 read",
      "c1 write",
      "c2 grant",
      "c2 read",
      "c2 write",
    ]);
    const [grant, , write] = moments;
    expect(grant!.t).toBeGreaterThan(0);
    expect(grant!.t).toBeLessThan(10);
    expect(write!.t).toBeCloseTo(grant!.t + 2000, -1);
  });

  it("finds renewals: messages to the lock service while the client believes it holds the lock", () => {
    const result = run(named("ttl-renewed"));
    const renewals = momentsOf(result.events, new Set(["redis"])).filter(
      (m) => m.kind === "renew" && m.client === "c1",
    );
    expect(renewals.length).toBe(5); // every 1.5 s of an 8 s job
    for (const m of renewals)
      expect(result.events.some((e) => e.kind === "send" && e.t === m.t && e.from === "c1" && e.to === "redis")).toBe(
        true,
      );
  });

  it("has no renewal for a release", () => {
    const result = run(named("gc-pause", { faults: [] }));
    expect(momentsOf(result.events, new Set(["redis"])).some((m) => m.kind === "renew")).toBe(false);
  });
});
