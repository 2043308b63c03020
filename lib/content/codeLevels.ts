/**
 * content/code/<NN>-<slug>.md: the "code it yourself" levels. Each file is front matter (the
 * scenario its clients run in, the fault world, the goal, the par, what to read after, and an
 * optional interview timer), then the prompt in markdown, then three sections: `## Hints` (a list,
 * revealed one at a time), `## Starter` and `## Solution` (each one ```js block). content:check
 * parses every level and compiles both programs; lib/content/codeLevels.test.ts plays them: the
 * solution must pass its world and the starter must fail it. Never import this from a client
 * component: it reads the file system.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RootContent } from "mdast";
import { z } from "zod";
import { validateScenario, type Scenario } from "../sim/scenario";
import { compileClient } from "../challenges/codeCompile";
import type { CodeLevel } from "../challenges/codeLevel";
import { worldSchema } from "./challenge";
import { ContentValidationError, ProblemList, type ContentProblem } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { lineOf, markdownIsComment, markdownParse, markdownText, markdownToHtml, checkFences } from "./markdown";
import { fileSlug, slugify } from "./slug";

const FOLDER = "content/code";
const text = z.string().trim().min(1, "must not be empty");

const frontMatter = z.strictObject({
  title: text,
  order: z.number().int("must be a whole number").min(1, "must be ≥ 1"),
  summary: text,
  scenario: z.record(z.string(), z.unknown()),
  world: worldSchema,
  goal: z.strictObject({ jobs: z.number().int().min(1, "must be ≥ 1") }),
  par: z.strictObject({ kind: z.enum(["service-calls", "finish-ms"]), value: z.number().int().min(1, "must be ≥ 1") }),
  readAfter: z.array(z.strictObject({ title: text, href: z.string().regex(/^\/[a-z0-9/-]*\/(#[a-z0-9-]+)?$/, "must be a site path such as /learn/04-fencing-tokens/") })).min(1),
  interview: z.strictObject({ minutes: z.number().int().min(1).max(120) }).optional(),
});

const SECTIONS = ["Hints", "Starter", "Solution"] as const;

/** Parses one level file; `file` is its path from the repository root. */
export function codeLevelParse(file: string, source: string): { ok: true; level: CodeLevel } | { ok: false; problems: ContentProblem[] } {
  const problems = new ProblemList(file);
  const slug = fileSlug(file).replace(/\.md$/, "").replace(/^\d+-/, "");
  if (slugify(slug) !== slug) problems.add(1, `the file name must be NN-slug.md with a lower-case slug, not "${fileSlug(file)}"`);
  const tree = markdownParse(source);
  checkFences(source, problems);
  const d = frontMatterRead(tree, frontMatter, problems);

  const sections = new Map<string, RootContent[]>();
  const prompt: RootContent[] = [];
  let current: RootContent[] = prompt;
  for (const node of tree.children.slice(1)) {
    if (node.type === "heading" && node.depth === 2) {
      const name = markdownText(node).trim();
      if (!(SECTIONS as readonly string[]).includes(name)) problems.add(lineOf(node), `unknown section "## ${name}" (a level has ${SECTIONS.map((s) => `## ${s}`).join(", ")})`);
      current = [];
      sections.set(name, current);
      continue;
    }
    if (!markdownIsComment(node)) current.push(node);
  }
  if (prompt.length === 0) problems.add(1, "the level needs a prompt: paragraphs after the front matter, before ## Hints");
  const hintList = sections.get("Hints")?.find((n) => n.type === "list");
  const hintsHtml = hintList && hintList.type === "list" ? hintList.children.map((item) => markdownToHtml(item.children)) : [];
  if (hintsHtml.length === 0) problems.add(1, "## Hints needs a list of at least one hint");
  const codeIn = (name: "Starter" | "Solution"): string => {
    const block = sections.get(name)?.find((n) => n.type === "code");
    if (!block || block.type !== "code") {
      problems.add(1, `## ${name} needs one \`\`\`js code block`);
      return "";
    }
    const compiled = compileClient(block.value);
    if (!compiled.ok) problems.add(lineOf(block) + (compiled.line ?? 0), `${name.toLowerCase()}: ${compiled.message}`);
    return block.value;
  };
  const starter = codeIn("Starter");
  const solution = codeIn("Solution");

  let scenario: Scenario | null = null;
  if (d) {
    const v = validateScenario(d.scenario);
    if (!v.ok) for (const error of v.errors) problems.add(1, `scenario.${error}`);
    else if (v.scenario.workload.kind !== "counter") problems.add(1, 'scenario.workload: a code level runs the counter workload (kind: "counter")');
    else {
      scenario = d.scenario as Scenario;
      const jobs = v.scenario.clients.count * v.scenario.workload.jobsPerClient;
      if (d.goal.jobs > jobs) problems.add(1, `goal.jobs (${d.goal.jobs}) is more than the clients are given (${jobs})`);
    }
  }
  if (!d || !scenario || !problems.empty) return { ok: false, problems: [...problems.problems].sort((a, b) => a.line - b.line) };
  return {
    ok: true,
    level: {
      slug,
      order: d.order,
      title: d.title,
      summary: d.summary,
      promptHtml: markdownToHtml(prompt),
      scenario,
      world: d.world,
      goal: d.goal,
      par: d.par,
      hintsHtml,
      starter,
      solution,
      readAfter: d.readAfter,
      interview: d.interview ?? null,
    },
  };
}

/** Every level under `root`, in order, and every problem found. */
export function codeLevelsCheck(root = process.cwd()): { levels: CodeLevel[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const levels: CodeLevel[] = [];
  const orders = new Map<number, string>();
  const slugs = new Map<string, string>();
  for (const name of readdirSync(join(root, FOLDER)).filter((entry) => entry.endsWith(".md")).sort()) {
    const file = `${FOLDER}/${name}`;
    const parsed = codeLevelParse(file, readFileSync(join(root, file), "utf8"));
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      continue;
    }
    const { level } = parsed;
    const takenOrder = orders.get(level.order);
    if (takenOrder) problems.push({ file, line: 1, reason: `order ${level.order} is already taken by ${takenOrder}` });
    const takenSlug = slugs.get(level.slug);
    if (takenSlug) problems.push({ file, line: 1, reason: `slug "${level.slug}" is already taken by ${takenSlug}` });
    orders.set(level.order, file);
    slugs.set(level.slug, file);
    levels.push(level);
  }
  return { levels: levels.sort((a, b) => a.order - b.order), problems };
}

let cached: CodeLevel[] | null = null;

/** Every level, validated; throws ContentValidationError if any is bad. */
export function codeLevelsLoad(): CodeLevel[] {
  if (!cached) {
    const { levels, problems } = codeLevelsCheck();
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = levels;
  }
  return cached;
}
