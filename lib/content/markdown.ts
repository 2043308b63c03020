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
