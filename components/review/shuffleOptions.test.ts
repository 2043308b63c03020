import { describe, expect, it } from "vitest";
import { answerIsCorrect } from "@/components/quiz/answerGrade";
import type { QuizQuestion } from "@/lib/content/types";
import { shuffleOptions } from "./shuffleOptions";

const question: QuizQuestion = {
  id: "fencing/who-wins",
  setSlug: "fencing",
  title: "Who wins?",
  titleHtml: "Who wins?",
  contextHtml: null,
  scenario: null,
  lesson: null,
  multiple: false,
  options: ["c1", "c2", "storage", "nobody", "both"].map((name, i) => ({
    html: name,
    correct: i === 1,
    explanationHtml: `<p>${name}</p>`,
  })),
};
const names = (q: QuizQuestion) => q.options.map((o) => o.html);

describe("a review's order of options", () => {
  it("is the same for the same review, as after a reload", () => {
    expect(names(shuffleOptions(question, 3))).toEqual(names(shuffleOptions(question, 3)));
  });

  it("holds every option once, and changes from one review to the next", () => {
    const orders = [0, 1, 2, 3, 4, 5].map((review) => names(shuffleOptions(question, review)));
    for (const order of orders) expect([...order].sort()).toEqual([...names(question)].sort());
    expect(new Set(orders.map((order) => order.join())).size).toBeGreaterThan(1);
    expect(orders.some((order) => order.join() !== names(question).join())).toBe(true);
  });

  it("keeps the answer with its option: choosing c2 where it now stands is right", () => {
    const shuffled = shuffleOptions(question, 2);
    const at = names(shuffled).indexOf("c2");
    expect(answerIsCorrect(shuffled, [at])).toBe(true);
    expect(answerIsCorrect(shuffled, [(at + 1) % shuffled.options.length])).toBe(false);
    expect(shuffled.options[at]!.explanationHtml).toBe("<p>c2</p>");
  });
});
