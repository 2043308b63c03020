import { describe, expect, it } from "vitest";
import { DEFAULT_BUDGET } from "@/lib/explore";
import { budgetInWords, stoppedInWords } from "./finderText";

describe("the finder in words", () => {
  it("states the budget", () => {
    expect(budgetInWords(DEFAULT_BUDGET, 60_000)).toBe(
      "The search adds up to 2 pauses of a client of at most 30 s, one clock jump of up to 30 s either way, one write to storage delayed by up to 60 s, at the moments that matter (grants, reads, writes, renewals), two faults at most; it tries at most 5,000 schedules and stops after 60 s.",
    );
    expect(
      budgetInWords({ ...DEFAULT_BUDGET, maxPauses: 0, maxClockJumpMs: 0, maxDelayMs: 0, maxRuns: 1 }, 1000),
    ).toMatch(/^The search adds no fault .* at most 1 schedule and/);
  });

  it("says why a search stopped", () => {
    expect(stoppedInWords("exhausted", 412, 60_000)).toBe(
      "No failure: all 412 schedules within the budget ran safely.",
    );
    expect(stoppedInWords("time-limit", 3000, 30_000)).toMatch(/time limit of 30 s/);
    expect(stoppedInWords("cancelled", 1, 1)).toBe("Cancelled after 1 schedule, with no failure found so far.");
  });
});
