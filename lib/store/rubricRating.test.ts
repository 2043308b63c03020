import { describe, expect, it } from "vitest";
import { rubricRating } from "./rubricRating";

// A rubric like most drills': 7 items, items 1–3 must-haves, 4 others (0, 4, 5, 6).
const mustHaves = [1, 2, 3];

describe("rubricRating", () => {
  it("suggests Again when any must-have is unticked, however many other points were made", () => {
    expect(rubricRating(7, mustHaves, [])).toBe(1);
    expect(rubricRating(7, mustHaves, [0, 1, 2, 4, 5, 6])).toBe(1);
  });

  it("suggests Hard with every must-have but under half the other points", () => {
    expect(rubricRating(7, mustHaves, [1, 2, 3])).toBe(2);
    expect(rubricRating(7, mustHaves, [1, 2, 3, 6])).toBe(2);
  });

  it("suggests Good with every must-have and half or more of the others, but not all", () => {
    expect(rubricRating(7, mustHaves, [0, 1, 2, 3, 4])).toBe(3);
    expect(rubricRating(7, mustHaves, [0, 1, 2, 3, 4, 5])).toBe(3);
  });

  it("suggests Easy when every point is ticked, in any order", () => {
    expect(rubricRating(7, mustHaves, [6, 5, 4, 3, 2, 1, 0])).toBe(4);
  });

  it("suggests Easy for a rubric of must-haves only, all ticked", () => {
    expect(rubricRating(2, [0, 1], [0, 1])).toBe(4);
  });

  it("ignores ticks outside the rubric (a saved attempt from an older, longer rubric)", () => {
    expect(rubricRating(3, [0, 1], [0, 1, 7, 8])).toBe(2);
  });
});
