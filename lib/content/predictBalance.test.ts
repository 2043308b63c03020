import { describe, expect, it } from "vitest";
import { optionPrecision, predictBalanceProblem } from "./predictBalance";

describe("a prediction's options, balanced in precision", () => {
  it("reads an option's figures as the learner sees them: numbers, not the digits of a name", () => {
    expect(optionPrecision("At about 13.5 s, a TTL after the last KeepAlive")).toBe(1);
    expect(optionPrecision("Rejected: 1 < 2")).toBe(0);
    expect(optionPrecision("c2 wins r3, r4 and r5")).toBeNull();
    expect(optionPrecision("Yes: storage accepts it")).toBeNull();
  });

  it("refuses a right option whose figure no wrong option matches in precision", () => {
    expect(predictBalanceProblem(["As soon as the host vanishes", "At about 13.5 s"], 1)).toMatch(/right option \(2\) carries a figure to 1 decimal/);
    expect(predictBalanceProblem(["At about 5 s", "At about 13.5 s", "At about 15 s"], 1)).toMatch(/no other option carries one as precise/);
    expect(predictBalanceProblem(["Accepted: c1 did hold the lock", "Rejected: 1 < 2"], 1)).toMatch(/carries a figure and/);
  });

  it("accepts options balanced in precision, and a right option with no figure", () => {
    expect(predictBalanceProblem(["At about 5.0 s", "At about 13.5 s", "At about 15.0 s"], 1)).toBeNull();
    expect(predictBalanceProblem(["Accepted: token 1 was granted to c1", "Rejected: 1 < 2"], 1)).toBeNull();
    expect(predictBalanceProblem(["2: both increments count", "c1's increment is lost"], 1)).toBeNull();
  });
});
