/**
 * Instructor decks: front matter `title`, `minutes`, `summary`; slides separated by a
 * line `---`; a slide may hold one `::sim{preset at view}` or `::predict{preset at view question
 * options answer until}` on its own line (`view`, optional, is "timeline", "topology" or "both";
 * `until`, optional, is where the reveal stops playing, by default the next question's moment on
 * the same preset); `Note:` starts the speaker notes, which run to the end of the slide.
 * Slides are split on the raw lines (outside code fences) rather than from a markdown tree, where
 * a `---` under a paragraph would turn it into a heading; each slide's lines keep their file line.
 */
import type { Nodes, RootContent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { z } from "zod";
import { presetById } from "../scenario/presets";
import { validateScenario } from "../sim/scenario";
import { SLIDE_VIEWS, type Deck, type PresenterSlide, type SlideSim } from "./deckTypes";
import { ProblemList, type Parsed } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { predictBalanceProblem } from "./predictBalance";
import { predictFiguresResolve } from "./predictFigures";
import { lineOf, markdownParse, markdownText, markdownToHtml, checkFences } from "./markdown";
import { fileSlug, slugify } from "./slug";

/** The most options a prediction may offer: more cannot be voted on by hands. */
export const MAX_PREDICT_OPTIONS = 6;

const deckFrontMatter = z.strictObject({
  title: z.string().trim().min(1, "must not be empty"),
  minutes: z.number().int("must be a whole number").positive("must be 1 or more").max(240, "must be at most 240"),
  summary: z.string().trim().min(1, "must not be empty"),
});


const SLIDE_BREAK = /^---\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const NOTE = /^Note:\s?/;
const wholeMs = z.string().regex(/^\d+$/, "must be a whole number of milliseconds, such as \"15900\"").transform(Number);
const view = z.enum(SLIDE_VIEWS, { error: `must be one of ${SLIDE_VIEWS.map((v) => `"${v}"`).join(", ")}` }).default("timeline");
const directiveSchemas = {
  sim: z.strictObject({ preset: z.string().min(1, "must name a preset"), at: wholeMs, view }),
  predict: z.strictObject({
    preset: z.string().min(1, "must name a preset"),
    at: wholeMs,
    view,
    question: z.string().trim().min(1, "must not be empty"),
    options: z.string(),
    answer: z.string().regex(/^\d+$/, "must be the 0-based index of the right option, such as \"1\"").transform(Number),
    until: wholeMs.optional(),
  }),
};
type DirectiveName = keyof typeof directiveSchemas;
const DIRECTIVE_HINT = '::sim{preset="…" at="<ms>"} or ::predict{preset="…" at="<ms>" question="…" options="A|B" answer="<index>"}, on a line of its own (either may add view="topology" or view="both"; ::predict may add until="<ms>")';

interface Chunk {
  /** The file line of the chunk's first line. */
  firstLine: number;
  lines: string[];
}

/** The body after the front matter, cut into slides at `---` lines outside code fences. */
function slideChunks(lines: string[]): Chunk[] {
  let start = 0;
  if (SLIDE_BREAK.test(lines[0] ?? "")) {
    const end = lines.findIndex((line, i) => i > 0 && SLIDE_BREAK.test(line));
    start = end < 0 ? lines.length : end + 1;
  }
  const chunks: Chunk[] = [{ firstLine: start + 1, lines: [] }];
  let fenced = false;
  for (let i = start; i < lines.length; i++) {
    if (FENCE.test(lines[i]!)) fenced = !fenced;
    if (!fenced && SLIDE_BREAK.test(lines[i]!)) chunks.push({ firstLine: i + 2, lines: [] });
    else chunks.at(-1)!.lines.push(lines[i]!); // chunks starts with one
  }
  return chunks;
}

/** Splits a slide's lines at its first `Note:` line (outside code fences). */
function notesSplit(lines: string[]): { body: string[]; notes: string[] | null; notesAt: number } {
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    if (FENCE.test(lines[i]!)) fenced = !fenced;
    if (!fenced && NOTE.test(lines[i]!)) return { body: lines.slice(0, i), notes: [lines[i]!.replace(NOTE, ""), ...lines.slice(i + 1)], notesAt: i };
  }
  return { body: lines, notes: null, notesAt: -1 };
}

/**
 * Parses and validates one deck. `file` is the path shown in problems. Returns the deck with each
 * slide's markdown and notes rendered to HTML, or every problem found with its file line.
 */
