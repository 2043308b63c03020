import { describe, expect, it } from "vitest";
import { advancePlayhead, nextStop, previousStop, speedFor } from "./playback";

const stops = [0, 100, 1000, 17_000];

describe("stepping", () => {
  it("moves to the next and the previous event", () => {
    expect(nextStop(stops, 0, 60_000)).toBe(100);
    expect(nextStop(stops, 500, 60_000)).toBe(1000);
    expect(previousStop(stops, 1000)).toBe(100);
    expect(previousStop(stops, 1001)).toBe(1000);
  });

  it("goes to the end after the last event and stops there", () => {
    expect(nextStop(stops, 17_000, 60_000)).toBe(60_000);
    expect(nextStop(stops, 60_000, 60_000)).toBeNull();
    expect(previousStop(stops, 0)).toBeNull();
  });

  it("takes events drawn at one spot as one step, landing on the last of them, and each alone when zoomed in", () => {
    // gc-pause's start: the grant, c1's belief and c2's first refusal within 6 ms, then the pause at 1 s.
    const start = [3, 4, 6, 1000, 10_003];
    const atSixtySeconds = 140; // 2 px of a 60 s run drawn 860 px wide
    expect(nextStop(start, 0, 60_000, atSixtySeconds)).toBe(6);
    expect(nextStop(start, 6, 60_000, atSixtySeconds)).toBe(1000);
    expect(previousStop(start, 1000, atSixtySeconds)).toBe(6);
    expect(previousStop(start, 6, atSixtySeconds)).toBe(0);
    expect(nextStop(start, 0, 60_000, 0.5)).toBe(3);
    expect(nextStop(start, 3, 60_000, 0.5)).toBe(4);
    // Never past a limit, whatever the gap.
    expect(nextStop(start, 0, 5, atSixtySeconds)).toBe(5);
  });

  it("never steps past a limit (predict mode's moment)", () => {
    expect(nextStop(stops, 100, 900)).toBe(900);
    expect(nextStop(stops, 900, 900)).toBeNull();
  });
});

describe("playing", () => {
  it("advances by real time × speed and stops at the end", () => {
    expect(advancePlayhead(1000, 16, 5, 60_000)).toEqual({ t: 1080, ended: false });
    expect(advancePlayhead(59_990, 16, 5, 60_000)).toEqual({ t: 60_000, ended: true });
  });

  it("picks a speed that plays a run in about 10 s", () => {
    expect(speedFor(17_000)).toBe(2);
    expect(speedFor(60_000)).toBe(5);
    expect(speedFor(120_000)).toBe(10);
    expect(speedFor(3_600_000)).toBe(60);
  });
});
