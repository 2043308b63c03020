/**
 * The rating a drill's rubric ticks suggest. The learner still chooses: the suggestion only marks
 * one of the four buttons, so a learner who knows their answer was better or worse can say so.
 */
import type { Grade } from "./progressSchema";

/** The rule in one line, as the learner reads it beside the rating buttons. */
export const rubricRatingRule =
  "A missed must-have suggests Again; every must-have but under half the other points, Hard; half or more of them, Good; every point, Easy.";

/**
 * Again if any must-have item is unticked; otherwise Hard, Good or Easy by how many of the other
 * items are ticked (under half, half or more, all). Indices outside the rubric are ignored.
 */
export function rubricRating(itemCount: number, mustHaves: readonly number[], ticked: readonly number[]): Grade {
  const on = new Set(ticked.filter((index) => index >= 0 && index < itemCount));
  if (mustHaves.some((index) => !on.has(index))) return 1;
  const must = new Set(mustHaves);
  const others = itemCount - must.size;
  const othersTicked = [...on].filter((index) => !must.has(index)).length;
  if (othersTicked === others) return 4;
  return othersTicked * 2 >= others ? 3 : 2;
}
