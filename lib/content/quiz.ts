import type { Heading, List, ListItem, RootContent } from "mdast";
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { lineOf, markdownInlineHtml, markdownIsComment, markdownParse, markdownText, markdownToHtml, checkFences } from "./markdown";
import { fileSlug, slugify } from "./slug";
import type { QuizOption, QuizQuestion, QuizSet, ScenarioLink } from "./types";

/** The most options a question may have: keys 1 to 9 choose them. */
export const MAX_OPTIONS = 9;

const quizFrontMatter = z.strictObject({
  title: z.string().trim().min(1, "must not be empty"),
  topic: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lower-case word, such as fencing"),
  order: z.number().int("must be a whole number").positive("must be 1 or more"),
  multiple: z.boolean().optional(),
  /** The lesson that teaches what the set asks, by slug; a question may name another with a "Lesson:" line. */
  lesson: z.string().optional(),
});

/** Looks up a lab preset's title by id; undefined for an id that names no preset. */
export type PresetTitle = (id: string) => string | undefined;

/** Whether a lesson slug names a lesson in content/lessons. */
export type LessonKnown = (slug: string) => boolean;

const SCENARIO_LINE = /^Scenario:\s*(\S*)\s*$/;
const LESSON_LINE = /^Lesson:\s*(\S*)\s*$/;
const CONTEXT_TYPES = new Set<RootContent["type"]>(["paragraph", "code", "table"]);
const FORMAT_HINT = `a question is a "## " heading, optional context paragraphs, optional "Scenario: <preset>" and "Lesson: <lesson slug>" lines, then its "- [ ]" / "- [x]" options`;

/**
 * Parses and validates one quiz set. `file` is the path shown in problems; questions
 * get the id `<set slug>/<slugified heading>`, which must be unique. Returns the set with all
 * markdown rendered to HTML, or every problem found with its line.
 */
export function quizSetParse(file: string, source: string, presetTitle: PresetTitle, lessonKnown: LessonKnown = () => false): Parsed<QuizSet> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file);
  if (slugify(slug) !== slug) problems.add(1, `the file name must be a lower-case slug such as "fencing.md", not "${slug}.md"`);

  const tree = markdownParse(source);
  checkFences(source, problems);
  const meta = frontMatterRead(tree, quizFrontMatter, problems);
  const multiple = meta?.multiple ?? false;
  const setLesson = meta?.lesson ?? null;
  if (setLesson !== null && !lessonKnown(setLesson)) problems.add(1, `unknown lesson "${setLesson}" in "lesson:": it must be the slug of a lesson in content/lessons/, such as 04-fencing-tokens`);
  inlineResolve(tree, problems, { source });

  // A block directive has been reported by inlineResolve; it is not also an unexpected node. An
  // HTML comment names a claim's primary source for the next author and is never shown.
  const body = tree.children.filter((node) => node.type !== "yaml" && node.type !== "leafDirective" && node.type !== "containerDirective" && !markdownIsComment(node));
  const groups: { heading: Heading; nodes: RootContent[] }[] = [];
  for (const node of body) {
    if (node.type === "heading" && node.depth === 2) groups.push({ heading: node, nodes: [] });
    else if (groups.length > 0) groups.at(-1)!.nodes.push(node);
    else problems.add(lineOf(node), `text before the first question: ${FORMAT_HINT}`);
  }
  if (groups.length === 0 && meta) problems.add(1, `the set has no questions: ${FORMAT_HINT}`);

  const idLines = new Map<string, number>();
  const questions: QuizQuestion[] = [];
  for (const { heading, nodes } of groups) {
    const line = lineOf(heading);
    const title = markdownText(heading).replace(/\s+/g, " ").trim();
    const headingSlug = slugify(title);
    if (!headingSlug) {
      problems.add(line, "the question heading is empty: write the question after the \"## \"");
      continue;
    }
    const id = `${slug}/${headingSlug}`;
    const firstLine = idLines.get(id);
    if (firstLine !== undefined) {
      problems.add(line, `duplicate question id "${id}": the question on line ${firstLine} has the same heading; reword one of them`);
    } else {
      idLines.set(id, line);
    }
    const question = questionParse(nodes, line, problems, presetTitle, lessonKnown, multiple);
    if (question) {
      const { lesson, ...body } = question;
      questions.push({ id, setSlug: slug, title, titleHtml: markdownInlineHtml(heading.children), multiple, lesson: lesson ?? setLesson, ...body });
    }
  }

  return problems.result(() => ({ slug, title: meta!.title, topic: meta!.topic, order: meta!.order, questions }));
}

type QuestionBody = Pick<QuizQuestion, "contextHtml" | "scenario" | "options" | "lesson">;

