import { describe, expect, it } from "vitest";
import { progressMigrate } from "./progressMigrate";
import { challengeSolved } from "./progressChallenges";
import { progressEmpty } from "./progressSchema";

const monday = new Date("2026-11-30T10:00:00Z");
const tuesday = new Date("2026-12-01T10:00:00Z");

describe("challengeSolved", () => {
  it("records the first win with its date, and keeps only a better score after it", () => {
    let p = challengeSolved(progressEmpty(), "redis-one-pause", { faults: 1, pauseMs: 9000 }, monday);
    expect(p.challenges["redis-one-pause"]).toEqual({
      solvedAt: monday.toISOString(),
      best: { faults: 1, pauseMs: 9000 },
    });
    const worse = challengeSolved(p, "redis-one-pause", { faults: 1, pauseMs: 12000 }, tuesday);
    expect(worse).toBe(p);
    p = challengeSolved(p, "redis-one-pause", { faults: 1, pauseMs: 8000 }, tuesday);
    expect(p.challenges["redis-one-pause"]).toEqual({
      solvedAt: monday.toISOString(),
      best: { faults: 1, pauseMs: 8000 },
    });
  });

  it("scores a defend level by the controls changed", () => {
    const p = challengeSolved(
      challengeSolved(progressEmpty(), "fence-the-pause", { changes: 3 }, monday),
      "fence-the-pause",
      { changes: 2 },
      tuesday,
    );
    expect(p.challenges["fence-the-pause"]!.best).toEqual({ changes: 2 });
  });
});

describe("progress version 4", () => {
  it("migrates a version 3 save, which had no challenges", () => {
    const { challenges, ...v3 } = progressEmpty();
    expect(challenges).toEqual({});
    expect(progressMigrate(v3, 3)).toEqual(progressEmpty());
  });
});