export function deckParse(file: string, source: string): Parsed<Deck> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file);
  if (slugify(slug) !== slug) problems.add(1, `the file name must be a lower-case slug such as "fencing-talk.md", not "${slug}.md"`);
  const meta = frontMatterRead(markdownParse(source), deckFrontMatter, problems);
  checkFences(source, problems);

  const chunks = slideChunks(source.split(/\r?\n/));
  const slides: PresenterSlide[] = [];
  chunks.forEach((chunk, index) => {
    const slide = slideParse(chunk, index + 1, problems);
    if (slide) slides.push(slide);
  });
  return problems.result(() => ({ slug, title: meta!.title, minutes: meta!.minutes, summary: meta!.summary, slides: withStops(slides) }));
}

/** Each prediction without `until=` stops its reveal at the next question on the same preset, if one comes later in the run. */
function withStops(slides: PresenterSlide[]): PresenterSlide[] {
  return slides.map((slide, i) => {
    const sim = slide.sim;
    if (!sim?.predict || sim.predict.stop) return slide;
    const next = slides.slice(i + 1).find((later) => later.sim?.predict && later.sim.preset === sim.preset && later.sim.at > sim.at);
    return next ? { ...slide, sim: { ...sim, predict: { ...sim.predict, stop: { t: next.sim!.at, nextQuestion: next.number } } } } : slide;
  });
}

function slideParse(chunk: Chunk, number: number, problems: ProblemList): PresenterSlide | null {
  const before = problems.problems.length;
  const { body, notes, notesAt } = notesSplit(chunk.lines);
  const fileLine = (node: Nodes) => chunk.firstLine + lineOf(node) - 1;
  const tree = markdownParse(body.join("\n"));
  const content = tree.children.filter((node) => node.type !== "leafDirective");

  // Prose may quote a run (`:run{…}`); anything else that looks like a directive is a problem.
  for (const node of tree.children) if (node.type !== "leafDirective") inlineResolve(node, problems, { lineOf: fileLine, source: body.join("\n") });
  const notesTree = markdownParse((notes ?? []).join("\n"));
  inlineResolve(notesTree, problems, { lineOf: (node) => chunk.firstLine + notesAt + lineOf(node) - 1, source: (notes ?? []).join("\n") });

  const directives = tree.children.filter((node): node is LeafDirective => node.type === "leafDirective");
  let sim: SlideSim | null = null;
  let answer: number | null = null;
  for (const [i, directive] of directives.entries()) {
    const line = fileLine(directive);
    if (i > 0) {
      problems.add(line, `a slide holds one simulation; another starts here (the one on line ${fileLine(directives[0]!)} came first)`);
      continue;
    }
    const parsed = directiveParse(directive, line, problems);
    if (parsed) ({ sim, answer } = parsed);
  }

  // Whole-slide problems point at the slide's first line of text, or at the "---" that opened it.
  const firstText = body.findIndex((text) => text.trim() !== "");
  const slideLine = firstText >= 0 ? chunk.firstLine + firstText : Math.max(1, chunk.firstLine - 1);
  if (notes === null) {
    problems.add(slideLine, `slide ${number} has no speaker notes: add a "Note:" line, with what to say, at the end of the slide`);
  } else if (notes.join("").trim() === "") {
    problems.add(chunk.firstLine + notesAt, `slide ${number}'s speaker notes are empty: write what to say after "Note:"`);
  }
  if (content.length === 0 && directives.length === 0) {
    problems.add(slideLine, `slide ${number} is empty: give it a heading, some text or a simulation (two "---" lines in a row make an empty slide)`);
  }
  notesCheck(notes ?? [], chunk.firstLine + notesAt, sim, problems);
  if (problems.problems.length > before) return null;

  const heading = content.find((node) => node.type === "heading");
  return {
    number,
    title: heading ? markdownText(heading).replace(/\s+/g, " ").trim() : `Slide ${number}`,
    html: markdownToHtml(content as RootContent[]),
    sim,
    notesHtml: markdownToHtml(notesTree.children),
    answer,
  };
}

/**
 * What a presenter's note may point at: only what the room sees. The audience slide shows its text
 * and, with a simulation, the timeline (lanes) and/or the topology; never the lab's outcome panel,
 * story, failure map or sliders.
 */
const SHOWN: { words: RegExp; what: string; shows: (sim: SlideSim | null) => boolean }[] = [
  { words: /\boutcome panel\b|\bstory panel\b|\bfailure map\b|\bsliders?\b|\bthe calculator\b/i, what: "the lab's panels", shows: () => false },
  { words: /\b(lanes?|timeline)\b/i, what: "the timeline", shows: (sim) => sim !== null && sim.view !== "topology" },
  { words: /\btopology\b/i, what: "the topology", shows: (sim) => sim !== null && sim.view !== "timeline" },
];

