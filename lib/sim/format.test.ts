import { describe, expect, it } from "vitest";
import { listOf, lostIncrements, seconds } from "./format";

describe("sentence pieces", () => {
  it("writes times as seconds and lists with 'and'", () => {
    expect(seconds(17_000)).toBe("17.0 s");
    expect(seconds(125_400)).toBe("125 s");
    expect(listOf(["c1", "c2", "c3"])).toBe("c1, c2 and c3");
  });

  it("says whose increments a write lost, in the right number", () => {
    expect(lostIncrements(["c2"], 1)).toBe("c2's increment was lost");
    expect(lostIncrements(["c2"], 3)).toBe("3 of c2's increments were lost");
    expect(lostIncrements(["c1", "c3"], 2)).toBe("2 increments, by c1 and c3, were lost");
    expect(lostIncrements([], 1)).toBe("an earlier increment was lost");
    expect(lostIncrements([], 2)).toBe("2 earlier increments were lost");
  });
});
