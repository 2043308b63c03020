import { describe, expect, it } from "vitest";
import { presetById, presets } from "./presets";
import { validateScenario } from "./scenario";
import { run } from "./testing";

describe("presets", () => {
  it("have unique ids, found by presetById", () => {
    const ids = presets.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(presetById(id)?.id).toBe(id);
    expect(presetById("no-such-preset")).toBeUndefined();
  });

  it("each have a title, a description and what to look for", () => {
    for (const p of presets) {
      expect(p.title.length, p.id).toBeGreaterThan(5);
      expect(p.description.length, p.id).toBeGreaterThan(10);
      expect(p.lookFor.length, p.id).toBeGreaterThan(10);
    }
  });

  it("are each a valid scenario that runs to its end without warnings", () => {
    for (const p of presets) {
      const v = validateScenario(p.scenario);
      expect(v.ok ? [] : v.errors, p.id).toEqual([]);
      const result = run(p.scenario);
      expect(result.warnings, p.id).toEqual([]);
      expect(result.events.length, p.id).toBeGreaterThan(0);
    }
  });

  it("include the course's stories, each with the verdict its lesson teaches", () => {
    const verdicts = Object.fromEntries(presets.map((p) => [p.id, run(p.scenario).summary.verdict]));
    expect(verdicts).toMatchObject({
      "gc-pause": "unsafe",
      "gc-pause-fenced": "safe",
      "check-before-write": "unsafe",
      "fencing-read-gap": "unsafe",
      "redlock-clock-jump": "unsafe",
      "redlock-pause-during-acquire": "safe",
      "redis-failover": "unsafe",
      "incr-token-regression": "unsafe",
      "cron-double-run": "unsafe",
      "cron-idempotency": "safe",
      "no-lock": "unsafe",
      "no-lock-cas": "safe",
      "crash-takeover": "safe",
      "outage-fail-closed": "safe",
      "outage-fail-open": "unsafe",
      "etcd-fenced": "safe",
      "etcd-pause-unfenced": "unsafe",
      "ttl-shorter-than-work": "unsafe",
      "ttl-renewed": "safe",
      "delete-release": "unsafe",
      "redis-clock-jump": "unsafe",
      "client-clock-jump": "unsafe",
      "redlock-restart": "unsafe",
      "redlock-restart-delayed": "safe",
      "etcd-crash-takeover": "safe",
      "delayed-write": "safe",
      "etcd-quorum-loss": "safe",
      "redis-failover-sentinel": "safe",
      "storage-failover-fenced": "unsafe",
      "k8s-paused-leader": "unsafe",
      "k8s-partitioned-leader": "safe",
      "k8s-controller-exits": "safe",
      "k8s-notice-too-late": "unsafe",
    });
  });
});
