import type { QuizQuestion } from "@/lib/content/types";

/** FNV-1a: a string to a 32-bit seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The question with its options in an order of their own for this review, so that a learner who
 * meets it again recalls the answer, not its position. The order is fixed by the question and the
 * review (`review`: how many times it has been reviewed), so a reload shows the same order and the
 * next review another. Each option keeps its `correct` flag, so grading follows the option itself.
 */
export function shuffleOptions(question: QuizQuestion, review: number): QuizQuestion {
  const random = generator(hash(`${question.id}#${review}`));
  const options = [...question.options];
  for (let i = options.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [options[i], options[j]] = [options[j]!, options[i]!]; // 0 ≤ j ≤ i < length
  }
  return { ...question, options };
}
