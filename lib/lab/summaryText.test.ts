import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/presets";
import { simulate } from "@/lib/sim";
import { keyCounts, verdictOf } from "./summaryText";

const outcome = (id: string) => {
  const r = simulate(presetById(id)!.scenario);
  return { verdict: verdictOf(r.summary, r.scenario), counts: keyCounts(r.summary, r.scenario) };
};

describe("the outcome in words", () => {
  it("says Unsafe and what was damaged", () => {
    const { verdict, counts } = outcome("gc-pause");
    expect(verdict).toEqual({ word: "Unsafe", sentence: "The data was damaged: 1 update lost." });
    expect(counts[0]).toBe("The counter ends at 1 after 2 increments: 1 update lost.");
  });

  it("says Safe when fencing rejected the stale write, although two clients believed", () => {
    const { verdict, counts } = outcome("gc-pause-fenced");
    expect(verdict.word).toBe("Safe");
    expect(verdict.sentence).toContain("two clients believed they held the lock at once");
    expect(counts).toContain("Storage accepted 2 writes and rejected 1.");
    expect(counts).toContain("The lock service granted the lock 3 times with tokens 1, 2, 3.");
  });

  it("counts cron runs", () => {
    const { verdict, counts } = outcome("cron-double-run");
    expect(verdict.sentence).toBe("The data was damaged: 1 run done twice.");
    expect(counts[0]).toBe("1 run happened twice.");
  });
});
