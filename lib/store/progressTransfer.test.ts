import { describe, expect, it } from "vitest";
import { progressEmpty, PROGRESS_VERSION } from "./progressSchema";
import { challengeSolved } from "./progressChallenges";
import { progressExport, progressExportFileName, progressHoldings, progressImportParse } from "./progressTransfer";
import { lessonUnderstood, predictionAnswer, quizAnswer } from "./progressUpdate";

const now = new Date("2025-03-01T09:00:00.000Z");
const progress = quizAnswer(
  progressEmpty(),
  { setSlug: "s", questionIds: ["s/q1"], questionId: "s/q1", chosen: [0], correct: false },
  now,
);

describe("progress export and import", () => {
  it("round-trips", () => {
    const result = progressImportParse(progressExport(progress, now));
    expect(result).toEqual({ ok: true, progress, exportedAt: now.toISOString() });
    expect(progressExportFileName(now)).toMatch(/^lease-lab-progress-2025-03-0[12]\.json$/);
  });

  it("refuses a file that is not JSON, not ours, from a newer version, or damaged, saying why", () => {
    const reasons = [
      "{ not json",
      JSON.stringify({ hello: "world" }),
      JSON.stringify({ format: "lease-lab-progress", progress: {} }),
      JSON.stringify({
        format: "lease-lab-progress",
        version: PROGRESS_VERSION + 1,
        exportedAt: now.toISOString(),
        progress,
      }),
      JSON.stringify({
        format: "lease-lab-progress",
        version: PROGRESS_VERSION,
        exportedAt: now.toISOString(),
        progress: { ...progress, quizzes: { s: { ...progress.quizzes.s, attempts: -1 } } },
      }),
    ].map((text) => {
      const result = progressImportParse(text);
      return result.ok ? "accepted" : result.reason;
    });
    expect(reasons).toEqual([
      "This file is not JSON, so it cannot be a Lease Lab progress export.",
      "This is not a Lease Lab progress file (it was not made with “Export progress”).",
      "This progress file is incomplete: it needs a version, an export date and the progress itself.",
      `This progress file cannot be used: it was saved by a newer version of Lease Lab (progress version ${PROGRESS_VERSION + 1}; this one reads up to ${PROGRESS_VERSION}).`,
      "This progress file cannot be used: quizzes.s.attempts: must be 0 or more.",
    ]);
  });
});

describe("what progress holds, said before an import replaces it", () => {
  const now = new Date("2025-03-01T09:00:00.000Z");
  it("counts quiz sets, lessons understood, challenges won, review cards and predictions, naming only what there is", () => {
    expect(progressHoldings(progressEmpty())).toBe("nothing");
    const one = quizAnswer(
      progressEmpty(),
      { setSlug: "s", questionIds: ["s/q1", "s/q2"], questionId: "s/q1", chosen: [1], correct: false },
      now,
    );
    expect(progressHoldings(one)).toBe("1 quiz set and 1 review card");
    let rich = lessonUnderstood(lessonUnderstood(one, "leases", true, now), "fencing", true, now);
    rich = challengeSolved(rich, "fence-the-pause", { changes: 1 }, now);
    rich = predictionAnswer(
      rich,
      {
        lesson: "leases",
        id: "predict-1",
        fingerprint: "f1",
        chosen: 0,
        correct: false,
        confidence: "sure",
        reason: "",
      },
      now,
    );
    rich = predictionAnswer(
      rich,
      { lesson: "leases", id: "predict-2", fingerprint: "f2", chosen: 1, correct: true, confidence: null, reason: "" },
      now,
    );
    expect(progressHoldings(rich)).toBe(
      "1 quiz set, 2 lessons understood, 1 challenge won, 2 review cards and 2 predictions answered",
    );
  });
});
