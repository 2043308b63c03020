/**
 * Figures inside a `::predict`'s question and options. Attribute values are plain text in double
 * quotes, so a `:run{preset="…" fact="…"}` cannot sit in them; a prediction quotes its own preset's
 * run with a shorter form instead, checked the same way (runFacts.ts):
 *   {pause of c1 end}          renders the figure from the run ("16.0 s")
 *   [16 s]{pause of c1 end}    keeps the words in brackets and checks the figure in them
 * A prediction is asked about a run, so every time, token or count in its text that describes
 * that run is written this way, and `content:check` fails when the text and the run disagree.
 */
import { factRead, figureText, literalMatches } from "./runFacts";
import { presetRun } from "./inlineDirectives";

const FIGURE = /(?:\[([^\][{}]*)\])?\{([^{}]*)\}/g;
export const PREDICT_FIGURE_HINT = 'write a figure from the run as {fact}, or [the figure as written]{fact}, e.g. [16 s]{pause of c1 end}';

/** The text with each figure resolved against the preset's run, and every problem with one. */
export function predictFiguresResolve(text: string, presetId: string, where: string): { text: string; problems: string[] } {
  const problems: string[] = [];
  const result = presetRun(presetId);
  const resolved = text.replace(FIGURE, (whole, literal: string | undefined, selector: string) => {
    if (!result) return literal ?? whole;
    const read = factRead(result, selector);
    if (!read.ok) {
      problems.push(`${where}: {${selector.trim()}} in ${presetId}: ${read.reason}`);
      return literal ?? selector;
    }
    const shown = figureText(read.figure);
    if (literal === undefined) return shown;
    if (!literalMatches(literal, read.figure)) problems.push(`${where}: "${literal.trim()}" — ${presetId} shows ${read.describe} ${shown}`);
    return literal.trim();
  });
  // Braces left over did not pair up into a figure.
  if (/[{}]/.test(resolved)) problems.push(`${where} has a "{" or "}" that is not part of a figure: ${PREDICT_FIGURE_HINT}`);
  return { text: resolved, problems };
}
