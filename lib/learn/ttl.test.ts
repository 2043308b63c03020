import { describe, expect, it } from "vitest";
import { simulate } from "@/lib/sim/simulate";
import { validateScenario } from "@/lib/sim/scenario";
import { ttlInputProblems, ttlLabScenario, ttlSuggest, type TtlInput } from "./ttl";

const lessonExample: TtlInput = {
  workMs: 45_000,
  pauseMs: 5_000,
  driftPpm: 200,
  takeoverMs: 30_000,
  networkDelayMs: 5,
};

describe("ttlSuggest", () => {
  it("renews when W + P exceeds the takeover time: lesson 2's worked example", () => {
    const advice = ttlSuggest(lessonExample);
    expect(advice).toMatchObject({
      ttlMs: 30_000,
      renewEveryMs: 10_000,
      renewal: "required",
      pauseCoveredMs: 20_000,
      feasible: true,
    });
    // 200 ppm × 30 s = 6 ms, plus a 5 ms network delay.
    expect(advice.safetyMarginMs).toBe(11);
    expect(advice.steps.map((step) => step.rule)).toEqual(["Bound the takeover", "Renew", "Stop early"]);
  });

  it("covers the work without renewal when W + P fits within the takeover time", () => {
    const advice = ttlSuggest({ workMs: 2_000, pauseMs: 1_000, driftPpm: 0, takeoverMs: 10_000, networkDelayMs: 3 });
    expect(advice).toMatchObject({
      ttlMs: 3_000,
      renewEveryMs: 1_000,
      renewal: "optional",
      pauseCoveredMs: 1_000,
      safetyMarginMs: 3,
      feasible: true,
    });
    expect(advice.steps[0]!.text).toContain("TTL = 3 s");
  });

  it("takes W + P exactly equal to T as fitting", () => {
    expect(
      ttlSuggest({ workMs: 7_000, pauseMs: 3_000, driftPpm: 0, takeoverMs: 10_000, networkDelayMs: 0 }).renewal,
    ).toBe("optional");
  });

  it("says when no TTL meets both goals: T below 1.5 × P", () => {
    const advice = ttlSuggest({ workMs: 20_000, pauseMs: 10_000, driftPpm: 0, takeoverMs: 12_000, networkDelayMs: 1 });
    expect(advice).toMatchObject({ ttlMs: 12_000, renewal: "required", feasible: false, pauseCoveredMs: 8_000 });
    expect(advice.steps[1]!.text).toMatch(/fence the writes/);
  });

  it("holds at the boundary TTL = 1.5 × P", () => {
    expect(
      ttlSuggest({ workMs: 60_000, pauseMs: 10_000, driftPpm: 0, takeoverMs: 15_000, networkDelayMs: 1 }).feasible,
    ).toBe(true);
  });

  it("rounds the margin up to a whole millisecond", () => {
    expect(
      ttlSuggest({ workMs: 1_000, pauseMs: 0, driftPpm: 1, takeoverMs: 5_000, networkDelayMs: 0 }).safetyMarginMs,
    ).toBe(1);
  });
});

describe("ttlInputProblems", () => {
  it("names each unusable value", () => {
    expect(ttlInputProblems(lessonExample)).toEqual({});
    expect(
      ttlInputProblems({ workMs: 0, pauseMs: -1, driftPpm: Number.NaN, takeoverMs: 10_000_000, networkDelayMs: 5 }),
    ).toEqual({
      workMs: "must be at least 1 ms",
      pauseMs: "must be 0 or more",
      driftPpm: "must be a number",
      takeoverMs: "must be at most 600,000 ms",
    });
  });
});

describe("ttlLabScenario", () => {
  it("is a valid scenario that shows the advice holding under the budgeted pause", () => {
    const scenario = ttlLabScenario(lessonExample, ttlSuggest(lessonExample));
    const validation = validateScenario(scenario);
    expect(validation.ok ? [] : validation.errors).toEqual([]);
    expect(simulate(scenario).summary.verdict).toBe("safe");
  });

  it("stays valid at the largest inputs and with no pause or drift", () => {
    const largest: TtlInput = {
      workMs: 600_000,
      pauseMs: 600_000,
      driftPpm: 100_000,
      takeoverMs: 600_000,
      networkDelayMs: 10_000,
    };
    const none: TtlInput = { workMs: 1, pauseMs: 0, driftPpm: 0, takeoverMs: 1, networkDelayMs: 0 };
    for (const input of [largest, none]) {
      const validation = validateScenario(ttlLabScenario(input, ttlSuggest(input)));
      expect(validation.ok ? [] : validation.errors).toEqual([]);
    }
  });
});
