import { describe, expect, it } from "vitest";
import { countdownInit, countdownLabel, countdownReducer, countdownRestore } from "./countdown";

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

describe("the drill countdown across a reload", () => {
  it("goes on from where a running timer is now", () => {
    const running = countdownReducer(countdownInit(60_000), { type: "start", now: 1_000 });
    expect(countdownRestore(JSON.parse(JSON.stringify(running)), 60_000, 31_000)).toEqual({
      totalMs: 60_000,
      remainingMs: 30_000,
      endsAt: 61_000,
    });
    expect(countdownRestore(running, 60_000, 100_000)).toEqual({ totalMs: 60_000, remainingMs: 0, endsAt: null });
  });

  it("keeps a paused timer paused", () => {
    expect(countdownRestore({ totalMs: 60_000, remainingMs: 12_000, endsAt: null }, 60_000, 999_999)).toEqual({
      totalMs: 60_000,
      remainingMs: 12_000,
      endsAt: null,
    });
  });

  it("starts afresh from anything else", () => {
    for (const saved of [
      null,
      "x",
      { totalMs: 30_000, remainingMs: 1, endsAt: null },
      { totalMs: 60_000, remainingMs: -1, endsAt: null },
      { totalMs: 60_000, remainingMs: 5, endsAt: "soon" },
    ]) {
      expect(countdownRestore(saved, 60_000, 0)).toEqual(countdownInit(60_000));
    }
  });
});
