import { describe, expect, it } from "vitest";
import { simulate, validateScenario, type Scenario } from "@/lib/sim";
import { processOrder as clockSpreadOrder } from "@/lib/sim/processes";
import { clockReadingAt } from "./clocks";

function resolve(input: Scenario) {
  const v = validateScenario(input);
  if (!v.ok) throw new Error(v.errors.join("\n"));
  return v.scenario;
}

const base: Scenario = { version: 1, service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 2 } };

describe("clockReadingAt", () => {
  it("reads true time when clocks are perfect", () => {
    const s = resolve(base);
    expect(clockReadingAt(s, "c1", 12_340)).toEqual({ wallMs: 12_340, aheadMs: 0 });
    expect(clockReadingAt(s, "storage", 500)?.aheadMs).toBe(0);
  });

  it("spreads skew evenly from −skew/2 (c1) to +skew/2 (storage)", () => {
    const s = resolve({ ...base, clocks: { skewMs: 4000 } });
    expect(clockSpreadOrder(s)).toEqual(["c1", "c2", "redis", "storage"]);
    expect(clockReadingAt(s, "c1", 0)?.aheadMs).toBeCloseTo(-2000);
    expect(clockReadingAt(s, "storage", 0)?.aheadMs).toBeCloseTo(2000);
    expect(clockReadingAt(s, "c2", 1000)?.wallMs).toBeCloseTo(1000 - 2000 / 3);
  });

  it("orders service nodes by id and applies drift over time", () => {
    const s = resolve({ ...base, service: { kind: "redlock", ttlMs: 10_000 }, clocks: { driftPpm: 100_000 } });
    expect(clockSpreadOrder(s)).toEqual(["c1", "c2", "r1", "r2", "r3", "r4", "r5", "storage"]);
    // c1 runs 5 % slow: at 60 s true time it reads 57 s.
    expect(clockReadingAt(s, "c1", 60_000)?.wallMs).toBeCloseTo(57_000);
  });

  it("lets a per-process entry replace the spread, and adds clock jumps from their time on", () => {
    const s = resolve({
      ...base,
      clocks: { skewMs: 4000, per: { c2: { offsetMs: -6000 } } },
      faults: [{ kind: "clock-jump", target: "c2", atMs: 3000, byMs: 8000 }],
    });
    expect(clockReadingAt(s, "c2", 2999)?.aheadMs).toBeCloseTo(-6000);
    expect(clockReadingAt(s, "c2", 3000)?.aheadMs).toBeCloseTo(2000);
  });

  it("knows no clock for a process the scenario does not have", () => {
    expect(clockReadingAt(resolve(base), "c9", 0)).toBeNull();
  });

  it("agrees with the engine: c2's skewed clock makes its cron run fire 6 s late", () => {
    // Cron run 0 is due when a client's own wall clock reads 0; a client 6 s behind fires at t = 6 s.
    const input: Scenario = {
      version: 1,
      durationMs: 30_000,
      service: { kind: "redis", ttlMs: 5000 },
      clients: { count: 2, workMs: 8000 },
      workload: { kind: "cron", everyMs: 60_000, runs: 1 },
      clocks: { per: { c2: { offsetMs: -6000 } } },
    };
    const due = simulate(input).events.find((e) => e.kind === "run-due" && e.proc === "c2");
    const reading = clockReadingAt(resolve(input), "c2", due!.t);
    expect(reading?.wallMs).toBeCloseTo(0);
  });
});
