/**
 * Spaced review with FSRS (ts-fsrs). Reviews are scheduled in days: a drill or a missed question
 * is something to come back to tomorrow or next week, not in ten minutes, so the short-term
 * learning steps are off. Fuzz is off too, so the same history always gives the same schedule.
 */
import { createEmptyCard, fsrs, type Card } from "ts-fsrs";
import type { Grade, StoredCard } from "./progressSchema";

const scheduler = fsrs({ enable_short_term: false, enable_fuzz: false });

export const gradeLabels: Record<Grade, string> = { 1: "Again", 2: "Hard", 3: "Good", 4: "Easy" };
export const grades: readonly Grade[] = [1, 2, 3, 4];

function cardStore(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.last_review ? { last_review: card.last_review.toISOString() } : {}),
  };
}

/** A card never reviewed, due at once. */
export function cardNew(now: Date): StoredCard {
  return cardStore(createEmptyCard(now));
}

/** The card after a review graded `grade` at `now`; a missing card is reviewed as a new one. */
export function cardReview(card: StoredCard | null, grade: Grade, now: Date): StoredCard {
  return cardStore(scheduler.next(card ?? createEmptyCard(now), now, grade).card);
}

/** When the card would next be due for each grade, to show beside the rating buttons. */
export function cardPreview(card: StoredCard | null, now: Date): Record<Grade, Date> {
  const preview = scheduler.repeat(card ?? createEmptyCard(now), now);
  return { 1: preview[1].card.due, 2: preview[2].card.due, 3: preview[3].card.due, 4: preview[4].card.due };
}

export function cardIsDue(card: Pick<StoredCard, "due">, now: Date): boolean {
  return Date.parse(card.due) <= now.getTime();
}