function questionParse(
  nodes: RootContent[],
  headingLine: number,
  problems: ProblemList,
  presetTitle: PresetTitle,
  lessonKnown: LessonKnown,
  multiple: boolean,
): QuestionBody | null {
  const context: RootContent[] = [];
  let scenario: ScenarioLink | null = null;
  let lesson: string | null = null;
  let list: List | null = null;
  const before = problems.problems.length;

  for (const node of nodes) {
    const line = lineOf(node);
    const scenarioMatch = node.type === "paragraph" ? SCENARIO_LINE.exec(markdownText(node).trim()) : null;
    const lessonMatch = node.type === "paragraph" ? LESSON_LINE.exec(markdownText(node).trim()) : null;
    if (lessonMatch) {
      const slug = lessonMatch[1];
      if (list) problems.add(line, "the Lesson line must come before the options");
      else if (lesson) problems.add(line, "a question can name only one lesson");
      else if (!slug) problems.add(line, 'the Lesson line names no lesson: write "Lesson: <lesson slug>"');
      else if (!lessonKnown(slug)) problems.add(line, `unknown lesson "${slug}" in the Lesson line: it must be the slug of a lesson in content/lessons/`);
      else lesson = slug;
    } else if (scenarioMatch) {
      const preset = scenarioMatch[1];
      if (list) problems.add(line, "the Scenario line must come before the options");
      else if (scenario) problems.add(line, "a question can link only one scenario");
      else if (!preset) problems.add(line, 'the Scenario line names no preset: write "Scenario: <preset id>"');
      else {
        const title = presetTitle(preset);
        if (title === undefined) problems.add(line, `unknown preset "${preset}" in the Scenario line: it must be the id of a preset in content/presets/`);
        else scenario = { preset, title };
      }
    } else if (node.type === "heading") {
      problems.add(line, `unexpected heading of level ${node.depth}: each question starts with a "## " heading`);
    } else if (list && node.type === "blockquote") {
      problems.add(line, 'this explanation is not under an option: indent it by two spaces ("  > …") directly below its option');
    } else if (list && node.type === "list") {
      problems.add(line, `a question has one list of options; another list starts here (the one on line ${lineOf(list)} came first)`);
    } else if (list) {
      problems.add(line, `unexpected ${node.type} after the options: ${FORMAT_HINT}`);
    } else if (node.type === "list") {
      list = node;
    } else if (CONTEXT_TYPES.has(node.type)) {
      context.push(node);
    } else {
      problems.add(line, `unexpected ${node.type} in a question: ${FORMAT_HINT}`);
    }
  }

  if (!list) {
    problems.add(headingLine, 'the question has no options: add a "- [ ]" / "- [x]" list');
    return null;
  }
  if (list.ordered) problems.add(lineOf(list), 'options must be a bulleted task list ("- [ ]" or "- [x]"), not a numbered list');
  const options = list.children.map((item) => optionParse(item, problems)).filter((option) => option !== null);
  if (list.children.length < 2) problems.add(lineOf(list), "a question needs at least two options");
  if (list.children.length > MAX_OPTIONS) problems.add(lineOf(list), `a question has at most ${MAX_OPTIONS} options (keys 1–9 choose them)`);
  const correct = list.children.filter((item) => item.checked === true).length;
  if (correct === 0) {
    problems.add(headingLine, 'no correct option: mark the right one with "- [x]"');
  } else if (correct > 1 && !multiple) {
    problems.add(headingLine, `${correct} options are marked correct: mark exactly one, or set "multiple: true" in the front matter`);
  }

  if (problems.problems.length > before) return null;
  return { contextHtml: context.length > 0 ? markdownToHtml(context) : null, scenario, lesson, options };
}

function optionParse(item: ListItem, problems: ProblemList): QuizOption | null {
  const line = lineOf(item);
  if (item.checked === null || item.checked === undefined) {
    problems.add(line, 'an option must start with a checkbox: "- [ ]" for a wrong one, "- [x]" for the right one');
    return null;
  }
  const [text, explanation, ...rest] = item.children;
  if (text?.type !== "paragraph" || markdownText(text).trim() === "") {
    problems.add(line, "the option has no text after its checkbox");
    return null;
  }
  if (explanation?.type !== "blockquote" || markdownText(explanation).trim() === "") {
    problems.add(line, 'the option has no explanation: add an indented "  > " line under it saying why it is right or wrong');
    return null;
  }
  const [extra] = rest;
  if (extra) {
    problems.add(lineOf(extra), `an option holds its text and one "  > " explanation; found an extra ${extra.type}`);
    return null;
  }
  return { html: markdownInlineHtml(text.children), correct: item.checked, explanationHtml: markdownToHtml(explanation.children) };
}
