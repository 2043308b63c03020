import { describe, expect, it } from "vitest";
import { DEFAULT_BUDGET } from "@/lib/explore";
import { budgetFields, DEFAULT_TIME_LIMIT_MS, parseBudget } from "./finderBudget";

describe("the finder's budget fields", () => {
  it("round-trips the default budget", () => {
    expect(parseBudget(budgetFields())).toEqual({
      ok: true,
      budget: DEFAULT_BUDGET,
      timeLimitMs: DEFAULT_TIME_LIMIT_MS,
    });
  });

  it("names every field that is wrong and keeps the rest", () => {
    const result = parseBudget({ ...budgetFields(), maxPauses: "3", maxPauseS: "", maxRuns: "1.5" });
    expect(result).toEqual({
      ok: false,
      problems: [
        "Pauses must be a whole number from 0 to 2.",
        "The longest pause (s) must be a whole number from 1 to 600.",
        "Schedules to try must be a whole number from 1 to 50,000.",
      ],
    });
  });
});
