import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "@/lib/content/types";
import { answerIsCorrect } from "./answerGrade";

const question = (correct: boolean[]): QuizQuestion => ({
  id: "s/q",
  setSlug: "s",
  title: "Q?",
  titleHtml: "Q?",
  contextHtml: null,
  scenario: null,
  lesson: null,
  multiple: correct.filter(Boolean).length > 1,
  options: correct.map((c, i) => ({ html: `option ${i}`, correct: c, explanationHtml: "<p>Why.</p>" })),
});

describe("answerIsCorrect", () => {
  it("wants exactly the correct options", () => {
    expect(answerIsCorrect(question([false, true, false]), [1])).toBe(true);
    expect(answerIsCorrect(question([false, true, false]), [0])).toBe(false);
    expect(answerIsCorrect(question([true, true, false]), [0, 1])).toBe(true);
    expect(answerIsCorrect(question([true, true, false]), [0])).toBe(false);
    expect(answerIsCorrect(question([true, true, false]), [0, 1, 2])).toBe(false);
  });
});
