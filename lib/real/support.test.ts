import { describe, expect, it } from "vitest";
import { presets } from "../scenario/presets";
import { validateScenario, type Scenario } from "../sim/scenario";
import { neededServers, refusals } from "./support";

const resolved = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const preset = (id: string) => resolved(presets.find((p) => p.id === id)!.scenario);

describe("what the recorder can run", () => {
  it("runs the shipped kinds of scenario with nothing to refuse", () => {
    for (const id of [
      "gc-pause",
      "gc-pause-fenced",
      "redis-failover",
      "etcd-pause-unfenced",
      "pg-advisory-pause",
      "pg-lock-table-skew",
      "pg-lock-table-db-clock",
      "pg-for-update",
    ]) {
      expect(refusals(preset(id)), id).toEqual([]);
    }
  });

  it("refuses Chubby, ZooKeeper and Kubernetes, saying why", () => {
    expect(refusals(preset("chubby-lock-delay")).join()).toMatch(/Chubby is Google's internal service/);
    expect(refusals(preset("zk-partition")).join()).toMatch(/ZooKeeper is not installed/);
    expect(refusals(preset("k8s-paused-leader")).join()).toMatch(/Kubernetes API server/);
  });

  it("refuses a clock jump, which needs clock control this machine does not give", () => {
    expect(refusals(preset("redis-clock-jump"))).toEqual([
      expect.stringMatching(/^faults\.0 \(clock-jump\): a clock jump needs control/),
    ]);
  });

  it("freezes the Redis primary (SIGSTOP of its PID), but no other server", () => {
    const frozen = (target: string, service: Scenario["service"]) =>
      refusals(resolved({ version: 1, service, faults: [{ kind: "pause", target, atMs: 1000, forMs: 5000 }] }));
    expect(frozen("redis", { kind: "redis", ttlMs: 5000, replica: { lagMs: 500 } })).toEqual([]);
    expect(frozen("replica", { kind: "redis", ttlMs: 5000, replica: { lagMs: 500 } })).toEqual([
      "faults.0 (pause): the recorder pauses clients and the Redis primary only",
    ]);
    expect(frozen("e1", { kind: "etcd", ttlMs: 5000 })).toEqual([
      "faults.0 (pause): the recorder pauses clients and the Redis primary only",
    ]);
  });

  it("names every reason at once", () => {
    const s = resolved({
      version: 1,
      service: { kind: "redis", ttlMs: 1000 },
      workload: { kind: "cron", everyMs: 1000 },
      network: { lossRate: 0.1 },
    });
    expect(refusals(s)).toHaveLength(2);
  });

  it("needs a Redis beside etcd for the counter, and initdb and postgres for PostgreSQL", () => {
    expect(neededServers(preset("etcd-pause-unfenced")).map((n) => n.apt)).toEqual(["etcd-server", "redis-server"]);
    expect(neededServers(preset("pg-for-update")).map((n) => n.program)).toEqual(["initdb", "postgres"]);
  });
});
