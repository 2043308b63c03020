/**
 * A prediction's options must not give the answer away by their precision (issue 46 item 11): when
 * only the right option quotes the run to a tenth of a second, a learner picks it for its figure.
 * Options are read as the learner sees them, figures rendered: a run reference that renders a word
 * ("accepts", "no") reads like any other word, and a number is a figure whether the run gave it
 * or the author typed it (a distractor's wrong figure is typed: it is not a claim about the run).
 */

// A standalone number: "13.5", "2", "0.5"; not the digits of a name such as c1 or r3.
const NUMBER = /(?<![\w.])\d+(?:[.,](\d+))?(?![\w])/g;

/** How precise an option's figures are: the most decimals of any number in it, or null if it has none. */
export function optionPrecision(option: string): number | null {
  const numbers = [...option.matchAll(NUMBER)];
  if (numbers.length === 0) return null;
  return Math.max(...numbers.map((number) => number[1]?.length ?? 0));
}

/**
 * The problem with a prediction's rendered options, or null: the right option carries a figure
 * (a number, with its unit or not) and no wrong option carries one as precise.
 */
export function predictBalanceProblem(options: readonly string[], answer: number): string | null {
  const right = optionPrecision(options[answer] ?? "");
  if (right === null) return null;
  const best = Math.max(-1, ...options.filter((_, i) => i !== answer).map((option) => optionPrecision(option) ?? -1));
  if (best >= right) return null;
  const figure = right === 0 ? "a figure" : `a figure to ${right} decimal${right === 1 ? "" : "s"}`;
  return `::predict's right option (${answer + 1}) carries ${figure} and no other option carries one as precise, so the figure gives the answer away: give a wrong option a plausible figure as precise`;
}
