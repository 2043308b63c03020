import type { Heading, RootContent } from "mdast";
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { lineOf, markdownInlineHtml, markdownParse, markdownText, markdownToHtml } from "./markdown";
import { fileSlug, type PresetTitle } from "./quiz";
import { slugify } from "./slug";
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

/**
 * Parses and validates one interview drill (DESIGN §5): sections `## Prompt`, `## Rubric` (a
 * checklist of what a strong answer contains), `## Model answer` and optionally `## Follow-ups`;
 * the front matter's `preset` is the lab run the drill is about, linked beside the model answer.
 */
export function drillParse(file: string, source: string, presetTitle: PresetTitle): Parsed<Drill> {
  const problems = new ProblemList(file);
  const slug = fileSlug(file);
  if (slugify(slug) !== slug) problems.add(1, `the file name must be a lower-case slug such as "protect-a-payment.md", not "${slug}.md"`);

  const tree = markdownParse(source);
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

  const rubric = rubricParse(sections.get("Rubric"), problems);
  const html = (name: SectionName) => markdownToHtml(sections.get(name)?.nodes ?? []);
  return problems.result(() => ({
    slug,
    title: meta!.title,
    topic: meta!.topic,
    minutes: meta!.minutes,
    scenario: { preset: meta!.preset, title: presetTitle(meta!.preset)! },
    promptHtml: html("Prompt"),
    rubric,
    modelAnswerHtml: html("Model answer"),
    followUpsHtml: sections.has("Follow-ups") ? html("Follow-ups") : null,
  }));
}

/** The rubric is one checklist of unchecked "- [ ]" items; each item becomes inline HTML. */
function rubricParse(section: { heading: Heading; nodes: RootContent[] } | undefined, problems: ProblemList): string[] {
  if (!section || section.nodes.length === 0) return [];
  const [list, ...rest] = section.nodes;
  if (list.type !== "list" || rest.length > 0) {
    problems.add(lineOf(rest[0] ?? list), 'the rubric must be one checklist of "- [ ]" items and nothing else');
    return [];
  }
  const items: string[] = [];
  for (const item of list.children) {
    const [text, ...extra] = item.children;
    if (item.checked !== false) {
      problems.add(lineOf(item), 'each rubric item starts with an empty checkbox "- [ ]", for the learner to tick');
    } else if (text?.type !== "paragraph" || extra.length > 0) {
      problems.add(lineOf(item), "a rubric item is a single line of text");
    } else {
      items.push(markdownInlineHtml(text.children));
    }
  }
  return items;
}
