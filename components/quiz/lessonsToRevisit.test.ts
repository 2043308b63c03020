import { describe, expect, it } from "vitest";
import type { LessonSummary } from "@/lib/content/lessonTypes";
import type { QuizQuestion } from "@/lib/content/types";
import { isLowScore, lessonsToRevisit, questionList } from "./lessonsToRevisit";

const lesson = (number: number, slug: string): LessonSummary => ({ slug, number, title: slug, summary: "" });
const pause = lesson(3, "03-the-pause");
const fencing = lesson(4, "04-fencing-tokens");
const question = (id: string, lessonSlug: string): QuizQuestion => ({
  id,
  setSlug: "pauses",
  title: id,
  titleHtml: id,
  contextHtml: null,
  scenario: null,
  lesson: lessonSlug,
  multiple: false,
  options: [],
});
const set = [
  question("q1", "04-fencing-tokens"),
  question("q2", "03-the-pause"),
  question("q3", "03-the-pause"),
  question("q4", "04-fencing-tokens"),
];

describe("the lessons behind a low score", () => {
  it("calls a score under 70 % low", () => {
    expect(isLowScore(6, 10)).toBe(true);
    expect(isLowScore(7, 10)).toBe(false);
    expect(isLowScore(4, 7)).toBe(true);
  });

  it("lists each lesson behind a missed question once, in course order, with the questions it covers", () => {
    expect(lessonsToRevisit(set, new Set(["q1", "q2", "q3"]), [pause, fencing])).toEqual([
      { lesson: pause, questions: [2, 3] },
      { lesson: fencing, questions: [1] },
    ]);
    expect(lessonsToRevisit(set, new Set(["q4"]), [pause, fencing])).toEqual([{ lesson: fencing, questions: [4] }]);
  });

  it("names the questions as a learner reads them", () => {
    expect(questionList([2])).toBe("question 2");
    expect(questionList([2, 5])).toBe("questions 2 and 5");
    expect(questionList([1, 3, 4])).toBe("questions 1, 3 and 4");
  });
});
