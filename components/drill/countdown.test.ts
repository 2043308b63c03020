import { describe, expect, it } from "vitest";
import { countdownInit, countdownLabel, countdownReducer } from "./countdown";

describe("the drill countdown", () => {
  it("runs, pauses, resumes, stops at zero and resets", () => {
    let s = countdownInit(60_000);
    s = countdownReducer(s, { type: "start", now: 1_000 });
    s = countdownReducer(s, { type: "tick", now: 11_000 });
    expect(s).toEqual({ totalMs: 60_000, remainingMs: 50_000, endsAt: 61_000 });

    s = countdownReducer(s, { type: "pause", now: 21_000 });
    expect(s).toEqual({ totalMs: 60_000, remainingMs: 40_000, endsAt: null });
    // Paused time does not count.
    s = countdownReducer(s, { type: "tick", now: 500_000 });
    s = countdownReducer(s, { type: "start", now: 500_000 });
    s = countdownReducer(s, { type: "tick", now: 600_000 });
    expect(s).toEqual({ totalMs: 60_000, remainingMs: 0, endsAt: null });
    expect(countdownReducer(s, { type: "start", now: 600_000 })).toBe(s);

    expect(countdownReducer(s, { type: "reset" })).toEqual(countdownInit(60_000));
  });

  it("labels minutes and seconds, rounding up", () => {
    expect(countdownLabel(480_000)).toBe("08:00");
    expect(countdownLabel(479_001)).toBe("08:00");
    expect(countdownLabel(61_000)).toBe("01:01");
    expect(countdownLabel(0)).toBe("00:00");
  });
});
