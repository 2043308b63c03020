import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { simulate } from "@/lib/sim/simulate";
import { DEFAULT_BUDGET, findFailure, type FinderBudget, type FinderResult } from "./finder";

const unfaultedGcPause = named("gc-pause", { faults: [] });

function found(result: FinderResult) {
  if (!result.found) throw new Error(`nothing found after ${result.tried} schedules (${result.stoppedBy})`);
  return result;
}

describe("findFailure on gc-pause without its pause (Redis, no fencing)", () => {
  const result = found(findFailure(unfaultedGcPause));

  it("finds damage, and shrinks it to a single pause of c1", () => {
    expect(result.kind).toBe("damage");
    expect(result.schedule).toHaveLength(1);
    const { fault, explanation } = result.schedule[0]!;
    expect(fault).toMatchObject({ kind: "pause", target: "c1" });
    expect(explanation).toMatch(/^Pause c1 for \d+\.\d s at \d+\.\d s, just (after|before) /);
    expect(result.tried).toBeLessThan(100);
    expect(result.notes).toEqual([]);
  });

  it("returns a scenario that fails when opened, with the fault added", () => {
    expect(result.scenario.faults).toEqual([result.schedule[0]!.fault]);
    const opened = simulate(result.scenario);
    expect(opened.summary).toEqual(result.summary);
    expect(opened.summary.verdict).toBe("unsafe");
    expect(opened.summary.lostUpdates).toBe(1);
  });

  it("is minimal: no fault is safe, and a pause 100 ms shorter is safe", () => {
    const { fault } = result.schedule[0]!;
    if (fault.kind !== "pause") throw new Error("expected a pause");
    expect(simulate(unfaultedGcPause).summary.verdict).toBe("safe");
    expect(simulate({ ...unfaultedGcPause, faults: [{ ...fault, forMs: fault.forMs - 100 }] }).summary.verdict).toBe(
      "safe",
    );
    expect(fault.forMs).toBeLessThan(15_000); // shorter than the preset's own pause
  });

  it("is deterministic", () => {
    expect(findFailure(unfaultedGcPause)).toEqual(result);
  });
});

describe("findFailure on etcd-fenced (fencing on reads and writes)", () => {
  const etcdFenced = named("etcd-fenced");

  it("finds, within the default budget, the job a fenced etcd lock applies twice when a write's reply comes too late", () => {
    // Fencing stops stale tokens, not a retry of the same job: a pause that outlasts the write's
    // timeout makes the client retry a write storage had already applied (a duplicate effect).
    const progress: [number, number][] = [];
    const result = findFailure(etcdFenced, DEFAULT_BUDGET, {
      onProgress: (tried, total) => progress.push([tried, total]),
    });
    expect(result.found).toBe(true);
    expect(result.notes[0]).toMatch(/chaos/);
    expect(progress.at(-1)?.[0]).toBeLessThanOrEqual(DEFAULT_BUDGET.maxRuns);
  });

  it("tries every single pause of the budget and finds none", () => {
    const budget: FinderBudget = {
      maxPauses: 1,
      maxPauseMs: 30_000,
      maxClockJumpMs: 0,
      maxDelayMs: 0,
      maxRuns: 100_000,
    };
    const result = findFailure(etcdFenced, budget);
    expect(result).toMatchObject({ found: false, stoppedBy: "exhausted" });
    expect(result.tried).toBeGreaterThan(300);
  });

  it("does find two believers at once when asked to count overlap too", () => {
    const result = found(findFailure(etcdFenced, DEFAULT_BUDGET, { failOn: "damage-or-overlap" }));
    expect(result.kind).toBe("overlap");
    expect(result.summary.verdict).toBe("safe");
    expect(result.summary.maxConcurrentHolders).toBeGreaterThanOrEqual(2);
  });
});

describe("findFailure, other cases", () => {
  it("stops when asked, having tried exactly the runs before", () => {
    for (const [scenario, n] of [
      [named("etcd-fenced"), 7],
      [unfaultedGcPause, 5],
      [unfaultedGcPause, 0],
    ] as const) {
      let tried = 0;
      const result = findFailure(scenario, DEFAULT_BUDGET, {
        onProgress: (t) => (tried = t),
        shouldStop: () => tried >= n,
      });
      expect(result).toMatchObject({ found: false, tried: n, stoppedBy: "cancelled" });
    }
  });

  it("is deterministic when it finds nothing", () => {
    const budget = { ...DEFAULT_BUDGET, maxRuns: 300 };
    expect(findFailure(named("etcd-fenced"), budget)).toEqual(findFailure(named("etcd-fenced"), budget));
  });

  it("reports a scenario that fails as it is with an empty schedule", () => {
    const result = found(findFailure(named("ttl-shorter-than-work")));
    expect(result).toMatchObject({ kind: "damage", schedule: [], tried: 1 });
  });

  it("keeps the scenario's own faults and adds to them", () => {
    const original = named("gc-pause-fenced");
    const result = found(findFailure(original));
    expect(result.scenario.faults?.[0]).toEqual(original.faults?.[0]);
    expect(result.scenario.faults).toHaveLength(1 + result.schedule.length);
    expect(simulate(result.scenario).summary.verdict).toBe("unsafe");
  });

  it("stays within the budget's kinds and sizes", () => {
    const budget: FinderBudget = { maxPauses: 0, maxPauseMs: 0, maxClockJumpMs: 0, maxDelayMs: 60_000, maxRuns: 500 };
    const result = found(findFailure(named("chubby-no-lock-delay", { faults: [] }), budget));
    for (const { fault } of result.schedule) {
      expect(fault.kind).toBe("delay");
      if (fault.kind === "delay") expect(fault.byMs).toBeLessThanOrEqual(60_000);
    }
  });

  it("throws a ScenarioError for an invalid scenario", () => {
    expect(() => findFailure(named("gc-pause", { clients: { count: 0 } }))).toThrow(/clients.count/);
  });
});

describe("findFailure with two faults", () => {
  it("adds up two pauses that each fall short of the lease", () => {
    const budget: FinderBudget = { maxPauses: 2, maxPauseMs: 5000, maxClockJumpMs: 0, maxDelayMs: 0, maxRuns: 2000 };
    const result = found(findFailure(unfaultedGcPause, budget));
    expect(result.kind).toBe("damage");
    expect(result.schedule.map((s) => s.fault.kind)).toEqual(["pause", "pause"]);
    for (const { fault } of result.schedule) if (fault.kind === "pause") expect(fault.forMs).toBeLessThanOrEqual(5000);
    expect(simulate(result.scenario).summary.verdict).toBe("unsafe");
    for (const i of [0, 1]) {
      const one = result.scenario.faults!.filter((_, j) => j !== i);
      expect(simulate({ ...result.scenario, faults: one }).summary.verdict).toBe("safe");
    }
  });
});
