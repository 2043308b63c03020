import { describe, expect, it } from "vitest";
import { deckPace, formatTalkTime } from "./pace";
import { hashOfSlide, slideFromHash } from "./slideHash";

describe("deckPace", () => {
  // 10 slides in 10 minutes: a minute each.
  const at = (elapsedMs: number, slide: number) => deckPace({ elapsedMs, slide, slideCount: 10, minutes: 10 });
  it("is on pace within the current slide's planned minute, and says by how much otherwise", () => {
    expect(at(150_000, 2)).toEqual({ status: "on-pace", byMs: 0, remainingMs: 450_000 });
    expect(at(60_000, 3)).toEqual({ status: "ahead", byMs: 120_000, remainingMs: 540_000 });
    expect(at(200_000, 1)).toEqual({ status: "behind", byMs: 80_000, remainingMs: 400_000 });
    expect(at(700_000, 9).remainingMs).toBe(-100_000);
  });
});

describe("formatTalkTime", () => {
  it("reads minutes and seconds, hours past an hour, and a sign when over", () => {
    expect(formatTalkTime(65_400)).toBe("1:05");
    expect(formatTalkTime(3_725_000)).toBe("1:02:05");
    expect(formatTalkTime(-30_000)).toBe("−0:30");
  });
});

describe("slide deep links", () => {
  it("reads #n as the nth slide and ignores anything else", () => {
    expect(slideFromHash("#3", 5)).toBe(2);
    expect(slideFromHash("#0", 5)).toBeNull();
    expect(slideFromHash("#6", 5)).toBeNull();
    expect(slideFromHash("#intro", 5)).toBeNull();
    expect(slideFromHash("", 5)).toBeNull();
    expect(hashOfSlide(2)).toBe("#3");
  });
});

describe("slideDomain", () => {
  it("ends a little after the last event, keeps the slide's moment in view, and stays inside the run", async () => {
    const { slideDomain } = await import("./slideDomain");
    expect(slideDomain({ activityEndT: 20_000, durationMs: 60_000, at: 1000 })).toEqual([0, 22_100]);
    expect(slideDomain({ activityEndT: 20_000, durationMs: 60_000, at: 30_000 })).toEqual([0, 33_500]);
    expect(slideDomain({ activityEndT: 59_000, durationMs: 60_000, at: 0 })).toEqual([0, 60_000]);
  });
});
