import { describe, expect, it } from "vitest";
import { progressMigrate } from "./progressMigrate";
import { PROGRESS_VERSION, progressEmpty, progressParse, type Progress } from "./progressSchema";
import { progressExport, progressImportParse } from "./progressTransfer";
import { progressVisit } from "./progressUpdate";

const now = new Date("2025-03-01T09:00:00.000Z");
const lessonVisit = { kind: "lesson", slug: "03-the-pause", at: now.toISOString() } as const;

/** Progress as version 2 saved it: the last visit could only be a quiz set or a drill. */
function progressV2(): Progress {
  return {
    ...progressEmpty(),
    lessons: { "02-leases": { understoodAt: now.toISOString() } },
    lastVisited: { kind: "drill", slug: "redlock", at: now.toISOString() },
  };
}

describe("the last visit", () => {
  it("is recorded for a lesson as for a quiz set or a drill, the latest replacing the one before", () => {
    const quiz = progressVisit(progressEmpty(), "quiz", "basics", now);
    const lesson = progressVisit(quiz, "lesson", "03-the-pause", now);
    expect(lesson.lastVisited).toEqual(lessonVisit);
    expect(lesson).toEqual({ ...quiz, lastVisited: lessonVisit });
  });

  it("can name a lesson in progress saved at this version", () => {
    expect(PROGRESS_VERSION).toBeGreaterThanOrEqual(3);
    const saved = JSON.parse(JSON.stringify({ ...progressEmpty(), lastVisited: lessonVisit }));
    expect(progressParse(saved).lastVisited).toEqual(lessonVisit);
    expect(progressMigrate(saved, PROGRESS_VERSION).lastVisited).toEqual(lessonVisit);
    expect(() => progressParse({ ...saved, lastVisited: { ...lessonVisit, kind: "deck" } })).toThrow(
      /^lastVisited\.kind: /,
    );
  });

  it("leaves progress saved by version 2 as it was", () => {
    expect(progressMigrate(progressV2(), 2)).toEqual(progressV2());
  });

  it("survives an export and an import", () => {
    const progress = progressVisit(progressV2(), "lesson", "03-the-pause", now);
    expect(progressImportParse(progressExport(progress, now))).toEqual({
      ok: true,
      progress,
      exportedAt: now.toISOString(),
    });
  });

  it("loads from an export made by version 2", () => {
    const file = JSON.stringify({
      format: "lease-lab-progress",
      version: 2,
      exportedAt: now.toISOString(),
      progress: progressV2(),
    });
    expect(progressImportParse(file)).toEqual({ ok: true, progress: progressV2(), exportedAt: now.toISOString() });
  });
});
