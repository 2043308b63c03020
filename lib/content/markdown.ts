/**
 * Markdown at build time: parsing to mdast (with line positions for error messages) and rendering
 * parts of a tree to HTML. Course content is ours and trusted; nothing here runs in the browser.
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from "hast";
import type { Nodes, PhrasingContent, Root, RootContent } from "mdast";
import rehypeStringify from "rehype-stringify";
import remarkDirective from "remark-directive";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

// Directives are parsed everywhere so that `:run{…}` works in every file and a broken one is
// caught (inlineDirectives.ts); a bare ":word" is put back as text there.
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]).use(remarkDirective);
const renderer = unified().use(remarkRehype).use(rehypeFocusableCode).use(rehypeStringify);

/**
 * A code block scrolls sideways when its lines are longer than the column (on a phone, most are):
 * a scrolling region must be reachable by keyboard (WCAG 2.1.1), so every <pre> takes focus.
 */
function rehypeFocusableCode() {
  const visit = (node: HastRoot | HastContent) => {
    if (node.type === "element" && node.tagName === "pre") (node as Element).properties.tabIndex = 0;
    if ("children" in node) node.children.forEach(visit);
  };
  return (tree: HastRoot) => visit(tree);
}

/** Parses a markdown file, directives included; every node carries its position, lines counted from 1. */
export function markdownParse(source: string): Root {
  return parser.parse(source);
}

/**
 * The line of a fenced code block that is never closed, or null. Markdown lets such a block run to
 * the end of the file, so everything after it (a lesson's simulations and predictions included)
 * would silently become code: every content check refuses it instead. CommonMark's rule: a fence is
 * three or more backticks or tildes, indented at most three spaces; it is closed by a fence of the
 * same character, at least as long, with nothing after it.
 */
export function unclosedFence(source: string): number | null {
  let open: { char: string; length: number; line: number } | null = null;
  const lines = source.split(/\r?\n/);
  for (const [i, text] of lines.entries()) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(text);
    if (!fence) continue;
    const [, marks = "", rest = ""] = fence;
    if (!open) {
      // A backtick fence's info string may not hold a backtick (it would be inline code).
      if (!(marks[0] === "`" && rest.includes("`"))) open = { char: marks[0]!, length: marks.length, line: i + 1 };
    } else if (marks[0] === open.char && marks.length >= open.length && rest.trim() === "") open = null;
  }
  return open?.line ?? null;
}

/** Adds a problem for a code block that is never closed (see unclosedFence). */
export function checkFences(source: string, problems: { add(line: number, reason: string): void }, lineOffset = 0): void {
  const line = unclosedFence(source);
  if (line !== null) {
    problems.add(
      line + lineOffset,
      "this code block is never closed: add a line with the same fence (such as ```) where it ends, or everything after it, simulations and predictions included, becomes code",
    );
  }
}

/** Renders block or inline nodes to an HTML string. */
export function markdownToHtml(nodes: readonly RootContent[]): string {
  const root: Root = { type: "root", children: [...nodes] };
  return renderer.stringify(renderer.runSync(root)).trim();
}

/** Renders phrasing content (a heading's or a list item's text) to inline HTML, with no wrapper. */
export function markdownInlineHtml(children: readonly PhrasingContent[]): string {
  return markdownToHtml([{ type: "paragraph", children: [...children] }]).replace(/^<p>|<\/p>$/g, "");
}

/** The text of a node and its descendants, without markup. */
export function markdownText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return node.children.map((child) => markdownText(child)).join("");
  return "";
}

/** Whether a node is an HTML comment (`<!-- … -->`), which renders to nothing: course text names its sources in them. */
export function markdownIsComment(node: Nodes): boolean {
  return node.type === "html" && /^<!--[\s\S]*-->$/.test(node.value.trim());
}

/** The 1-based line a node starts on (1 for synthetic nodes, which carry no position). */
export function lineOf(node: Nodes): number {
  return node.position?.start.line ?? 1;
}
