import { describe, expect, it } from "vitest";
import { cramQueue, reviewQueue } from "./progressReview";
import { cardNew, cardReview } from "./progressSchedule";
import { progressEmpty } from "./progressSchema";

const now = new Date("2026-03-04T20:00:00Z");
const earlier = new Date("2026-03-01T20:00:00Z");

function progress() {
  const p = progressEmpty();
  p.questions["fencing/due"] = cardNew(earlier);
  // Answered right: back in days, not due tonight.
  p.questions["fencing/later"] = cardReview(null, 3, now);
  p.questions["gone/question"] = cardNew(earlier);
  p.drills["gc-pause"] = {
    card: cardReview(null, 4, now),
    attempt: { answer: "", revealed: true, rubric: [], rating: 4 },
  };
  p.drills["draft-only"] = { card: null, attempt: { answer: "a draft", revealed: false, rubric: [], rating: null } };
  return p;
}
const known = {
  questionIds: new Set(["fencing/due", "fencing/later"]),
  drillSlugs: new Set(["gc-pause", "draft-only"]),
};

describe("cramQueue", () => {
  it("takes every missed question and rated drill, due or not, due ones first, and leaves out drafts and retired content", () => {
    const p = progress();
    expect(reviewQueue(p, known, now).due.map((item) => item.id)).toEqual(["fencing/due"]);
    expect(cramQueue(p, known).map((item) => `${item.kind}:${item.id}`)).toEqual([
      "question:fencing/due",
      "question:fencing/later",
      "drill:gc-pause",
    ]);
  });

  it("changes nothing in the schedule", () => {
    const p = progress();
    const before = structuredClone(p);
    cramQueue(p, known);
    expect(p).toEqual(before);
  });
});
