/**
 * Calibration: how often the learner's predictions were right at each confidence they gave, per
 * concept. Predictions carry no concept of their own, so a prediction's concept is its lesson
 * (each lesson teaches one). Each prediction counts once, by its first answer in the lesson, given
 * before the reveal: answering again after a reload does not change it, and review answers are not
 * predictions. An answer to a question since reworded no longer counts.
 */
import type { Confidence, Progress } from "./progressSchema";

/** Most sure first, as the home page lists them. */
export const confidences: readonly Confidence[] = ["sure", "fairly-sure", "guessing"];

export const confidenceLabels: Record<Confidence, string> = {
  sure: "Sure",
  "fairly-sure": "Fairly sure",
  guessing: "Guessing",
};

export interface CalibrationTally {
  /** null: answered without saying how sure. */
  confidence: Confidence | null;
  right: number;
  total: number;
}

export interface ConceptCalibration {
  /** The lesson's slug. */
  lesson: string;
  title: string;
  /** Only the confidences given at least once, most sure first, then "not said". */
  tallies: CalibrationTally[];
}

const levels: (Confidence | null)[] = [...confidences, null];

/** The answers at each confidence given at least once, most sure first, then "not said". */
function tallies(answered: readonly Progress["predictions"][string][]): CalibrationTally[] {
  return levels
    .map((confidence) => {
      const given = answered.filter((prediction) => prediction.confidence === confidence);
      return { confidence, right: given.filter((prediction) => prediction.correct).length, total: given.length };
    })
    .filter((tally) => tally.total > 0);
}

export interface Calibration {
  /** Across every concept. */
  overall: CalibrationTally[];
  concepts: ConceptCalibration[];
}

/**
 * The calibration of each concept with answered predictions, in the order of `lessons`, and across
 * them all. `current` holds the predictions the lessons ask now, by key, with the fingerprint of
 * each question: an answer to one no longer asked, or since reworded, is left out.
 */
export function calibration(
  predictions: Progress["predictions"],
  lessons: readonly { slug: string; title: string }[],
  current: ReadonlyMap<string, string>,
): Calibration {
  const counted = Object.entries(predictions)
    .filter(([key, prediction]) => current.get(key) === prediction.fingerprint)
    .map(([, prediction]) => prediction);
  const byLesson = lessons.map((lesson) => ({
    lesson,
    answered: counted.filter((prediction) => prediction.lesson === lesson.slug),
  }));
  return {
    overall: tallies(byLesson.flatMap(({ answered }) => answered)),
    concepts: byLesson
      .filter(({ answered }) => answered.length > 0)
      .map(({ lesson, answered }) => ({ lesson: lesson.slug, title: lesson.title, tallies: tallies(answered) })),
  };
}

/** "Sure: right 3 of 4"; "Not said: right 1 of 2". */
export function tallyText(tally: CalibrationTally): string {
  return `${tally.confidence ? confidenceLabels[tally.confidence] : "Not said"}: right ${tally.right} of ${tally.total}`;
}
