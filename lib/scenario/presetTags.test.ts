import { describe, expect, it } from "vitest";
import { presetById, presets } from "@/lib/scenario/presets";
import { failuresOf, groupByService, matchesFilter, presetEntry } from "./presetTags";
import { validateScenario } from "@/lib/sim/scenario";
import { serviceLabel } from "./catalog";

const entry = (id: string) => presetEntry(presetById(id)!);

describe("the scenario picker's tags", () => {
  it("files a GC pause under Redis and process pause", () => {
    expect(entry("gc-pause")).toMatchObject({ service: "Redis (one node)", failures: ["pause"] });
  });

  it("reads clock, partition, failover and traffic from the scenario", () => {
    expect(entry("redlock-clock-jump").failures).toContain("clock");
    expect(entry("zk-partition").failures).toContain("partition");
    expect(entry("redis-failover").failures).toEqual(["failover"]);
    expect(entry("traffic-1x").failures).toContain("traffic");
  });

  it("says when a scenario injects no fault at all", () => {
    const plain = validateScenario({ version: 1, service: { kind: "redis", ttlMs: 10000 } });
    expect(plain.ok && failuresOf(plain.scenario)).toEqual(["none"]);
  });

  it("gives every preset the service its resolved scenario runs, and at least one failure kind", () => {
    for (const p of presets) {
      const e = presetEntry(p);
      expect(e.service, p.id).not.toBe("");
      expect(e.failures.length, p.id).toBeGreaterThan(0);
      const validation = validateScenario(p.scenario);
      expect(validation.ok && e.service, p.id).toBe(validation.ok && serviceLabel(validation.scenario.service.kind));
    }
  });
});

describe("searching the presets", () => {
  it("matches every word, in any order, case-insensitively", () => {
    expect(matchesFilter(entry("gc-pause-fenced"), "TOKEN fencing", null)).toBe(true);
    expect(matchesFilter(entry("gc-pause"), "fencing token", null)).toBe(false);
  });

  it("matches the service and the failure kind by name", () => {
    expect(matchesFilter(entry("zk-partition"), "zookeeper", null)).toBe(true);
    expect(matchesFilter(entry("redis-failover"), "failover", "failover")).toBe(true);
    expect(matchesFilter(entry("gc-pause"), "", "clock")).toBe(false);
  });

  it("groups by service in the order the presets come", () => {
    const groups = groupByService(presets);
    expect(groups[0]![0]).toBe("Redis (one node)");
    expect(groups.reduce((n, [, items]) => n + items.length, 0)).toBe(presets.length);
  });
});
