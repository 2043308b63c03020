import type { Heading, RootContent } from "mdast";
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { lineOf, markdownInlineHtml, markdownParse, markdownText, markdownToHtml, checkFences } from "./markdown";
import type { PresetTitle } from "./quiz";
import { fileSlug, slugify } from "./slug";
import type { Drill } from "./types";

/** The front matter; `preset` names the lab run the drill is about, which must exist. */
const drillFrontMatter = (presetTitle: PresetTitle) =>
  z.strictObject({
    title: z.string().trim().min(1, "must not be empty"),
    topic: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lower-case word, such as design"),
    minutes: z.number().int("must be a whole number").min(1, "must be 1 or more").max(120, "must be 120 or less"),
    preset: z.string().refine((id) => presetTitle(id) !== undefined, {
      error: (issue) => `unknown preset "${String(issue.input)}": it must be the id of a preset in content/presets/`,
    }),
  });

const SECTIONS = ["Prompt", "Rubric", "Model answer", "Follow-ups"] as const;
type SectionName = (typeof SECTIONS)[number];
const REQUIRED: readonly SectionName[] = ["Prompt", "Rubric", "Model answer"];
const SECTION_LIST = SECTIONS.map((name) => `"## ${name}"`).join(", ");

/** How a must-have rubric item starts, exactly: bold, with the colon inside. */
const MUST_HAVE = "Must have:";
const MUST_HAVES = { min: 2, max: 3 } as const;
const RED_FLAGS = "Red flags";
const MIN_RED_FLAGS = 2;
/** Rubric text that means "must have" but is not written the one way the parser reads. */
const MUST_HAVE_MISSPELT = /^\W*must[\s-]*haves?\b/i;

/**
 * Parses and validates one interview drill. The format, section by section:
 *   ## Prompt        the question, as the interviewer would ask it
 *   ## Rubric        one checklist of "- [ ]" items, a line each: what a strong answer contains;
 *                    2–3 of them start with "**Must have:**" (bold, colon inside), the items an
 *                    answer fails without
 *   ## Model answer  prose, ending with a "### Red flags" subsection: a list of at least two
 *                    things a weak answer says ("Calls Redlock safe with five nodes")
 *   ## Follow-ups    optional
 * A drill without its must-haves or its red flags fails with the line to fix. The front matter's
 * `preset` is the lab run the drill is about, linked beside the model answer.
 */
export function drillParse(file: string, source: string, presetTitle: PresetTitle): Parsed<Drill> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file);
  if (slugify(slug) !== slug) problems.add(1, `the file name must be a lower-case slug such as "protect-a-payment.md", not "${slug}.md"`);

  const tree = markdownParse(source);
  checkFences(source, problems);
  const meta = frontMatterRead(tree, drillFrontMatter(presetTitle), problems);
  inlineResolve(tree, problems, { source });

  const sections = new Map<SectionName, { heading: Heading; nodes: RootContent[] }>();
  let current: RootContent[] | null = null;
  for (const node of tree.children) {
    if (node.type === "yaml") continue;
    if (node.type === "heading" && node.depth <= 2) {
      const name = SECTIONS.find((section) => section === markdownText(node).trim());
      current = null;
      if (node.depth === 1) problems.add(lineOf(node), 'the title belongs in the front matter; sections start with "## "');
      else if (!name && markdownText(node).trim().toLowerCase().startsWith(RED_FLAGS.toLowerCase())) problems.add(lineOf(node), `the red flags are a subsection: write "### ${RED_FLAGS}" at the end of "## Model answer"`);
      else if (!name) problems.add(lineOf(node), `unknown section "## ${markdownText(node).trim()}" (expected ${SECTION_LIST})`);
      else if (sections.has(name)) problems.add(lineOf(node), `the "## ${name}" section appears twice (first on line ${lineOf(sections.get(name)!.heading)})`);
      else {
        current = [];
        sections.set(name, { heading: node, nodes: current });
      }
    } else if (current) {
      current.push(node);
    } else if (sections.size === 0) {
      problems.add(lineOf(node), `text before the first section (expected ${SECTION_LIST})`);
    }
  }

  const lastNode = tree.children[tree.children.length - 1];
  const endLine = lastNode?.position?.end.line ?? 1;
  for (const name of REQUIRED) {
    if (!sections.has(name)) problems.add(endLine, `the drill has no "## ${name}" section`);
  }
  for (const [name, { heading, nodes }] of sections) {
    if (nodes.length === 0) problems.add(lineOf(heading), `the "## ${name}" section is empty`);
  }

  const { items: rubric, mustHaves } = rubricParse(sections.get("Rubric"), problems);
  redFlagsCheck(sections.get("Model answer"), problems);
  const html = (name: SectionName) => markdownToHtml(sections.get(name)?.nodes ?? []);
  return problems.result(() => ({
    slug,
    title: meta!.title,
    topic: meta!.topic,
    minutes: meta!.minutes,
    scenario: { preset: meta!.preset, title: presetTitle(meta!.preset)! },
    promptHtml: html("Prompt"),
    rubric,
    mustHaves,
    modelAnswerHtml: html("Model answer"),
    followUpsHtml: sections.has("Follow-ups") ? html("Follow-ups") : null,
  }));
}

