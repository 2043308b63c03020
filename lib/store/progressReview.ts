/**
 * What the review page lists: missed quiz questions, missed lesson predictions and rated drills, each with its next due date,
 * split into what is due now and what comes later. Items whose content no longer exists are left out.
 */
import { cardIsDue } from "./progressSchedule";
import type { Progress } from "./progressSchema";

export interface ReviewItem {
  kind: "question" | "prediction" | "drill";
  /** Question id, prediction key ("<lesson slug>/<prediction id>") or drill slug. */
  id: string;
  due: string;
}

export interface ReviewQueue {
  /** Oldest first. */
  due: ReviewItem[];
  /** Soonest first. */
  upcoming: ReviewItem[];
}

/**
 * The content that exists: cards of anything else are left out. Predictions by key, with the
 * fingerprint of each one's question: a card kept for a question since reworded is left out too.
 * Without `predictions`, every prediction is.
 */
type Known = {
  questionIds: ReadonlySet<string>;
  drillSlugs: ReadonlySet<string>;
  predictions?: ReadonlyMap<string, string>;
};
type Cards = Pick<Progress, "questions" | "drills"> & Partial<Pick<Progress, "predictions">>;

/**
 * A cram before an interview: every missed question or prediction and rated drill, due or not, ignoring the
 * spacing, oldest due first (so what is due now comes first). It reads the schedule and never
 * changes it.
 */
export function cramQueue(progress: Cards, known: Known): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const [id, card] of Object.entries(progress.questions)) {
    if (known.questionIds.has(id)) items.push({ kind: "question", id, due: card.due });
  }
  for (const [key, prediction] of Object.entries(progress.predictions ?? {})) {
    if (prediction.card && known.predictions?.get(key) === prediction.fingerprint)
      items.push({ kind: "prediction", id: key, due: prediction.card.due });
  }
  for (const [slug, drill] of Object.entries(progress.drills)) {
    if (drill.card && known.drillSlugs.has(slug)) items.push({ kind: "drill", id: slug, due: drill.card.due });
  }
  items.sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || a.id.localeCompare(b.id));
  return items;
}

/** The same items, split into what is due at `now` and what comes later. */
export function reviewQueue(progress: Cards, known: Known, now: Date): ReviewQueue {
  const items = cramQueue(progress, known);
  const isDue = (item: ReviewItem) => cardIsDue(item, now);
  return { due: items.filter(isDue), upcoming: items.filter((item) => !isDue(item)) };
}
