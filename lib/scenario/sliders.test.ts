import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { settle } from "./edits";
import { latencyRange, sliderById, sliders } from "./sliders";

const resolve = (s: Scenario) => {
  const v = validateScenario(s);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
};
const preset = (id: string) => presetById(id)!.scenario;

/** Sets a slider on a scenario the way the lab does: apply, then settle. */
function set(id: Parameters<typeof sliderById>[0], scenario: Scenario, value: number | null) {
  const spec = sliderById(id);
  return resolve(settle(spec.apply(scenario, value, resolve(scenario))).scenario);
}

describe("every slider", () => {
  it("has the accessible name the issue asks for", () => {
    expect(sliders.map((s) => s.label)).toEqual([
      "Lease TTL",
      "Clock skew",
      "Clock drift",
      "Pause length",
      "Clients",
      "Network latency",
      "Work time",
      "Renew every",
      "Safety margin",
    ]);
  });

  it("writes the value it reads back, at every step, on a scenario where it applies", () => {
    const base = preset("gc-pause");
    for (const spec of sliders) {
      for (const position of [0, 1, Math.floor(spec.scale.max / 2), spec.scale.max]) {
        const value = spec.scale.toValue(position);
        const after = set(spec.id, base, value);
        expect(spec.read(spec.apply(base, value, resolve(base)), after), `${spec.label} at ${position}`).toEqual(
          value ?? (spec.id === "renew" ? null : 0),
        );
      }
    }
  });
});

describe("Lease TTL", () => {
  const lease = sliderById("lease");

  it("runs from 500 ms to 120 s on a log scale", () => {
    expect(lease.scale.toValue(0)).toBe(500);
    expect(lease.scale.toValue(lease.scale.max)).toBe(120_000);
    const mid = lease.scale.toValue(lease.scale.max / 2) as number;
    expect(mid).toBeGreaterThan(7000);
    expect(mid).toBeLessThan(8000); // √(500 × 120000) ≈ 7746
  });

  it("sets each service's own lease field", () => {
    expect(set("lease", preset("gc-pause"), 20_000).service).toMatchObject({ kind: "redis", ttlMs: 20_000 });
    expect(set("lease", preset("zk-partition"), 20_000).service).toMatchObject({ sessionTimeoutMs: 20_000 });
    expect(set("lease", preset("chubby-lock-delay"), 20_000).service).toMatchObject({ leaseMs: 20_000 });
  });

  it("keeps Kubernetes' durations in client-go's proportions, so the scenario stays valid", () => {
    const k8s = set("lease", preset("k8s-paused-leader"), 600).service;
    expect(k8s).toMatchObject({ leaseDurationMs: 600, renewDeadlineMs: 400, retryPeriodMs: 80 });
  });

  it("reads the TTL as written, not as etcd raised it", () => {
    const written = sliderById("lease").apply(
      preset("etcd-pause-unfenced"),
      500,
      resolve(preset("etcd-pause-unfenced")),
    );
    expect(lease.read(written, resolve(written))).toBe(500);
    expect(resolve(written).service).toMatchObject({ ttlMs: 2000 });
  });

  it("does not apply where there is no TTL, and says why", () => {
    expect(lease.availability(resolve(preset("no-lock")))).toEqual({
      ok: false,
      reason: "With no lock there is no lease.",
    });
    expect(lease.availability(resolve(preset("pg-advisory-pause")))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("advisory lock has no TTL"),
    });
    expect(lease.availability(resolve(preset("gc-pause")))).toEqual({ ok: true });
  });
});

describe("Pause length", () => {
  it("edits c1's first pause, removes it at zero, and adds one at 1 s when there is none", () => {
    expect(set("pause", preset("gc-pause"), 5000).faults).toEqual([
      { kind: "pause", target: "c1", atMs: 1000, forMs: 5000 },
    ]);
    expect(set("pause", preset("gc-pause"), 0).faults).toEqual([]);
    expect(set("pause", preset("ttl-renewed"), 3000).faults).toEqual([
      { kind: "pause", target: "c1", atMs: 1000, forMs: 3000 },
    ]);
    expect(set("pause", preset("check-before-write"), 2000).faults[0]).toMatchObject({
      atPhase: "before-write",
      forMs: 2000,
    });
  });
});

describe("the other mappings", () => {
  it("Network latency sets a range with the default's proportions", () => {
    expect(latencyRange(5)).toEqual([1, 5]);
    expect(set("latency", preset("gc-pause"), 500).network.latencyMs).toEqual([100, 500]);
  });

  it("Work time keeps a range's proportions", () => {
    expect(set("work", preset("chaos-default"), 6000).clients.workMs).toEqual([1000, 6000]);
    expect(set("work", preset("gc-pause"), 3000).clients.workMs).toBe(3000);
  });

  it("Clients grows or cuts an explicit start list, and drops faults on clients that are gone", () => {
    expect(set("clients", preset("gc-pause"), 4).clients.startMs).toEqual([0, 100, 200, 300]);
    const one = settle(sliderById("clients").apply(preset("redis-clock-jump"), 1, resolve(preset("redis-clock-jump"))));
    expect(resolve(one.scenario).clients.startMs).toEqual([0]);
    const cut = settle(sliderById("clients").apply(preset("zk-partition"), 1, resolve(preset("zk-partition"))));
    expect(cut.notes).toEqual([]);
    const k8s = settle(
      sliderById("clients").apply(preset("pg-lock-table-skew"), 1, resolve(preset("pg-lock-table-skew"))),
    );
    expect(k8s.notes).toEqual(["Removed the clock settings of c2: it is not in this scenario."]);
  });

  it("Renew every is off as null, and does not apply where the service renews itself", () => {
    expect(set("renew", preset("ttl-renewed"), null).clients.renewEveryMs).toBeNull();
    expect(sliderById("renew").availability(resolve(preset("etcd-fenced")))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("KeepAlive"),
    });
  });

  it("Safety margin and the clock sliders set their fields", () => {
    expect(set("margin", preset("gc-pause"), 2000).clients.safetyMarginMs).toBe(2000);
    expect(set("skew", preset("gc-pause"), 4000).clocks.skewMs).toBe(4000);
    expect(set("drift", preset("gc-pause"), 200).clocks.driftPpm).toBe(200);
  });
});
