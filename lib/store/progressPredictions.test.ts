import { describe, expect, it } from "vitest";
import { progressMigrate } from "./progressMigrate";
import { reviewQueue } from "./progressReview";
import { cardNew, cardReview } from "./progressSchedule";
import { PROGRESS_VERSION, progressEmpty, progressParse, type Progress } from "./progressSchema";
import { progressExport, progressImportParse } from "./progressTransfer";
import { predictionAnswer, predictionReview, quizAnswer, questionReview } from "./progressUpdate";

const t0 = new Date("2026-12-07T18:00:00Z");
const t1 = new Date("2026-12-07T18:05:00Z");
const key = "04-fencing-tokens/predict-gc-pause-fenced-17000";
const wrongAndSure = {
  lesson: "04-fencing-tokens",
  id: "predict-gc-pause-fenced-17000",
  fingerprint: "q1",
  chosen: 0,
  correct: false,
  confidence: "sure",
  reason: "  c1 did hold the lock  ",
} as const;
const known = {
  questionIds: new Set(["fencing/q1"]),
  drillSlugs: new Set<string>(),
  predictions: new Map([[key, "q1"]]),
};

describe("a lesson prediction", () => {
  it("keeps the answer with the confidence and the reason given before the reveal", () => {
    const p = predictionAnswer(progressEmpty(), wrongAndSure, t0);
    expect(p.predictions[key]).toEqual({
      lesson: "04-fencing-tokens",
      fingerprint: "q1",
      chosen: 0,
      correct: false,
      confidence: "sure",
      reason: "c1 did hold the lock",
      answeredAt: t0.toISOString(),
      card: cardNew(t0),
    });
  });

  it("answered right gets no review card, as a quiz question answered right gets none", () => {
    const p = predictionAnswer(
      progressEmpty(),
      { ...wrongAndSure, chosen: 1, correct: true, confidence: null, reason: "" },
      t0,
    );
    expect(p.predictions[key]!.card).toBeNull();
    expect(reviewQueue(p, known, t0)).toEqual({ due: [], upcoming: [] });
  });

  it("missed joins Review beside a missed quiz question, due at once, and is scheduled as the question is when answered there", () => {
    let p = quizAnswer(
      progressEmpty(),
      { setSlug: "fencing", questionIds: ["fencing/q1"], questionId: "fencing/q1", chosen: [0], correct: false },
      t0,
    );
    p = predictionAnswer(p, wrongAndSure, t0);
    expect(reviewQueue(p, known, t0).due).toEqual([
      { kind: "prediction", id: key, due: t0.toISOString() },
      { kind: "question", id: "fencing/q1", due: t0.toISOString() },
    ]);
    // Without the predictions that exist, none is listed (a retired lesson's).
    expect(reviewQueue(p, { ...known, predictions: new Map() }, t0).due.map((item) => item.kind)).toEqual(["question"]);
    // Nor one kept for a question since reworded: the card was for another question.
    expect(reviewQueue(p, { ...known, predictions: new Map([[key, "q2"]]) }, t0).due.map((item) => item.kind)).toEqual([
      "question",
    ]);

    p = questionReview(predictionReview(p, key, true, t1), "fencing/q1", true, t1);
    expect(p.predictions[key]!.card).toEqual(p.questions["fencing/q1"]);
    expect(p.predictions[key]!.card).toEqual(cardReview(cardNew(t0), 3, t1));
    expect(reviewQueue(p, known, t1).due).toEqual([]);
    // The lesson's answer, the one calibration counts, stays as it was.
    expect(p.predictions[key]).toMatchObject({ chosen: 0, correct: false, confidence: "sure" });
  });

  it("answered again in the lesson, after the reveal, keeps the first answer and leaves its card unreviewed", () => {
    const first = predictionAnswer(progressEmpty(), wrongAndSure, t0);
    const again = predictionAnswer(
      first,
      { ...wrongAndSure, chosen: 1, correct: true, confidence: "fairly-sure", reason: "seen it" },
      t1,
    );
    expect(again).toBe(first);
    expect(again.predictions[key]).toMatchObject({
      chosen: 0,
      correct: false,
      confidence: "sure",
      reason: "c1 did hold the lock",
      answeredAt: t0.toISOString(),
    });
    expect(again.predictions[key]!.card).toEqual(cardNew(t0));
    // Still due: only Review reviews it.
    expect(reviewQueue(again, known, t1).due).toEqual([{ kind: "prediction", id: key, due: t0.toISOString() }]);
  });

  it("answered again once its question was reworded starts afresh: the old answer was to another question", () => {
    const first = predictionAnswer(progressEmpty(), wrongAndSure, t0);
    const reworded = predictionAnswer(
      first,
      { ...wrongAndSure, fingerprint: "q2", chosen: 1, correct: true, confidence: null, reason: "" },
      t1,
    );
    expect(reworded.predictions[key]).toEqual({
      lesson: "04-fencing-tokens",
      fingerprint: "q2",
      chosen: 1,
      correct: true,
      confidence: null,
      reason: "",
      answeredAt: t1.toISOString(),
      card: null,
    });
  });

  it("refuses a confidence it does not know and a reason longer than one line", () => {
    const saved = JSON.parse(JSON.stringify(predictionAnswer(progressEmpty(), wrongAndSure, t0)));
    expect(() =>
      progressParse({ ...saved, predictions: { [key]: { ...saved.predictions[key], confidence: "certain" } } }),
    ).toThrow(/^predictions\.04-fencing-tokens\/predict-gc-pause-fenced-17000\.confidence: /);
    expect(() =>
      progressParse({ ...saved, predictions: { [key]: { ...saved.predictions[key], reason: "x".repeat(201) } } }),
    ).toThrow(/\.reason: /);
  });
});

describe("progress version 5", () => {
  /** Progress as version 4 saved it: no predictions field. */
  function progressV4(): Record<string, unknown> {
    const progress: Record<string, unknown> = quizAnswer(
      progressEmpty(),
      { setSlug: "fencing", questionIds: ["fencing/q1"], questionId: "fencing/q1", chosen: [0], correct: false },
      t0,
    );
    delete progress.predictions;
    return progress;
  }

  it("migrates a version 4 save, which kept no predictions, keeping everything else", () => {
    expect(PROGRESS_VERSION).toBeGreaterThanOrEqual(5);
    const migrated: Progress = progressMigrate(progressV4(), 4);
    expect(migrated).toEqual({ ...progressV4(), predictions: {}, code: {} });
    expect(() => progressMigrate(progressV4(), 5)).toThrow(/^predictions: /);
  });

  it("loads an export made by version 4, and round-trips predictions through an export", () => {
    const file = JSON.stringify({
      format: "lease-lab-progress",
      version: 4,
      exportedAt: t0.toISOString(),
      progress: progressV4(),
    });
    expect(progressImportParse(file)).toEqual({
      ok: true,
      progress: { ...progressV4(), predictions: {}, code: {} },
      exportedAt: t0.toISOString(),
    });
    const progress = predictionAnswer(progressEmpty(), wrongAndSure, t0);
    expect(progressImportParse(progressExport(progress, t1))).toEqual({
      ok: true,
      progress,
      exportedAt: t1.toISOString(),
    });
  });
});
