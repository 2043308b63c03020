import { describe, expect, it } from "vitest";
import { calibration, tallyText } from "./calibration";
import { progressEmpty, type Confidence } from "./progressSchema";
import { predictionAnswer } from "./progressUpdate";

const now = new Date("2026-12-07T18:00:00Z");
const lessons = [
  { slug: "02-leases", title: "Leases" },
  { slug: "04-fencing-tokens", title: "Fencing tokens" },
];

function answered(...answers: [lesson: string, id: string, correct: boolean, confidence: Confidence | null][]) {
  return answers.reduce(
    (p, [lesson, id, correct, confidence]) => predictionAnswer(p, { lesson, id, chosen: correct ? 1 : 0, correct, confidence, reason: "" }, now),
    progressEmpty(),
  ).predictions;
}

describe("calibration", () => {
  it("is empty before any prediction is answered", () => {
    expect(calibration({}, lessons)).toEqual({ overall: [], concepts: [] });
  });

  it("counts right answers at each confidence given, per lesson in course order and across them, most sure first", () => {
    const predictions = answered(
      ["04-fencing-tokens", "predict-1", false, "sure"],
      ["04-fencing-tokens", "predict-2", true, "sure"],
      ["04-fencing-tokens", "predict-3", true, "guessing"],
      ["02-leases", "predict-1", true, "sure"],
      ["02-leases", "predict-2", false, null],
    );
    const result = calibration(predictions, lessons);
    expect(result.concepts.map((concept) => [concept.title, concept.tallies.map(tallyText)])).toEqual([
      ["Leases", ["Sure: right 1 of 1", "Not said: right 0 of 1"]],
      ["Fencing tokens", ["Sure: right 1 of 2", "Guessing: right 1 of 1"]],
    ]);
    expect(result.overall.map(tallyText)).toEqual(["Sure: right 2 of 3", "Guessing: right 1 of 1", "Not said: right 0 of 1"]);
  });

  it("counts a prediction once, by its latest answer, and leaves out lessons that no longer exist", () => {
    const predictions = answered(
      ["04-fencing-tokens", "predict-1", false, "sure"],
      ["04-fencing-tokens", "predict-1", true, "fairly-sure"],
      ["99-retired", "predict-1", false, "sure"],
    );
    expect(calibration(predictions, lessons)).toEqual({
      overall: [{ confidence: "fairly-sure", right: 1, total: 1 }],
      concepts: [{ lesson: "04-fencing-tokens", title: "Fencing tokens", tallies: [{ confidence: "fairly-sure", right: 1, total: 1 }] }],
    });
  });
});