function notesCheck(notes: string[], firstLine: number, sim: SlideSim | null, problems: ProblemList): void {
  notes.forEach((text, i) => {
    for (const { words, what, shows } of SHOWN) {
      const match = words.exec(text);
      if (match && !shows(sim)) {
        const has = sim ? `shows only the ${sim.view === "both" ? "timeline and the topology" : sim.view}` : "has no simulation";
        problems.add(firstLine + i, `the note points at "${match[0]}", but this slide ${has}: notes refer only to what the room sees (not ${what})`);
      }
    }
  });
}

function directiveParse(directive: LeafDirective, line: number, problems: ProblemList): { sim: SlideSim; answer: number | null } | null {
  const name = directive.name;
  if (!(name in directiveSchemas)) {
    problems.add(line, `unknown directive "::${name}": a slide's simulation is ${DIRECTIVE_HINT}`);
    return null;
  }
  if (directive.children.length > 0) problems.add(line, `"::${name}" takes no [label]: put the text on the slide, or in "question"`);
  const schema = directiveSchemas[name as DirectiveName];
  const allowed = Object.keys(schema.shape).join(", ");
  const result = schema.safeParse(directive.attributes ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) problems.add(line, `unknown attribute "${key}" on ::${name} (allowed: ${allowed})`);
      } else if (issue.code === "invalid_type" && issue.input === undefined) {
        problems.add(line, `::${name} is missing "${String(issue.path[0])}" (it takes ${allowed})`);
      } else {
        problems.add(line, `::${name} attribute "${String(issue.path[0])}" ${issue.message}`);
      }
    }
    return null;
  }
  const attributes = result.data;
  const preset = presetById(attributes.preset);
  if (!preset) {
    problems.add(line, `unknown preset "${attributes.preset}" in ::${name}: it must be the id of a preset in content/presets/`);
    return null;
  }
  const validation = validateScenario(preset.scenario);
  const durationMs = validation.ok ? validation.scenario.durationMs : Infinity;
  if (attributes.at > durationMs) {
    problems.add(line, `::${name} at="${attributes.at}" is past the end of "${preset.id}", which runs ${durationMs} ms`);
  }
  const sim: SlideSim = { preset: preset.id, presetTitle: preset.title, at: attributes.at, view: attributes.view, predict: null };
  if (name !== "predict") return { sim, answer: null };

  const predict = attributes as z.infer<typeof directiveSchemas.predict>;
  const options = predict.options.split("|").map((option) => option.trim());
  if (options.length < 2) problems.add(line, `::predict needs at least two options, separated by "|": options="Yes|No"`);
  else if (options.length > MAX_PREDICT_OPTIONS) problems.add(line, `::predict offers at most ${MAX_PREDICT_OPTIONS} options, so the room can vote by hands`);
  if (options.some((option) => option === "")) problems.add(line, `::predict has an empty option: check the "|" separators in options`);
  if (predict.answer >= options.length) {
    problems.add(line, `::predict answer="${predict.answer}" is out of range: counting from 0, the ${options.length} options go from 0 to ${options.length - 1}`);
  }
  if (predict.until !== undefined && (predict.until <= predict.at || predict.until > durationMs)) {
    problems.add(line, `::predict until="${predict.until}" must come after at="${predict.at}" and by the end of "${preset.id}" (${durationMs} ms): it is where the reveal stops playing`);
  }
  const stop = predict.until === undefined ? null : { t: predict.until, nextQuestion: null };
  // The question and options may quote the run: [16 s]{pause of c1 end} (predictFigures.ts).
  const question = predictFiguresResolve(predict.question, preset.id, "::predict's question");
  const resolved = options.map((option, i) => predictFiguresResolve(option, preset.id, `::predict's option ${i + 1}`));
  for (const problem of [...question.problems, ...resolved.flatMap((option) => option.problems)]) problems.add(line, problem);
  // Precision is judged on the figures as rendered, so only once they all resolved.
  const figuresOk = question.problems.length === 0 && resolved.every((option) => option.problems.length === 0);
  const unbalanced = figuresOk && predict.answer < options.length ? predictBalanceProblem(resolved.map((option) => option.text), predict.answer) : null;
  if (unbalanced) problems.add(line, unbalanced);
  return { sim: { ...sim, predict: { question: question.text, options: resolved.map((option) => option.text), stop } }, answer: predict.answer };
}
