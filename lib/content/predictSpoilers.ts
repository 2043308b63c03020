/**
 * A prediction owns its run: nothing on the page may state the answer before the learner has
 * given one. The prose after a `::predict` (outside its reveal, up to the next heading or live
 * piece) is read sentence by sentence, and a sentence gives the answer away when it
 *   - quotes, with `:run`, a fact of the prediction's run that the held run has not shown yet
 *     (one from after its `at`) or one the right option itself quotes, or
 *   - repeats words of the right option that no other option has ("rejects", "1 < 2"): the words
 *     that tell it from the wrong ones.
 */
import type { Nodes, RootContent } from "mdast";
import { presetRun } from "./inlineDirectives";
import { lineOf } from "./markdown";
import { factRead } from "./runFacts";

const FIGURE = /(?:\[[^\][{}]*\])?\{([^{}]*)\}/g;
/** Words that tell nothing apart: a sentence may share them with the right option freely. */
const COMMON = new Set(
  "a an the it its is are was were be been to of and or but at on in into by for with from as that this these so because yes no not than then now still only about until will would does did do has have had can could may there their they them which what when who".split(
    " ",
  ),
);

export interface AnswerSignals {
  preset: string;
  at: number;
  /** The facts (selectors) the right option quotes. */
  facts: Set<string>;
  /** Runs of words of the right option that no other option has, as stems. */
  phrases: string[][];
}

const selectorKey = (selector: string) => selector.trim().toLowerCase().replace(/\s+/g, " ");

/** A word's stem, so "rejects", "rejected" and "reject" are one word. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The words and figures of a text, as stems ("c1's" is c1; "1 < 2" is three). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+(?:[.,][0-9]+)?(?:['’][a-z]+)?|[<>=≤≥]/g) ?? []).map((word) => stem(word.replace(/['’]s$/, "")));
}

/**
 * What would give a prediction's answer away: its question as shown, its `options` as written
 * (with their `{fact}` figures) and as shown, and the index of the right one.
 */
export function answerSignals(preset: string, at: number, question: string, written: string[], shown: string[], answer: number): AnswerSignals {
  const facts = new Set([...(written[answer] ?? "").matchAll(FIGURE)].map((match) => selectorKey(match[1]!)));
  const others = new Set(shown.flatMap((option, i) => (i === answer ? [] : wordsOf(option))));
  const asked = new Set(wordsOf(question));
  const phrases: string[][] = [];
  let phrase: string[] = [];
  for (const word of [...wordsOf(shown[answer] ?? ""), ""]) {
    if (word && !others.has(word) && !COMMON.has(word)) phrase.push(word);
    else {
      // A lone word tells the answer only if it is a real word ("rejects"), not "c1" or "2", and
      // one the question does not use itself ("Will it stop?" asks about stopping).
      const [only] = phrase;
      if (phrase.length > 1 || (only !== undefined && /^[a-z]{4,}$/.test(only) && !asked.has(only))) phrases.push(phrase);
      phrase = [];
    }
  }
  return { preset, at, facts, phrases };
}

interface Sentence {
  text: string;
  line: number;
  runs: { preset: string; fact: string; line: number }[];
}

/** The sentences of a block of prose, with the `:run` figures each quotes; paragraphs and list items apart. */
export function sentencesOf(node: RootContent): Sentence[] {
  const sentences: Sentence[] = [];
  let current: Sentence | null = null;
  const start = (line: number) => (current ??= { text: "", line, runs: [] });
  const end = () => {
    if (current && current.text.trim()) sentences.push(current);
    current = null;
  };
  const visit = (child: Nodes) => {
    if (child.type === "paragraph" || child.type === "heading" || child.type === "tableCell") {
      end();
      child.children.forEach(visit);
      end();
    } else if (child.type === "textDirective" && child.name === "run") {
      const { preset = "", fact = "" } = child.attributes ?? {};
      const sentence = start(lineOf(child));
      sentence.runs.push({ preset: preset ?? "", fact: fact ?? "", line: lineOf(child) });
      sentence.text += " ";
    } else if (child.type === "text" || child.type === "inlineCode") {
      // Sentences end at ". ", "? " or "! "; the line of each is where its text starts.
      const pieces = child.value.split(/(?<=[.!?])\s+/);
      const baseLine = lineOf(child);
      let offset = 0;
      pieces.forEach((piece, i) => {
        if (i > 0) end();
        const line = baseLine + (child.value.slice(0, offset).match(/\n/g)?.length ?? 0);
        start(line).text += piece + " ";
        offset += piece.length + 1;
      });
    } else if ("children" in child) child.children.forEach(visit);
  };
  visit(node);
  end();
  return sentences;
}

/** Why a sentence gives the prediction's answer away, or null if it does not. */
export function spoilerReason(sentence: Sentence, signals: AnswerSignals): string | null {
  for (const run of sentence.runs) {
    if (run.preset !== signals.preset) continue;
    if (signals.facts.has(selectorKey(run.fact))) return `it quotes {${run.fact}}, the figure the right option gives`;
    const result = presetRun(run.preset);
    const read = result ? factRead(result, run.fact) : null;
    if (read?.ok && read.moment > signals.at) return `it quotes {${run.fact}}, which the run shows only after the moment the prediction holds it at`;
  }
  const words = wordsOf(sentence.text);
  for (const phrase of signals.phrases) {
    const [only] = phrase;
    if (phrase.length === 1 && only !== undefined && words.includes(only)) return `it says "${only}", as only the right option does`;
    for (let i = 0; i + 1 < phrase.length; i++) {
      const found = words.some((word, j) => word === phrase[i] && words[j + 1] === phrase[i + 1]);
      if (found) return `it says "${phrase[i]} ${phrase[i + 1]}", as only the right option does`;
    }
  }
  return null;
}
