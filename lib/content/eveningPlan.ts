/**
 * "Interview tomorrow?": one evening's plan, made from the course's own quizzes and drills rather
 * than typed figures. In course order, each quiz is followed by the shortest drill on its topic, a
 * pair at a time while the pair fits; the evening ends with the shortest design drill, a full mock
 * question, whose minutes are set aside first.
 */
import type { DrillSummary } from "./types";

/** Minutes a quiz question takes, reading its explanation included. */
export const MINUTES_PER_QUESTION = 1;
/** How long the evening is. */
export const EVENING_MINUTES = 90;
/** The topic of the open system-design drills, one of which ends the evening. */
export const MOCK_TOPIC = "design";

export interface PlanQuiz {
  slug: string;
  title: string;
  topic: string;
  questionCount: number;
}

export type PlanItem = { kind: "quiz"; slug: string; title: string; minutes: number } | { kind: "drill"; slug: string; title: string; minutes: number };

const byMinutes = (a: DrillSummary, b: DrillSummary) => a.minutes - b.minutes || a.title.localeCompare(b.title);

/** The plan, in the order to do it; `quizzes` in course order. Its total is at most `budget`. */
export function eveningPlan(quizzes: readonly PlanQuiz[], drills: readonly DrillSummary[], budget = EVENING_MINUTES): PlanItem[] {
  const mock = drills.filter((drill) => drill.topic === MOCK_TOPIC).sort(byMinutes)[0];
  let left = budget - (mock && mock.minutes <= budget ? mock.minutes : 0);
  const plan: PlanItem[] = [];
  for (const quiz of quizzes) {
    const quizMinutes = quiz.questionCount * MINUTES_PER_QUESTION;
    const drill = drills.filter((d) => d.topic === quiz.topic).sort(byMinutes)[0];
    const pair = quizMinutes + (drill?.minutes ?? 0);
    if (pair > left) continue;
    left -= pair;
    plan.push({ kind: "quiz", slug: quiz.slug, title: quiz.title, minutes: quizMinutes });
    if (drill) plan.push({ kind: "drill", slug: drill.slug, title: drill.title, minutes: drill.minutes });
  }
  if (mock && mock.minutes <= budget) plan.push({ kind: "drill", slug: mock.slug, title: mock.title, minutes: mock.minutes });
  return plan;
}

/** How long ago a quiz finished or a drill was rated still counts as done tonight. */
export const DONE_WITHIN_MS = 18 * 3600_000;

/**
 * Done this evening: a quiz finished, or a drill rated, within the last 18 hours (so a quiz taken
 * last month is not ticked off the night before the interview).
 */
export function planItemDone(
  item: PlanItem,
  progress: { quizzes: Record<string, { finishedAt: string | null }>; drills: Record<string, { card: { last_review?: string } | null; attempt: { rating: number | null } }> },
  now: Date,
): boolean {
  const recent = (iso: string | null | undefined) => iso != null && now.getTime() - Date.parse(iso) <= DONE_WITHIN_MS;
  if (item.kind === "quiz") return recent(progress.quizzes[item.slug]?.finishedAt);
  const drill = progress.drills[item.slug];
  return drill !== undefined && drill.attempt.rating !== null && recent(drill.card?.last_review);
}
