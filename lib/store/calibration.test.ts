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
    (p, [lesson, id, correct, confidence]) =>
      predictionAnswer(
        p,
        { lesson, id, fingerprint: "q1", chosen: correct ? 1 : 0, correct, confidence, reason: "" },
        now,
      ),
    progressEmpty(),
  ).predictions;
}

/** The lessons' predictions as asked now, all with the question the answers above were given to. */
const asked = (...keys: string[]) => new Map(keys.map((key) => [key, "q1"]));

describe("calibration", () => {
  it("is empty before any prediction is answered", () => {
    expect(calibration({}, lessons, asked())).toEqual({ overall: [], concepts: [] });
  });

  it("counts right answers at each confidence given, per lesson in course order and across them, most sure first", () => {
    const predictions = answered(
      ["04-fencing-tokens", "predict-1", false, "sure"],
      ["04-fencing-tokens", "predict-2", true, "sure"],
      ["04-fencing-tokens", "predict-3", true, "guessing"],
      ["02-leases", "predict-1", true, "sure"],
      ["02-leases", "predict-2", false, null],
    );
    const result = calibration(predictions, lessons, asked(...Object.keys(predictions)));
    expect(result.concepts.map((concept) => [concept.title, concept.tallies.map(tallyText)])).toEqual([
      ["Leases", ["Sure: right 1 of 1", "Not said: right 0 of 1"]],
      ["Fencing tokens", ["Sure: right 1 of 2", "Guessing: right 1 of 1"]],
    ]);
    expect(result.overall.map(tallyText)).toEqual([
      "Sure: right 2 of 3",
      "Guessing: right 1 of 1",
      "Not said: right 0 of 1",
    ]);
  });

  it("counts a prediction once, by its first answer (one given again after the reveal changes nothing), and leaves out lessons that no longer exist", () => {
    const predictions = answered(
      ["04-fencing-tokens", "predict-gc-pause-fenced-17000", false, "sure"],
      ["04-fencing-tokens", "predict-gc-pause-fenced-17000", true, "fairly-sure"],
      ["99-retired", "predict-gc-pause-17000", false, "sure"],
    );
    expect(calibration(predictions, lessons, asked(...Object.keys(predictions)))).toEqual({
      overall: [{ confidence: "sure", right: 0, total: 1 }],
      concepts: [
        { lesson: "04-fencing-tokens", title: "Fencing tokens", tallies: [{ confidence: "sure", right: 0, total: 1 }] },
      ],
    });
  });

  it("leaves out an answer to a prediction no longer asked, or since reworded (another fingerprint)", () => {
    const predictions = answered(
      ["04-fencing-tokens", "predict-gc-pause-fenced-17000", false, "sure"],
      ["02-leases", "predict-ttl-renewed-9000", true, "sure"],
    );
    const reworded = new Map([["04-fencing-tokens/predict-gc-pause-fenced-17000", "q2"]]);
    expect(calibration(predictions, lessons, reworded)).toEqual({ overall: [], concepts: [] });
    expect(calibration(predictions, lessons, asked("02-leases/predict-ttl-renewed-9000")).overall).toEqual([
      { confidence: "sure", right: 1, total: 1 },
    ]);
  });
});