/** The rubric is one checklist of unchecked "- [ ]" items; each item becomes inline HTML. */
function rubricParse(section: { heading: Heading; nodes: RootContent[] } | undefined, problems: ProblemList): { items: string[]; mustHaves: number[] } {
  if (!section || section.nodes.length === 0) return { items: [], mustHaves: [] };
  const [list, ...rest] = section.nodes;
  if (list?.type !== "list" || rest.length > 0) {
    problems.add(lineOf(rest[0] ?? list ?? section.heading), 'the rubric must be one checklist of "- [ ]" items and nothing else');
    return { items: [], mustHaves: [] };
  }
  const items: string[] = [];
  const mustHaves: number[] = [];
  for (const item of list.children) {
    const [text, ...extra] = item.children;
    if (item.checked !== false) {
      problems.add(lineOf(item), 'each rubric item starts with an empty checkbox "- [ ]", for the learner to tick');
    } else if (text?.type !== "paragraph" || extra.length > 0) {
      problems.add(lineOf(item), "a rubric item is a single line of text");
    } else {
      const [first] = text.children;
      if (first?.type === "strong" && markdownText(first).trim() === MUST_HAVE) mustHaves.push(items.length);
      else if (MUST_HAVE_MISSPELT.test(markdownText(text))) problems.add(lineOf(item), `a must-have item starts with "**${MUST_HAVE}**" exactly (bold, colon inside): found "${markdownText(text).slice(0, 16)}…"`);
      items.push(markdownInlineHtml(text.children));
    }
  }
  if (mustHaves.length < MUST_HAVES.min || mustHaves.length > MUST_HAVES.max) {
    problems.add(lineOf(section.heading), `the rubric marks ${mustHaves.length} must-have ${mustHaves.length === 1 ? "item" : "items"}: start ${MUST_HAVES.min} or ${MUST_HAVES.max} of them with "**${MUST_HAVE}**", the points an answer fails without`);
  }
  return { items, mustHaves };
}

/** The model answer ends with "### Red flags": one list of what a weak answer says. */
function redFlagsCheck(section: { heading: Heading; nodes: RootContent[] } | undefined, problems: ProblemList): void {
  if (!section || section.nodes.length === 0) return;
  const at = section.nodes.findIndex((node) => node.type === "heading" && markdownText(node).trim().replace(/:$/, "").toLowerCase() === RED_FLAGS.toLowerCase());
  if (at < 0) {
    problems.add(lineOf(section.heading), `the model answer has no "### ${RED_FLAGS}" subsection: end it with one, listing at least ${MIN_RED_FLAGS} things a weak answer says`);
    return;
  }
  const heading = section.nodes[at] as Heading;
  const [list, ...rest] = section.nodes.slice(at + 1);
  if (heading.depth !== 3 || markdownText(heading).trim() !== RED_FLAGS) problems.add(lineOf(heading), `write the red flags' heading as "### ${RED_FLAGS}"`);
  if (list?.type !== "list" || list.ordered) {
    problems.add(lineOf(list ?? heading), `"### ${RED_FLAGS}" is followed by a bulleted list ("- …"), one red flag an item`);
    return;
  }
  if (list.children.length < MIN_RED_FLAGS) problems.add(lineOf(list), `list at least ${MIN_RED_FLAGS} red flags (found ${list.children.length})`);
  const empty = list.children.find((item) => markdownText(item).trim() === "" || (item.checked !== null && item.checked !== undefined));
  if (empty) problems.add(lineOf(empty), "a red flag is a plain list item with text, not a checkbox");
  const [extra] = rest;
  if (extra) problems.add(lineOf(extra), `"### ${RED_FLAGS}" ends the model answer: move this ${extra.type} above it`);
}
