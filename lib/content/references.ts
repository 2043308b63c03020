/**
 * Parses and validates content/references.md, the primary sources behind the course: front matter
 * `title` and `summary`, then "## " groups, each one list of sources in which every item links to
 * its source over http(s). A group's id is its heading's slug; lessons name the groups they draw
 * on (`sources:` in their front matter), and a page links to `/references/#<id>`.
 */
import type { List } from "mdast";
import { z } from "zod";
import { ProblemList, type Parsed } from "./errors";
import { frontMatterRead } from "./frontMatter";
import { inlineResolve } from "./inlineDirectives";
import { lineOf, markdownParse, markdownText, markdownToHtml } from "./markdown";
import { slugify } from "./slug";

export interface ReferenceGroup {
  id: string;
  title: string;
  html: string;
}

export interface References {
  title: string;
  summary: string;
  groups: ReferenceGroup[];
}

const frontMatter = z.strictObject({ title: z.string().trim().min(1, "must not be empty"), summary: z.string().trim().min(1, "must not be empty") });
const HINT = 'a group is a "## " heading followed by one list of sources, each "- [Title](https://…): what it supports"';

function hasWebLink(node: List["children"][number]): boolean {
  const links: string[] = [];
  const walk = (child: { type: string; url?: string; children?: unknown[] }) => {
    if (child.type === "link" && child.url) links.push(child.url);
    for (const grandchild of (child.children ?? []) as (typeof child)[]) walk(grandchild);
  };
  walk(node);
  return links.some((url) => /^https?:\/\//.test(url));
}

export function referencesParse(file: string, source: string): Parsed<References> {
  const problems = new ProblemList(file);
  const tree = markdownParse(source);
  const meta = frontMatterRead(tree, frontMatter, problems);
  inlineResolve(tree, problems, { source });

  const groups: ReferenceGroup[] = [];
  const seen = new Map<string, number>();
  let current: { id: string; title: string; line: number; list: List | null } | null = null;
  const close = () => {
    if (!current) return;
    if (!current.list) problems.add(current.line, `the group "${current.title}" lists no sources: ${HINT}`);
    else groups.push({ id: current.id, title: current.title, html: markdownToHtml([current.list]) });
  };
  for (const node of tree.children) {
    if (node.type === "yaml") continue;
    const line = lineOf(node);
    if (node.type === "heading" && node.depth === 2) {
      close();
      const title = markdownText(node).trim();
      const id = slugify(title);
      const first = seen.get(id);
      if (first !== undefined) problems.add(line, `the group "${title}" has the same id "${id}" as the one on line ${first}: rename one`);
      seen.set(id, line);
      current = { id, title, line, list: null };
    } else if (node.type === "list" && current && !current.list) {
      node.children.forEach((item) => {
        if (!hasWebLink(item)) problems.add(lineOf(item), "a source must link to where it can be read, over http(s)");
      });
      current.list = node;
    } else {
      problems.add(line, `unexpected ${node.type}: ${HINT}`);
    }
  }
  close();
  if (groups.length === 0 && meta) problems.add(1, `the references list no groups: ${HINT}`);
  return problems.result(() => ({ title: meta!.title, summary: meta!.summary, groups }));
}
