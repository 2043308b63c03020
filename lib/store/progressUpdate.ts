/**
 * Pure transitions of the learner's progress: each takes the progress and returns the next one.
 * The store's actions call these and set the result; the tests call them directly.
 */
import { cardNew, cardReview } from "./progressSchedule";
import type {
  Confidence,
  DrillAttempt,
  DrillProgress,
  Grade,
  Progress,
  QuizSetProgress,
  VisitKind,
} from "./progressSchema";

const GOOD: Grade = 3;
const AGAIN: Grade = 1;

const emptySet: QuizSetProgress = { answers: {}, finishedAt: null, best: null, attempts: 0 };
const emptyAttempt: DrillAttempt = { answer: "", revealed: false, rubric: [], rating: null };
const emptyDrill: DrillProgress = { card: null, attempt: emptyAttempt };

export function quizSetProgress(progress: Progress, slug: string): QuizSetProgress {
  return progress.quizzes[slug] ?? emptySet;
}

export function drillProgress(progress: Progress, slug: string): DrillProgress {
  return progress.drills[slug] ?? emptyDrill;
}

export interface QuizAnswer {
  setSlug: string;
  /** Every question id of the set, in order: the run is finished once each has an answer. */
  questionIds: readonly string[];
  questionId: string;
  chosen: number[];
  correct: boolean;
}

/**
 * Records an answer in the set's current run. A missed question gets a review card, due at once;
 * a question that already has one is reviewed (Good if right, Again if wrong). Answering the last
 * question finishes the run: the attempt is counted and the best score kept.
 */
export function quizAnswer(progress: Progress, answer: QuizAnswer, now: Date): Progress {
  const previous = quizSetProgress(progress, answer.setSlug);
  // Answering after a finished run starts the next one.
  const set = previous.finishedAt ? { ...previous, answers: {}, finishedAt: null } : previous;
  const answers = { ...set.answers, [answer.questionId]: { chosen: answer.chosen, correct: answer.correct } };
  let next: QuizSetProgress = { ...set, answers };
  if (answer.questionIds.every((id) => answers[id])) {
    const correct = answer.questionIds.filter((id) => answers[id]?.correct).length;
    const total = answer.questionIds.length;
    const best = !set.best || correct / total > set.best.correct / set.best.total ? { correct, total } : set.best;
    next = { ...next, finishedAt: now.toISOString(), best, attempts: set.attempts + 1 };
  }

  const card = progress.questions[answer.questionId];
  const questions =
    card || !answer.correct
      ? {
          ...progress.questions,
          [answer.questionId]: card ? cardReview(card, answer.correct ? GOOD : AGAIN, now) : cardNew(now),
        }
      : progress.questions;

  return {
    ...progress,
    quizzes: { ...progress.quizzes, [answer.setSlug]: next },
    questions,
    lastVisited: { kind: "quiz", slug: answer.setSlug, at: now.toISOString() },
  };
}

/** Clears the set's current run (its best score and attempts stay). */
export function quizRestart(progress: Progress, slug: string): Progress {
  const set = quizSetProgress(progress, slug);
  return { ...progress, quizzes: { ...progress.quizzes, [slug]: { ...set, answers: {}, finishedAt: null } } };
}

/** A missed question answered again from the review page: Good if right, Again if wrong. */
export function questionReview(progress: Progress, questionId: string, correct: boolean, now: Date): Progress {
  const card = progress.questions[questionId];
  if (!card) return progress;
  return {
    ...progress,
    questions: { ...progress.questions, [questionId]: cardReview(card, correct ? GOOD : AGAIN, now) },
  };
}

export interface PredictionAnswer {
  /** The lesson's slug. */
  lesson: string;
  /** The prediction's id in its lesson ("predict-gc-pause-12000"). */
  id: string;
  /** The fingerprint of the question as asked (LessonPredict.fingerprint). */
  fingerprint: string;
  chosen: number;
  correct: boolean;
  confidence: Confidence | null;
  reason: string;
}

/** A lesson prediction's key in the learner's progress: "<lesson slug>/<prediction id>". */
export function predictionKey(lesson: string, id: string): string {
  return `${lesson}/${id}`;
}

/**
 * Records a lesson prediction, with the confidence and reason given before the reveal. Only the
 * first answer counts: one given again after a reload has seen the reveal, so it changes neither
 * the answer calibration counts nor the review card (a miss is reviewed in Review, spaced). An
 * answer kept for a question since reworded (another fingerprint) is replaced. A missed prediction
 * joins Review as a missed quiz question does: it gets a review card, due at once.
 */
export function predictionAnswer(progress: Progress, answer: PredictionAnswer, now: Date): Progress {
  const key = predictionKey(answer.lesson, answer.id);
  if (progress.predictions[key]?.fingerprint === answer.fingerprint) return progress;
  const { lesson, fingerprint, chosen, correct, confidence } = answer;
  const reason = answer.reason.trim();
  return {
    ...progress,
    predictions: {
      ...progress.predictions,
      [key]: {
        lesson,
        fingerprint,
        chosen,
        correct,
        confidence,
        reason,
        answeredAt: now.toISOString(),
        card: correct ? null : cardNew(now),
      },
    },
  };
}

/** A missed prediction answered again from the review page: Good if right, Again if wrong. Its lesson answer stays as it was. */
export function predictionReview(progress: Progress, key: string, correct: boolean, now: Date): Progress {
  const prediction = progress.predictions[key];
  if (!prediction?.card) return progress;
  return {
    ...progress,
    predictions: {
      ...progress.predictions,
      [key]: { ...prediction, card: cardReview(prediction.card, correct ? GOOD : AGAIN, now) },
    },
  };
}

/** Keeps the learner's draft answer, the reveal and the ticked rubric items of a drill attempt. */
export function drillAttemptUpdate(
  progress: Progress,
  slug: string,
  patch: Partial<Omit<DrillAttempt, "rating">>,
): Progress {
  const drill = drillProgress(progress, slug);
  return { ...progress, drills: { ...progress.drills, [slug]: { ...drill, attempt: { ...drill.attempt, ...patch } } } };
}

/** The learner's rating of an attempt schedules the drill's next review. */
export function drillRate(progress: Progress, slug: string, grade: Grade, now: Date): Progress {
  const drill = drillProgress(progress, slug);
  const rated: DrillProgress = {
    card: cardReview(drill.card, grade, now),
    attempt: { ...drill.attempt, revealed: true, rating: grade },
  };
  return { ...progress, drills: { ...progress.drills, [slug]: rated } };
}

/** Starts a fresh attempt at a drill; its review schedule stays. */
export function drillRestart(progress: Progress, slug: string): Progress {
  const drill = drillProgress(progress, slug);
  return { ...progress, drills: { ...progress.drills, [slug]: { ...drill, attempt: emptyAttempt } } };
}

/** Marks a lesson as understood, or takes the mark back. */
export function lessonUnderstood(progress: Progress, slug: string, understood: boolean, now: Date): Progress {
  const lessons = { ...progress.lessons };
  if (understood) lessons[slug] = { understoodAt: now.toISOString() };
  else delete lessons[slug];
  return { ...progress, lessons };
}

/** Remembers the lesson, quiz set or drill the learner opened last, for "continue where you left off". */
export function progressVisit(progress: Progress, kind: VisitKind, slug: string, now: Date): Progress {
  return { ...progress, lastVisited: { kind, slug, at: now.toISOString() } };
}
