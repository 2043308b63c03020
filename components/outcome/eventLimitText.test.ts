import { describe, expect, it } from "vitest";
import { eventLimitDetail, eventLimitHeadline, eventLimitWithdrawn } from "./eventLimitText";

describe("what the lab says of a run foretold to reach the event limit", () => {
  const forecast = {
    from: { reachedMs: 7_041.3, events: 5_000, jobsDone: 0 },
    projectedEvents: 570_000,
    stopsNearMs: 704_130,
  };

  it("names the limit, the pace it projects from, and where the run would stop", () => {
    expect(eventLimitHeadline()).toBe("This run will probably stop at the simulator’s limit of 500,000 events.");
    expect(eventLimitDetail(forecast, 800_000)).toBe(
      "At its pace so far (5,000 events in its first 7.0 s), the whole run would log about 570,000 events: " +
        "the limit would stop it near 704 s of its 800 s, and its results would cover only that part.",
    );
  });

  it("says so when a later report withdraws it", () => {
    expect(eventLimitWithdrawn()).toBe(
      "Earlier, this run looked set to stop at the simulator’s limit of 500,000 events; now it will probably finish within it.",
    );
  });
});
