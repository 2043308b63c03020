/**
 * The learner's progress as it is saved in localStorage and exported to a file (bad input
 * gets a clear message and loses nothing). Every read of saved or imported progress goes
 * through `progressParse`, so the app only ever holds progress of this exact shape.
 */
import { z } from "zod";

/** Bump when the saved shape changes, and add a step to progressMigrate.ts. */
export const PROGRESS_VERSION = 6;

const isoDate = z.iso.datetime("must be an ISO date and time");
const count = z.number().int("must be a whole number").nonnegative("must be 0 or more");

/** A ts-fsrs card with its dates as ISO strings, as JSON keeps them. */
export const cardSchema = z.strictObject({
  due: isoDate,
  stability: z.number().nonnegative(),
  difficulty: z.number(),
  elapsed_days: z.number().nonnegative(),
  scheduled_days: z.number().nonnegative(),
  learning_steps: count,
  reps: count,
  lapses: count,
  state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  last_review: isoDate.optional(),
});

/** The learner's self-assessment of a review: Again, Hard, Good or Easy (ts-fsrs grades 1–4). */
export const gradeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

const answerSchema = z.strictObject({
  /** Indices of the chosen options. */
  chosen: z.array(z.number().int().min(0).max(8)).min(1),
  correct: z.boolean(),
});

const quizSetSchema = z.strictObject({
  /** The answers of the current run, or of the last finished one (then finishedAt is set). */
  answers: z.record(z.string(), answerSchema),
  finishedAt: isoDate.nullable(),
  best: z
    .strictObject({ correct: count, total: z.number().int().positive() })
    .refine((best) => best.correct <= best.total, "correct must not exceed total")
    .nullable(),
  attempts: count,
});

const drillSchema = z.strictObject({
  /** Its review schedule; null until the learner first rates an attempt. */
  card: cardSchema.nullable(),
  attempt: z.strictObject({
    answer: z.string().max(100_000),
    revealed: z.boolean(),
    /** Indices of the rubric items the learner ticked. */
    rubric: z.array(count),
    /** How the learner rated this attempt, once they have. */
    rating: gradeSchema.nullable(),
  }),
});

/**
 * A challenge level won, and the best score so far (since version 4): a break level's fewest faults
 * (then least pause time), a defend level's fewest controls changed.
 */
const challengeSchema = z.strictObject({
  solvedAt: isoDate,
  best: z.union([z.strictObject({ faults: count, pauseMs: count }), z.strictObject({ changes: count })]),
});

/**
 * A code level passed (since version 6): when first, the fingerprint of the code that passed
 * (codeFingerprint), and the best par score so far, in the level's par kind (fewest service
 * calls or soonest finish: lower is better).
 */
const codeLevelSchema = z.strictObject({
  solvedAt: isoDate,
  fingerprint: z.string().max(40),
  best: z.strictObject({ kind: z.enum(["service-calls", "finish-ms"]), value: count, met: z.boolean() }),
});

/** How sure the learner said they were of a prediction, before it was revealed (since version 5). */
export const confidenceSchema = z.enum(["guessing", "fairly-sure", "sure"]);

/** A prediction's reason is one line, said in a few words. */
export const PREDICTION_REASON_MAX = 200;

/**
 * A lesson prediction the learner answered (since version 5): their first answer, with the
 * confidence and reason they gave before the reveal, and its review card once first missed.
 */
const predictionSchema = z.strictObject({
  /** The lesson it is in, by slug. */
  lesson: z.string(),
  /** The fingerprint of the question answered (LessonPredict.fingerprint): once reworded, this answer no longer counts. */
  fingerprint: z.string().max(20),
  /** Index of the chosen option. */
  chosen: z.number().int().min(0).max(8),
  correct: z.boolean(),
  confidence: confidenceSchema.nullable(),
  reason: z.string().max(PREDICTION_REASON_MAX),
  answeredAt: isoDate,
  card: cardSchema.nullable(),
});

/** What "continue where you left off" can lead back to (lessons since version 3). */
const visitKindSchema = z.enum(["lesson", "quiz", "drill"]);

export const progressSchema = z.strictObject({
  quizzes: z.record(z.string(), quizSetSchema),
  /** Review cards of quiz questions, by question id: a question gets one when it is first missed. */
  questions: z.record(z.string(), cardSchema),
  drills: z.record(z.string(), drillSchema),
  /** Lessons the learner marked as understood, by lesson slug (since version 2). */
  lessons: z.record(z.string(), z.strictObject({ understoodAt: isoDate })),
  /** Challenge levels won, by level slug; arcade levels as "arcade-<seed>" (since version 4). */
  challenges: z.record(z.string(), challengeSchema),
  /** Lesson predictions answered, by "<lesson slug>/<prediction id>" (since version 5). */
  predictions: z.record(z.string(), predictionSchema),
  /** Code levels passed, by level slug (since version 6). */
  code: z.record(z.string(), codeLevelSchema),
  lastVisited: z.strictObject({ kind: visitKindSchema, slug: z.string(), at: isoDate }).nullable(),
  settings: z.strictObject({ numberKeys: z.boolean() }),
});

export type Progress = z.infer<typeof progressSchema>;
export type QuizSetProgress = z.infer<typeof quizSetSchema>;
export type DrillProgress = z.infer<typeof drillSchema>;
export type DrillAttempt = DrillProgress["attempt"];
export type StoredCard = z.infer<typeof cardSchema>;
export type Grade = z.infer<typeof gradeSchema>;
export type VisitKind = z.infer<typeof visitKindSchema>;
export type ChallengeProgress = z.infer<typeof challengeSchema>;
export type PredictionProgress = z.infer<typeof predictionSchema>;
export type Confidence = z.infer<typeof confidenceSchema>;
export type CodeLevelProgress = z.infer<typeof codeLevelSchema>;

export function progressEmpty(): Progress {
  return {
    quizzes: {},
    questions: {},
    drills: {},
    lessons: {},
    challenges: {},
    predictions: {},
    code: {},
    lastVisited: null,
    settings: { numberKeys: true },
  };
}

/** Why saved or imported progress was refused, in one line a learner can read. */
export class ProgressError extends Error {
  override name = "ProgressError";
}

/** Checks unknown data against the progress schema; throws a ProgressError naming the first bad field. */
export function progressParse(data: unknown): Progress {
  const result = progressSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!; // a failed parse has at least one issue
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new ProgressError(`${where}${issue.message}`);
}
