import { describe, expect, it } from "vitest";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import { progressEmpty, type Progress } from "@/lib/store/progressSchema";
import type { QuizSetSummary } from "@/lib/content/types";
import { lessonUnderstood, progressVisit, quizAnswer } from "@/lib/store/progressUpdate";
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
  understood.reduce(
    (p, understoodSlug) => lessonUnderstood(p, understoodSlug, true, now),
    progressVisit(progressEmpty(), "lesson", slug, now),
  );

describe("continue where you left off, after a lesson", () => {
  it("leads back to the lesson while it is not marked as understood", () => {
    expect(target(visited(leases!.slug))).toEqual({
      href: "/learn/02-leases/",
      title: "Leases",
      detail: "Lesson 2 of 4 · not marked as understood yet",
    });
  });

  it("leads on to the next lesson not yet understood once it is", () => {
    expect(target(visited(leases!.slug, leases!.slug))).toEqual({
      href: "/learn/03-pauses/",
      title: "Pauses",
      detail: "Next: lesson 3 of 4 · you marked lesson 2 as understood",
    });
    expect(target(visited(leases!.slug, leases!.slug, pauses!.slug))?.href).toBe("/learn/04-fencing/");
  });

  it("stays on an understood lesson with nothing left to understand after it", () => {
    expect(target(visited(fencing!.slug, fencing!.slug))).toEqual({
      href: "/learn/04-fencing/",
      title: "Fencing",
      detail: "Lesson 4 of 4 · marked as understood",
    });
    expect(target(visited(pauses!.slug, pauses!.slug, fencing!.slug))?.href).toBe("/learn/03-pauses/");
  });

  it("has nowhere to lead when nothing was visited, or the lesson no longer exists", () => {
    expect(target(progressEmpty())).toBeNull();
    expect(target(visited("11-removed"))).toBeNull();
  });
});

describe("continue where you left off, after a quiz", () => {
  const quizSet = (slug: string): QuizSetSummary => ({
    slug,
    title: slug.toUpperCase(),
    topic: slug,
    questionIds: [`${slug}/a`, `${slug}/b`],
  });
  const sets = [quizSet("leases"), quizSet("pauses"), quizSet("fencing")];
  const answer = (progress: Progress, slug: string, question: "a" | "b", correct = true) =>
    quizAnswer(
      progress,
      {
        setSlug: slug,
        questionIds: [`${slug}/a`, `${slug}/b`],
        questionId: `${slug}/${question}`,
        chosen: [0],
        correct,
      },
      now,
    );
  const finish = (progress: Progress, slug: string) => answer(answer(progress, slug, "a"), slug, "b", false);
  const quizTarget = (progress: Progress, slug: string) =>
    continueTarget(progressVisit(progress, "quiz", slug, now), lessons, sets, []);

  it("leads back to a quiz in progress, at its next question", () => {
    expect(quizTarget(answer(progressEmpty(), "pauses", "a"), "pauses")).toEqual({
      href: "/quiz/pauses/",
      title: "PAUSES",
      detail: "Quiz · question 2 of 2",
    });
  });

  it("never leads back to a finished quiz: it leads on to the next set not finished", () => {
    expect(quizTarget(finish(progressEmpty(), "pauses"), "pauses")).toEqual({
      href: "/quiz/fencing/",
      title: "FENCING",
      detail: "Next quiz · you finished PAUSES with 1 of 2",
    });
    // After the last set, the first one not finished yet.
    expect(quizTarget(finish(finish(progressEmpty(), "pauses"), "fencing"), "fencing")?.href).toBe("/quiz/leases/");
  });

  it("leads to the first lesson not understood once every quiz is finished", () => {
    const allFinished = sets.reduce(
      (p, set) => finish(p, set.slug),
      lessonUnderstood(progressEmpty(), lessons[0]!.slug, true, now),
    );
    expect(quizTarget(allFinished, "fencing")?.href).toBe("/learn/02-leases/");
    for (const set of sets) expect(quizTarget(allFinished, set.slug)?.href).not.toMatch(/^\/quiz\//);
  });
});
