import { describe, expect, it } from "vitest";
import type { Lesson, LessonPredict } from "@/lib/content/lessonTypes";
import { predictionCard, predictionCards, predictionFingerprints } from "./predictionCards";

const predict: LessonPredict = {
  kind: "predict",
  id: "predict-gc-pause-fenced-17000",
  fingerprint: "q1",
  preset: { id: "gc-pause-fenced", title: "GC pause, fenced" },
  at: 17000,
  question: "c1 writes with token 1 < 2. What does storage do?",
  options: ["Accepts it", "Rejects it"],
  answer: 1,
  reveal: [
    { kind: "html", html: "<p>Storage rejects it.</p>" },
    { kind: "sim", preset: { id: "gc-pause-fenced", title: "GC pause, fenced" }, live: [] },
  ],
};
const lesson: Lesson = {
  slug: "04-fencing-tokens",
  number: 4,
  title: "Fencing tokens: let the resource say no",
  summary: "",
  objectives: [],
  quiz: { slug: "fencing", title: "Fencing" },
  sources: [],
  blocks: [
    { kind: "html", html: "<p>Intro</p>" },
    { ...predict, id: "predict-gc-pause-12000", fingerprint: "q0", at: 12000 },
    predict,
  ],
};

describe("a missed prediction's review card", () => {
  it("asks the prediction's question with its options, links its place in the lesson and explains the answer with the reveal's prose", () => {
    expect(predictionCard(lesson, predict)).toEqual({
      id: "04-fencing-tokens/predict-gc-pause-fenced-17000",
      setSlug: "04-fencing-tokens",
      title: "c1 writes with token 1 < 2. What does storage do?",
      titleHtml: "c1 writes with token 1 &lt; 2. What does storage do?",
      contextHtml:
        '<p>A prediction from lesson 4, <a href="/learn/04-fencing-tokens/#predict-gc-pause-fenced-17000">Fencing tokens: let the resource say no</a>, asked with its run paused at 17.0 s.</p>',
      scenario: { preset: "gc-pause-fenced", title: "GC pause, fenced" },
      lesson: "04-fencing-tokens",
      multiple: false,
      options: [
        {
          html: "Accepts it",
          correct: false,
          explanationHtml: "<p>Not what the run does: the answer is “Rejects it”.</p>",
        },
        { html: "Rejects it", correct: true, explanationHtml: "<p>Storage rejects it.</p>" },
      ],
    });
  });

  it("says where to watch the answer when the prediction has no reveal", () => {
    const card = predictionCard(lesson, { ...predict, reveal: [] });
    expect(card.options[1]!.explanationHtml).toBe("<p>This is what the run does after 17.0 s.</p>");
  });

  it("exists for every prediction of every lesson, in reading order, keyed as progress keeps them", () => {
    expect(predictionCards([lesson]).map((card) => card.id)).toEqual([
      "04-fencing-tokens/predict-gc-pause-12000",
      "04-fencing-tokens/predict-gc-pause-fenced-17000",
    ]);
  });

  it("names each prediction's question by its fingerprint, under the key progress keeps its answer by", () => {
    expect(predictionFingerprints([lesson])).toEqual({
      "04-fencing-tokens/predict-gc-pause-12000": "q0",
      "04-fencing-tokens/predict-gc-pause-fenced-17000": "q1",
    });
  });
});
