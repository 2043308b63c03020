import { describe, expect, it } from "vitest";
import type { CellResult } from "@/lib/explore";
import { cellCounts } from "./cellText";

const cell = (changes: Partial<CellResult>): CellResult => ({
  x: 0,
  y: 0,
  xValue: 1,
  yValue: 1,
  runs: 20,
  unsafe: 7,
  overlap: 12,
  failingSeed: 2,
  overlapSeed: 1,
  incomplete: 0,
  incompleteAtMs: null,
  ...changes,
});

describe("a failure-map cell in words", () => {
  it("counts unsafe runs and runs with overlap", () => {
    expect(cellCounts(cell({}))).toBe("7 of 20 runs unsafe (35 %), 12 with overlap (60 %)");
  });

  it("says apart the runs that stopped at the event limit, and where", () => {
    expect(cellCounts(cell({ incomplete: 1, incompleteAtMs: 183_240 }))).toBe(
      "7 of 20 runs unsafe (35 %), 12 with overlap (60 %); 1 incomplete: stopped at the event limit at 183.2 s",
    );
    expect(cellCounts(cell({ incomplete: 3, incompleteAtMs: 90_000 }))).toContain(
      "; 3 incomplete: the first stopped at the event limit at 90.0 s",
    );
  });
});
