import { describe, expect, it } from "vitest";
import { EVENING_MINUTES, eveningPlan, planItemDone, type PlanQuiz } from "./eveningPlan";
import { contentLoad } from "./load";
import type { DrillSummary } from "./types";

const quiz = (slug: string, topic: string, questionCount: number): PlanQuiz => ({ slug, title: slug, topic, questionCount });
const drill = (slug: string, topic: string, minutes: number): DrillSummary => ({ slug, title: slug, topic, minutes });

describe("eveningPlan", () => {
  it("follows each quiz, in course order, with the shortest drill on its topic, and ends on the shortest design drill", () => {
    const plan = eveningPlan(
      [quiz("purpose", "purpose", 8), quiz("leases", "leases", 8)],
      [drill("long-purpose", "purpose", 12), drill("short-purpose", "purpose", 10), drill("mock-long", "design", 15), drill("mock", "design", 12)],
    );
    expect(plan.map((item) => `${item.kind}:${item.slug}:${item.minutes}`)).toEqual(["quiz:purpose:8", "drill:short-purpose:10", "quiz:leases:8", "drill:mock:12"]);
  });

  it("skips a quiz and its drill that do not fit, and takes a later pair that does", () => {
    const plan = eveningPlan([quiz("big", "a", 20), quiz("small", "b", 5)], [drill("mock", "design", 10), drill("b-drill", "b", 5)], 25);
    expect(plan.map((item) => item.slug)).toEqual(["small", "b-drill", "mock"]);
  });

  it("plans the course's own content for about 90 minutes, never more, each quiz or drill once", () => {
    const { quizSets, drills } = contentLoad();
    const plan = eveningPlan(
      quizSets.map((set) => ({ slug: set.slug, title: set.title, topic: set.topic, questionCount: set.questions.length })),
      drills,
    );
    const total = plan.reduce((sum, item) => sum + item.minutes, 0);
    expect(total).toBeLessThanOrEqual(EVENING_MINUTES);
    expect(total).toBeGreaterThanOrEqual(EVENING_MINUTES - 15);
    expect(new Set(plan.map((item) => `${item.kind}:${item.slug}`)).size).toBe(plan.length);
    expect(plan.at(-1)).toMatchObject({ kind: "drill" });
  });
});

describe("planItemDone", () => {
  const now = new Date("2026-03-04T20:00:00Z");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

  it("ticks off a quiz finished tonight, not one finished last week or still in progress", () => {
    const item = { kind: "quiz", slug: "fencing", title: "Fencing", minutes: 10 } as const;
    const progress = (finishedAt: string | null) => ({ quizzes: { fencing: { finishedAt } }, drills: {} });
    expect(planItemDone(item, progress(hoursAgo(1)), now)).toBe(true);
    expect(planItemDone(item, progress(hoursAgo(24 * 7)), now)).toBe(false);
    expect(planItemDone(item, progress(null), now)).toBe(false);
    expect(planItemDone(item, { quizzes: {}, drills: {} }, now)).toBe(false);
  });

  it("ticks off a drill rated tonight, not a draft nor an old rating", () => {
    const item = { kind: "drill", slug: "gc", title: "GC", minutes: 8 } as const;
    const progress = (rating: number | null, lastReview?: string) => ({
      quizzes: {},
      drills: { gc: { card: lastReview ? { last_review: lastReview } : null, attempt: { rating } } },
    });
    expect(planItemDone(item, progress(3, hoursAgo(0.5)), now)).toBe(true);
    expect(planItemDone(item, progress(null), now)).toBe(false);
    expect(planItemDone(item, progress(3, hoursAgo(48)), now)).toBe(false);
  });
});
