import { describe, expect, it } from "vitest";
import { countdownInit, countdownReducer } from "./countdown";
import { SAY_ALOUD_MS, sayAloudCue } from "./sayAloud";

const fresh = countdownInit(SAY_ALOUD_MS);
const started = countdownReducer(fresh, { type: "start", now: 0 });
const at = (ms: number) => countdownReducer(started, { type: "tick", now: ms });

describe("sayAloudCue", () => {
  it("says nothing before the start, and the same line for the whole first 90 seconds", () => {
    expect(sayAloudCue(fresh)).toBe("");
    const first = sayAloudCue(started);
    expect(first).toBe("Two minutes: say your answer out loud.");
    for (const ms of [1000, 45_000, 89_999]) expect(sayAloudCue(at(ms))).toBe(first);
  });

  it("changes once at 30 seconds left and stays until the end", () => {
    expect(sayAloudCue(at(90_000))).toBe("30 seconds left: wrap up.");
    expect(sayAloudCue(at(119_999))).toBe("30 seconds left: wrap up.");
  });

  it("says when time is up, and when the timer is paused", () => {
    expect(sayAloudCue(at(120_000))).toBe("Two minutes are up: stop and compare with the rubric.");
    expect(sayAloudCue(countdownReducer(at(10_000), { type: "pause", now: 10_000 }))).toBe("Paused.");
  });
});
