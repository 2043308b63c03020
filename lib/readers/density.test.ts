import { describe, expect, it } from "vitest";
import { columnShares, densityRuns } from "./density";

describe("density bands", () => {
  it("measure the covered share of each pixel column", () => {
    expect([
      ...columnShares(
        [
          [0.5, 2],
          [3, 3.25],
        ],
        4,
      ),
    ]).toEqual([0.5, 1, 0, 0.25]);
  });

  it("cap overlapping spans at a full column, and clip to the plot", () => {
    expect([
      ...columnShares(
        [
          [0, 2],
          [1, 5],
          [-3, -1],
        ],
        3,
      ),
    ]).toEqual([1, 1, 1]);
  });

  it("merge equal neighbours into runs, rounding shares up to an eighth so a short hold stays visible", () => {
    expect(densityRuns(Float32Array.from([0.5, 0.45, 0, 0.01, 1, 1]))).toEqual([
      { from: 0, to: 2, share: 0.5 },
      { from: 3, to: 4, share: 0.125 },
      { from: 4, to: 6, share: 1 },
    ]);
  });
});
