import { describe, expect, it } from "vitest";
import { simulate } from "@/lib/sim/simulate";
import { arcadeLevel } from "./arcade";
import { gradeBreak } from "./grade";

describe("arcadeLevel", () => {
  it("gives the same level for the same seed", () => {
    expect(arcadeLevel(42)).toEqual(arcadeLevel(42));
  });

  it("makes a level the finder's own schedule wins, at par, for several seeds", () => {
    for (const seed of [1, 7, 42]) {
      const made = arcadeLevel(seed);
      if (!made) throw new Error(`no arcade level for seed ${seed}`);
      const { level } = made;
      const faults = level.rules.solution!;
      const grade = gradeBreak(level, faults, simulate({ ...level.scenario, faults }));
      expect(grade).toMatchObject({ solved: true, par: "at", overBudget: [] });
      expect(gradeBreak(level, [], simulate(level.scenario)).goalMet).toBe(false);
    }
  });
});
