import { describe, expect, it } from "vitest";
import type { Scenario } from "@/lib/sim/scenario";
import type { RunProgress } from "@/lib/sim/simulate";
import { simulationJob } from "./simJob";

describe("the simulation worker's job", () => {
  it("reports at once after its first few thousand steps, however little time they cover, then a simulated second apart at least", () => {
    // 64 clients on Redlock's five nodes: a few thousand steps are well under a simulated second.
    const busy: Scenario = {
      version: 1,
      durationMs: 20_000,
      service: { kind: "redlock", ttlMs: 10_000 },
      clients: { count: 64, startMs: Array(64).fill(0) },
    };
    const heard: RunProgress[] = [];
    simulationJob(busy, (progress) => heard.push(progress));
    expect(heard.length).toBeGreaterThan(2);
    // The first report is the one a run planned large is foretold from: it must not wait for a simulated second.
    expect(heard[0]!.reachedMs).toBeLessThan(1_000);
    expect(heard[0]!.events).toBeGreaterThan(0);
    for (let i = 1; i < heard.length; i++)
      expect(heard[i]!.reachedMs - heard[i - 1]!.reachedMs).toBeGreaterThanOrEqual(1_000);
  });
});
