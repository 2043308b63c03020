import { describe, expect, it } from "vitest";
import { progressEmpty } from "./progressSchema";
import { drillAttemptUpdate, drillRate, drillRestart, questionReview, quizAnswer, quizRestart } from "./progressUpdate";
import { reviewQueue } from "./progressReview";

const t0 = new Date("2025-03-01T09:00:00.000Z");
const days = (n: number) => new Date(t0.getTime() + n * 86_400_000);
const questionIds = ["s/q1", "s/q2"];
const answer = (questionId: string, correct: boolean) => ({
  setSlug: "s",
  questionIds,
  questionId,
  chosen: [correct ? 1 : 0],
  correct,
});

describe("quiz progress", () => {
  it("finishes a run when every question is answered, and keeps the best score across runs", () => {
    let p = quizAnswer(progressEmpty(), answer("s/q1", true), t0);
    expect(p.quizzes.s).toMatchObject({ finishedAt: null, best: null, attempts: 0 });
    expect(p.lastVisited).toEqual({ kind: "quiz", slug: "s", at: t0.toISOString() });

    p = quizAnswer(p, answer("s/q2", false), t0);
    expect(p.quizzes.s).toMatchObject({ finishedAt: t0.toISOString(), best: { correct: 1, total: 2 }, attempts: 1 });

    // Answering after a finished run starts a new one; a worse run keeps the best.
    p = quizAnswer(p, answer("s/q1", false), days(1));
    expect(p.quizzes.s!.answers).toEqual({ "s/q1": { chosen: [0], correct: false } });
    p = quizAnswer(p, answer("s/q2", false), days(1));
    expect(p.quizzes.s).toMatchObject({ best: { correct: 1, total: 2 }, attempts: 2 });

    p = quizRestart(p, "s");
    expect(p.quizzes.s).toMatchObject({ answers: {}, finishedAt: null, best: { correct: 1, total: 2 }, attempts: 2 });
  });

  it("gives a missed question a review card due at once; answering it again reschedules it", () => {
    let p = quizAnswer(progressEmpty(), answer("s/q1", true), t0);
    expect(p.questions).toEqual({});
    p = quizAnswer(p, answer("s/q2", false), t0);
    expect(p.questions["s/q2"]!.due).toBe(t0.toISOString());

    const known = { questionIds: new Set(questionIds), drillSlugs: new Set<string>() };
    expect(reviewQueue(p, known, t0).due.map((item) => item.id)).toEqual(["s/q2"]);

    p = questionReview(p, "s/q2", true, t0);
    const queue = reviewQueue(p, known, t0);
    expect(queue.due).toEqual([]);
    expect(queue.upcoming).toEqual([{ kind: "question", id: "s/q2", due: days(3).toISOString() }]);

    // Wrong again on review: due the next day.
    p = questionReview(p, "s/q2", false, days(3));
    expect(Date.parse(p.questions["s/q2"]!.due)).toBeGreaterThan(days(3).getTime());
    expect(Date.parse(p.questions["s/q2"]!.due)).toBeLessThanOrEqual(days(4).getTime());
  });

  it("leaves out review items whose content no longer exists", () => {
    const p = quizAnswer(progressEmpty(), answer("s/q2", false), t0);
    expect(reviewQueue(p, { questionIds: new Set(), drillSlugs: new Set() }, t0)).toEqual({ due: [], upcoming: [] });
  });
});

describe("drill progress", () => {
  it("keeps the draft, schedules the drill when rated, and a new attempt keeps the schedule", () => {
    let p = drillAttemptUpdate(progressEmpty(), "d", { answer: "c1 pauses…" });
    p = drillAttemptUpdate(p, "d", { revealed: true, rubric: [0, 2] });
    expect(p.drills.d).toEqual({
      card: null,
      attempt: { answer: "c1 pauses…", revealed: true, rubric: [0, 2], rating: null },
    });

    p = drillRate(p, "d", 3, t0);
    expect(p.drills.d!.attempt.rating).toBe(3);
    expect(p.drills.d!.card?.due).toBe(days(3).toISOString());
    const known = { questionIds: new Set<string>(), drillSlugs: new Set(["d"]) };
    expect(reviewQueue(p, known, t0).upcoming).toEqual([{ kind: "drill", id: "d", due: days(3).toISOString() }]);
    expect(reviewQueue(p, known, days(3)).due.map((item) => item.id)).toEqual(["d"]);

    p = drillRestart(p, "d");
    expect(p.drills.d!.attempt).toEqual({ answer: "", revealed: false, rubric: [], rating: null });
    expect(p.drills.d!.card?.due).toBe(days(3).toISOString());
  });
});
