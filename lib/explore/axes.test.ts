import { describe, expect, it } from "vitest";
import { named, scenario } from "@/lib/sim/testing";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { applyAxis, axes, axisAvailability, axisValues, CHAOS_EVERY_MS, type AxisId } from "./axes";

function applied(s: Scenario, id: AxisId, value: number): Scenario {
  const result = applyAxis(s, id, value);
  if (!result.ok) throw new Error(result.reason);
  return result.scenario;
}

describe("the axes", () => {
  it("are the eight parameters of the issue, with these labels", () => {
    expect(axes.map((a) => a.label)).toEqual([
      "Lease TTL",
      "Pause length",
      "Clock skew",
      "Clock drift",
      "Clients",
      "Network latency",
      "Work time",
      "Safety margin",
    ]);
    for (const a of axes) {
      expect(a.range[0]).toBeLessThan(a.range[1]);
      if (a.scale === "log") expect(a.range[0]).toBeGreaterThan(0);
      expect(Number.isInteger(a.step)).toBe(true);
    }
  });

  it("each set a valid scenario at both ends of their default range", () => {
    const base = named("chaos-default");
    for (const a of axes) {
      for (const v of a.range) {
        const validation = validateScenario(applied(base, a.id, v));
        expect(validation.ok, `${a.label} = ${v}`).toBe(true);
      }
    }
  });
});

describe("Lease TTL", () => {
  const kinds: [Scenario["service"], string][] = [
    [{ kind: "redis", ttlMs: 5000 }, "ttlMs"],
    [{ kind: "redlock", ttlMs: 5000 }, "ttlMs"],
    [{ kind: "etcd", ttlMs: 5000 }, "ttlMs"],
    [{ kind: "postgres", mode: "lock-table" }, "ttlMs"],
    [{ kind: "zookeeper", sessionTimeoutMs: 10_000 }, "sessionTimeoutMs"],
    [{ kind: "chubby" }, "leaseMs"],
    [{ kind: "kubernetes" }, "leaseDurationMs"],
  ];
  it.each(kinds)("sets the lease field of %o (%s)", (service, field) => {
    const out = applied(scenario({ service }), "lease-ttl", 12_000);
    expect((out.service as Record<string, unknown>)[field]).toBe(12_000);
    expect(out.service.kind).toBe(service.kind);
  });

  it("scales Kubernetes' RenewDeadline and RetryPeriod with LeaseDuration, keeping them valid", () => {
    for (const ms of [1000, 3000, 15_000, 60_000]) {
      const out = applied(named("k8s-paused-leader"), "lease-ttl", ms);
      expect(out.service).toMatchObject({
        kind: "kubernetes",
        leaseDurationMs: ms,
        renewDeadlineMs: Math.round((ms * 2) / 3),
        retryPeriodMs: Math.round((ms * 2) / 15),
      });
      expect(validateScenario(out).ok).toBe(true);
    }
  });

  it("does not apply with no lock, an advisory lock or FOR UPDATE, and says why", () => {
    for (const service of [
      { kind: "none" },
      { kind: "postgres", mode: "advisory" },
      { kind: "postgres", mode: "for-update" },
    ] as const) {
      const s = scenario({ service });
      const result = applyAxis(s, "lease-ttl", 5000);
      expect(result.ok).toBe(false);
      expect(axisAvailability(s, "lease-ttl")).toEqual(result);
      expect(axisAvailability(s, "safety-margin").ok).toBe(false);
    }
    expect(applyAxis(scenario({ service: { kind: "none" } }), "lease-ttl", 5000)).toEqual({
      ok: false,
      reason: "With no lock there is no lease.",
    });
  });
});

describe("Pause length", () => {
  it("sets the first pause fault's length", () => {
    const base = scenario({
      service: { kind: "redis", ttlMs: 5000 },
      faults: [
        { kind: "crash", target: "c2", atMs: 9000 },
        { kind: "pause", target: "c1", atMs: 1000, forMs: 15_000 },
        { kind: "pause", target: "c2", atMs: 1, forMs: 5 },
      ],
    });
    const out = applied(base, "pause-length", 4000);
    expect(out.faults).toEqual([
      base.faults![0],
      { kind: "pause", target: "c1", atMs: 1000, forMs: 4000 },
      base.faults![2],
    ]);
    expect(out.chaos).toBeUndefined();
  });

  it("without a pause fault, sets the longest chaos pause", () => {
    const out = applied(named("chaos-default"), "pause-length", 3000);
    expect(out.chaos).toEqual({ pauseEveryMs: 8000, pauseMs: [100, 3000] });
    expect(applied(named("chaos-default"), "pause-length", 50).chaos?.pauseMs).toEqual([50, 50]);
  });

  it("turns chaos on where it was off", () => {
    const out = applied(named("ttl-renewed"), "pause-length", 3000);
    expect(out.chaos).toEqual({ pauseEveryMs: CHAOS_EVERY_MS, pauseMs: [100, 3000] });
  });
});

