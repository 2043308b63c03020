/**
 * Build-time loader for content/histories: the page documenting the lock history format
 * (format.md: front matter `title` and `summary`, then markdown), and the example histories beside
 * it, each of which must be a history the lab reads without a problem (lib/real/history.ts), so
 * the page never shows an example the lab would refuse. `npm run content:check` reports the same
 * problems. Never import this from a client component.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readHistory } from "../real/history";
import { ContentValidationError, ProblemList, type ContentProblem } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { markdownParse, markdownToHtml } from "./markdown";

const FOLDER = "content/histories";
const PAGE = `${FOLDER}/format.md`;

export interface ExampleHistory {
  file: string;
  /** The header's name. */
  title: string;
  text: string;
}

export interface HistoryFormatPage {
  title: string;
  summary: string;
  html: string;
  examples: ExampleHistory[];
}

const frontMatter = z.strictObject({ title: z.string().trim().min(1, "must not be empty"), summary: z.string().trim().min(1, "must not be empty") });

export function historyFormatCheck(root: string): { page: HistoryFormatPage; problems: ContentProblem[] } {
  const problems = new ProblemList(PAGE);
  const source = readFileSync(join(root, PAGE), "utf8");
  const tree = markdownParse(source);
  const meta = frontMatterRead(tree, frontMatter, problems);
  inlineResolve(tree, problems, { source });
  const html = markdownToHtml(tree.children.filter((node) => node.type !== "yaml"));
  const all: ContentProblem[] = [...problems.problems];
  const examples: ExampleHistory[] = [];
  for (const name of readdirSync(join(root, FOLDER)).filter((entry) => entry.endsWith(".jsonl")).sort()) {
    const file = `${FOLDER}/${name}`;
    const text = readFileSync(join(root, file), "utf8");
    const read = readHistory(text);
    if (!read.ok) {
      for (const error of read.errors) all.push({ file, line: Number(/^line (\d+)/.exec(error)?.[1] ?? 1), reason: `the lab cannot read this example: ${error}` });
      continue;
    }
    if (!read.history.scenario.name) all.push({ file, line: 1, reason: "an example history's header needs a name, the title the page shows" });
    examples.push({ file: name, title: read.history.scenario.name ?? name, text });
  }
  if (examples.length === 0) all.push({ file: FOLDER, line: 1, reason: "the format page shows the example histories here, and there are none" });
  return { page: { title: meta?.title ?? "", summary: meta?.summary ?? "", html, examples }, problems: all };
}

let cached: HistoryFormatPage | null = null;

/** The format page and its examples, validated; throws ContentValidationError if any is bad. */
export function historyFormatLoad(): HistoryFormatPage {
  if (!cached) {
    const { page, problems } = historyFormatCheck(process.cwd());
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = page;
  }
  return cached;
}
