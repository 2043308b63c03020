import { describe, expect, it } from "vitest";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import { progressEmpty, type Progress } from "@/lib/store/progressSchema";
import { lessonUnderstood, progressVisit } from "@/lib/store/progressUpdate";
import { continueTarget } from "./ContinueCard";

const now = new Date("2025-03-01T09:00:00.000Z");
const lesson = (number: number, title: string): LessonSummary => ({
  slug: `0${number}-${title.toLowerCase()}`,
  number,
  title,
  summary: `${title} in a sentence.`,
});
const lessons = [lesson(1, "Locks"), lesson(2, "Leases"), lesson(3, "Pauses"), lesson(4, "Fencing")];
const [, leases, pauses, fencing] = lessons;

const target = (progress: Progress) => continueTarget(progress, lessons, [], []);
const visited = (slug: string, ...understood: string[]) =>
  understood.reduce((p, understoodSlug) => lessonUnderstood(p, understoodSlug, true, now), progressVisit(progressEmpty(), "lesson", slug, now));

describe("continue where you left off, after a lesson", () => {
  it("leads back to the lesson while it is not marked as understood", () => {
    expect(target(visited(leases.slug))).toEqual({ href: "/learn/02-leases/", title: "Leases", detail: "Lesson 2 of 4 · not marked as understood yet" });
  });

  it("leads on to the next lesson not yet understood once it is", () => {
    expect(target(visited(leases.slug, leases.slug))).toEqual({
      href: "/learn/03-pauses/",
      title: "Pauses",
      detail: "Next: lesson 3 of 4 · you marked lesson 2 as understood",
    });
    expect(target(visited(leases.slug, leases.slug, pauses.slug))?.href).toBe("/learn/04-fencing/");
  });

  it("stays on an understood lesson with nothing left to understand after it", () => {
    expect(target(visited(fencing.slug, fencing.slug))).toEqual({
      href: "/learn/04-fencing/",
      title: "Fencing",
      detail: "Lesson 4 of 4 · marked as understood",
    });
    expect(target(visited(pauses.slug, pauses.slug, fencing.slug))?.href).toBe("/learn/03-pauses/");
  });

  it("has nowhere to lead when nothing was visited, or the lesson no longer exists", () => {
    expect(target(progressEmpty())).toBeNull();
    expect(target(visited("11-removed"))).toBeNull();
  });
});
