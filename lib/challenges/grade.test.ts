import { describe, expect, it } from "vitest";
import { named } from "@/lib/sim/testing";
import { simulate } from "@/lib/sim/simulate";
import { gradeBreak, learnerFaults, parVerdict } from "./grade";
import type { BreakLevel } from "./level";

const level: BreakLevel = {
  slug: "redis-one-pause",
  order: 1,
  mode: "break",
  title: "Lose an update with one pause",
  story: "…",
  scenario: named("gc-pause", { faults: [] }),
  goal: ["lost-update"],
  hints: ["…"],
  rules: {
    faultKinds: ["pause"],
    maxFaults: 1,
    maxTotalPauseMs: 30_000,
    par: { faults: 1, pauseMs: 8000 },
    solution: null,
    world: null,
  },
};
const pause = (forMs: number) => ({ kind: "pause" as const, target: "c1", atMs: 1000, forMs });
type InputFault = NonNullable<BreakLevel["scenario"]["faults"]>[number];
const grade = (faults: InputFault[]) => gradeBreak(level, faults, simulate({ ...level.scenario, faults }));

describe("gradeBreak: graded on the run, against the budget and par", () => {
  it("a 5 s pause loses nothing: not solved", () => {
    expect(grade([pause(5000)])).toMatchObject({ goalMet: false, solved: false, par: null, overBudget: [] });
  });

  it("an 8 s pause loses an update: solved at par; 12 s is over par", () => {
    expect(grade([pause(8000)])).toMatchObject({ solved: true, par: "at", score: { faults: 1, pauseMs: 8000 } });
    expect(grade([pause(12_000)])).toMatchObject({ solved: true, par: "over" });
  });

  it("a goal met outside the budget does not count, and says why", () => {
    const result = grade([pause(8000), { kind: "crash", target: "c2", atMs: 500 }]);
    expect(result.solved).toBe(false);
    expect(result.overBudget).toEqual([
      "2 faults: this level allows at most 1.",
      "This level allows only pause; remove the crash.",
    ]);
    expect(grade([pause(40_000)]).overBudget).toEqual(["40 s of pauses in all: this level allows at most 30 s."]);
  });

  it("fewer faults beat less pause time", () => {
    expect(parVerdict({ faults: 1, pauseMs: 20_000 }, { faults: 2, pauseMs: 1000 })).toBe("under");
    expect(parVerdict({ faults: 1, pauseMs: 7000 }, { faults: 1, pauseMs: 8000 })).toBe("under");
  });

  it("counts only the faults after the level's own, which must stay as they were", () => {
    const withOwn: BreakLevel = { ...level, scenario: { ...level.scenario, faults: [pause(100)] } };
    expect(learnerFaults(withOwn, { ...withOwn.scenario, faults: [pause(100), pause(8000)] })).toEqual([pause(8000)]);
    expect(learnerFaults(withOwn, { ...withOwn.scenario, faults: [pause(8000)] })).toBeNull();
  });
});