describe("the other axes", () => {
  const base = named("chaos-default");

  it("set clock skew and drift", () => {
    expect(applied(base, "clock-skew", 250).clocks).toEqual({ skewMs: 250 });
    expect(applied(base, "clock-drift", 2000).clocks).toEqual({ driftPpm: 2000 });
    const both = applied(applied(base, "clock-skew", 250), "clock-drift", 2000);
    expect(both.clocks).toEqual({ skewMs: 250, driftPpm: 2000 });
  });

  it("set network latency to [v/5, v]", () => {
    expect(applied(base, "network-latency", 100).network).toEqual({ latencyMs: [20, 100] });
    expect(applied(base, "network-latency", 1).network).toEqual({ latencyMs: [0, 1] });
  });

  it("set work time, scaling a range to keep its proportions", () => {
    expect(applied(base, "work-time", 6000).clients?.workMs).toEqual([1000, 6000]);
    expect(applied(named("gc-pause"), "work-time", 6000).clients?.workMs).toBe(6000);
  });

  it("set the safety margin", () => {
    expect(applied(base, "safety-margin", 700).clients).toMatchObject({ safetyMarginMs: 700, count: 5 });
  });

  it("round to whole milliseconds", () => {
    expect(applied(base, "safety-margin", 700.4).clients?.safetyMarginMs).toBe(700);
  });
});

describe("Clients", () => {
  it("sets the count", () => {
    expect(applied(named("chaos-default"), "clients", 12).clients).toMatchObject({ count: 12, workMs: [500, 3000] });
  });

  it("cuts or grows an explicit start list to fit", () => {
    const base = named("redlock-clock-jump");
    expect(applied(base, "clients", 2).clients?.startMs).toEqual([0, 3000]);
    expect(applied(base, "clients", 1).clients?.startMs).toEqual([0]);
    expect(applied(base, "clients", 4).clients?.startMs).toEqual([0, 3000, 3100, 3200]);
  });

  it("drops faults and clock settings of clients that no longer exist", () => {
    const base = scenario({
      service: { kind: "redis", ttlMs: 5000 },
      clients: { count: 3 },
      clocks: { per: { c3: { offsetMs: 100 }, redis: { offsetMs: 5 } } },
      faults: [
        { kind: "pause", target: "c3", atMs: 1, forMs: 5 },
        { kind: "delay", from: "c3", to: "storage", atMs: 1, byMs: 5 },
        { kind: "partition", between: ["c1", "c3"], atMs: 1, forMs: 5 },
        { kind: "pause", target: "c1", atMs: 1, forMs: 5 },
        { kind: "clock-jump", target: "redis", atMs: 1, byMs: 5 },
      ],
    });
    const out = applied(base, "clients", 2);
    expect(out.faults).toEqual([base.faults![3], base.faults![4]]);
    expect(out.clocks?.per).toEqual({ redis: { offsetMs: 5 } });
    expect(validateScenario(out).ok).toBe(true);
  });

  it("leaves the input scenario as it was", () => {
    const base = named("redlock-clock-jump");
    const copy = structuredClone(base);
    applied(base, "clients", 1);
    applied(base, "lease-ttl", 1234);
    applied(base, "pause-length", 99);
    expect(base).toEqual(copy);
  });
});

describe("axisValues", () => {
  it("spans the range on a log scale, rounded to two significant digits", () => {
    const values = axisValues("lease-ttl", [1000, 60_000], 40);
    expect(values).toHaveLength(40);
    expect(values[0]).toBe(1000);
    expect(values.at(-1)).toBe(60_000);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
    expect(values[1]).toBe(1100);
  });

  it("gives whole clients without repeats", () => {
    expect(axisValues("clients", [1, 20], 40)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(axisValues("clients", [1, 9], 5)).toEqual([1, 3, 5, 7, 9]);
  });

  it("spans a linear range from zero", () => {
    expect(axisValues("safety-margin", [0, 5000], 6)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });
});
