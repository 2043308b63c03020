import { describe, expect, it } from "vitest";
import { lessonContentCheck } from "@/lib/content/lessonLoad";
import { contentCheck } from "@/lib/content/load";
import { learningPath } from "./learningPath";

describe("the learning path on the home page", () => {
  it("links each step to its lesson, in the lessons' order", () => {
    const { lessons } = lessonContentCheck(process.cwd(), contentCheck().quizSets);
    expect(learningPath.map((step) => step.lesson)).toEqual(lessons.map((lesson) => lesson.slug));
  });
});
