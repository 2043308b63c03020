/**
 * What every content file's prose may hold inline, and the checks that keep a typo from reaching a
 * page as literal text (lessons, quiz explanations, drills and decks all pass through here):
 *   :run{preset="…" fact="…"}          renders the figure from the preset's run ("10.0 s")
 *   :run[about 13 s]{preset="…" fact="…"}  keeps the author's words and checks the figure in them
 *   :challenge{level="…"}  :trace{id="…"}   a link to a challenge level or a real recording (courseLinks.ts)
 * A bare ":word" (a ratio, "Note:x") is put back as the text it was; any other text that looks like
 * a directive but did not parse as one (a missing "}" or quote, a space before "{") is a problem
 * with its line, and so is a `javascript:` link.
 */
import type { Nodes, Root } from "mdast";
import { presetById } from "../scenario/presets";
import { simulate, type SimResult } from "../sim/simulate";
import { challengeLink, challengeSlugs, traceIds, traceLink, type CourseLink } from "./courseLinks";
import type { ProblemList } from "./errors";
import { lineOf, markdownText } from "./markdown";
import { factRead, figureText, literalMatches } from "./runFacts";

/** The block directives a lesson or a slide may hold on a line of their own. */
const BLOCK_NAMES = new Set(["sim", "predict", "live", "ttl-calculator", "decision-guide", "comparison-table"]);
const RUN_HINT = ':run{preset="<preset id>" fact="<fact>"}, or :run[the figure as written]{preset="…" fact="…"} to check words of your own';
const INLINE_HINT = `${RUN_HINT}; :challenge{level="<slug>"} and :trace{id="<recording>"} link to a level and a real recording`;
/** The link directives: the one attribute each takes, how its id is looked up, and what the ids are. */
const LINKS = {
  challenge: { attribute: "level", find: challengeLink, ids: challengeSlugs, what: "challenge level", where: "the slug of a file in content/challenges" },
  trace: { attribute: "id", find: traceLink, ids: traceIds, what: "recording", where: "the id of a recording in content/traces/manifest.json" },
} as const;
type LinkName = keyof typeof LINKS;
const isLinkName = (name: string): name is LinkName => Object.hasOwn(LINKS, name);
const UNSAFE_URL = /^\s*(javascript|vbscript|data):/i;
/** Text that starts like a directive: one to three colons, a name, then "{" or "[" (maybe after spaces). */
const LOOKS_LIKE_DIRECTIVE = /(?:^|[^\w:\\/])(:{1,3})([a-zA-Z][\w-]*)(\s*)([{[])/;

const runs = new Map<string, SimResult>();

/** A preset's run, simulated once per process: every figure quoted from it reads the same result. */
export function presetRun(id: string): SimResult | null {
  const preset = presetById(id);
  if (!preset) return null;
  let result = runs.get(id);
  if (!result) {
    result = simulate(preset.scenario);
    runs.set(id, result);
  }
  return result;
}

type TextDirective = Extract<Nodes, { type: "textDirective" }>;

/** The figure a `:run` directive renders, or the problem with it. */
export function runFigure(directive: TextDirective): { text: string; preset: string } | { problem: string } {
  const attributes = directive.attributes ?? {};
  const unknown = Object.keys(attributes).filter((key) => key !== "preset" && key !== "fact");
  if (unknown.length > 0) return { problem: `unknown attribute "${unknown[0]}" on :run (it takes preset and fact)` };
  const preset = attributes.preset?.trim();
  const fact = attributes.fact?.trim();
  if (!preset || !fact) return { problem: `:run needs preset="…" and fact="…": ${RUN_HINT}` };
  const result = presetRun(preset);
  if (!result) return { problem: `:run names an unknown preset "${preset}": it must be the id of a preset in content/presets/` };
  const read = factRead(result, fact);
  if (!read.ok) return { problem: `:run{fact="${fact}"} in ${preset}: ${read.reason}` };
  const shown = figureText(read.figure);
  if (directive.children.length === 0) return { text: shown, preset };
  const literal = markdownText(directive).trim();
  if (!literalMatches(literal, read.figure)) return { problem: `"${literal}" — ${preset} shows ${read.describe} ${shown}` };
  return { text: literal, preset };
}

/** The link a `:challenge` or `:trace` directive renders, or the problem with it. */
export function courseLink(directive: TextDirective & { name: LinkName }): { link: CourseLink; text: string } | { problem: string } {
  const { attribute, find, ids, what, where } = LINKS[directive.name];
  const attributes = directive.attributes ?? {};
  const unknown = Object.keys(attributes).find((key) => key !== attribute);
  if (unknown) return { problem: `unknown attribute "${unknown}" on :${directive.name} (it takes ${attribute})` };
  const id = attributes[attribute]?.trim();
  if (!id) return { problem: `:${directive.name} needs ${attribute}="…": ${where}` };
  const link = find(id);
  if (!link) return { problem: `:${directive.name} names no ${what} "${id}": it must be ${where} (known: ${ids().join(", ")})` };
  const own = markdownText(directive).trim();
  return { link, text: own || link.title };
}

/** Why a line that starts like a directive did not parse as one. */
export function malformedReason(snippet: string): string {
  const match = LOOKS_LIKE_DIRECTIVE.exec(snippet);
  if (!match) return "not a valid directive";
  const [, colons, name, space, open] = match;
  const written = `${colons}${name}`;
  if (space) return `"${written} ${open}" has a space before "${open}": write ${written}${open}…`;
  const rest = snippet.slice(match.index + match[0].length - 1);
  if (open === "[" && !rest.includes("]")) return `"${written}[" has no closing "]"`;
  const brace = rest.indexOf("{");
  if (brace < 0) return `"${written}[…]" needs its {attributes}: ${RUN_HINT}`;
  const attributes = rest.slice(brace);
  const close = attributes.indexOf("}");
  const inside = close < 0 ? attributes : attributes.slice(0, close);
  if ((inside.match(/"/g) ?? []).length % 2 === 1) return `${written}{…} has a value without its closing quote (")`;
  if (close < 0) return `${written}{… has no closing "}"`;
  return `${written}{…} is not a valid directive: write each attribute as name="value", separated by spaces`;
}

export interface InlineOptions {
  /** The file line of a node (a slide's nodes are counted from the slide's start). */
  lineOf?: (node: Nodes) => number;
  /** The raw source lines, to say precisely what is wrong with a directive that did not parse. */
  source?: string;
}

/**
 * Resolves the inline directives of a tree in place and reports every problem: `:run` becomes its
 * figure, a bare `:word` its text again. Leaf and container directives are left for the caller
 * (lessons and slides hold them; elsewhere they are problems the caller names).
 */
export function inlineResolve(tree: Root | Nodes, problems: ProblemList, options: InlineOptions = {}): void {
  const line = options.lineOf ?? lineOf;
  const sourceLines = options.source?.split(/\r?\n/);
  const visit = (node: Nodes) => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      if (UNSAFE_URL.test(node.url)) problems.add(line(node), `unsafe link "${node.url.slice(0, 40)}": content links are http(s), mailto or paths`);
    }
    if (node.type === "html" && /(javascript|vbscript):/i.test(node.value)) problems.add(line(node), "raw HTML with a javascript: URL: write a markdown link to an http(s) address");
    if (node.type === "leafDirective" || node.type === "containerDirective") {
      const colons = node.type === "leafDirective" ? "::" : ":::";
      problems.add(line(node), BLOCK_NAMES.has(node.name) ? `::${node.name} must stand on a line of its own, outside lists and quotes` : `"${colons}${node.name}" cannot stand here: the inline directives are ${INLINE_HINT}`);
      return;
    }
    if (!("children" in node)) return;
    node.children.forEach((child, index) => {
      if (child.type !== "textDirective") return visit(child);
      const replace = (value: Nodes) => ((node.children as Nodes[])[index] = value);
      const bare = child.children.length === 0 && Object.keys(child.attributes ?? {}).length === 0;
      const next = node.children[index + 1];
      const brokenAfter = bare && next?.type === "text" && /^\s*[{[]/.test(next.value);
      if (brokenAfter) replace({ type: "text", value: `:${child.name}`, position: child.position });
      else if (child.name === "run") {
        const figure = runFigure(child);
        // A figure in error still leaves text, so the option or paragraph is not also reported empty.
        if ("problem" in figure) {
          problems.add(line(child), figure.problem);
          replace({ type: "text", value: markdownText(child) || String(child.attributes?.fact ?? "figure"), position: child.position });
        } else
          replace({
            type: "text",
            value: figure.text,
            position: child.position,
            data: { hName: "span", hProperties: { className: ["run-figure"], dataRun: figure.preset } },
          });
      } else if (isLinkName(child.name) && !bare) {
        const made = courseLink(child as TextDirective & { name: LinkName });
        if ("problem" in made) {
          problems.add(line(child), made.problem);
          replace({ type: "text", value: markdownText(child) || child.name, position: child.position });
        } else replace({ type: "link", url: made.link.url, children: [{ type: "text", value: made.text }], position: child.position });
      } else if (bare && !BLOCK_NAMES.has(child.name)) replace({ type: "text", value: `:${child.name}`, position: child.position });
      else if (BLOCK_NAMES.has(child.name)) problems.add(line(child), `::${child.name} must stand on a line of its own, outside lists and quotes`);
      else problems.add(line(child), `unknown inline directive ":${child.name}": the inline directives are ${INLINE_HINT} (write "\\:" for a literal colon)`);
    });
    literalDirectivesReport(node.children as Nodes[]);
  };
  // Text that still looks like a directive did not parse as one. Adjacent text nodes are read
  // together, since a bare ":run" restored as text may be followed by the "{…" that broke it.
  const literalDirectivesReport = (children: Nodes[]) => {
    let run: Extract<Nodes, { type: "text" }>[] = [];
    const flush = () => {
      const joined = run.map((text) => text.value).join("");
      const [first] = run;
      if (first && LOOKS_LIKE_DIRECTIVE.test(joined)) {
        const raw = sourceLines?.[(first.position?.start.line ?? 1) - 1];
        const text = raw && LOOKS_LIKE_DIRECTIVE.test(raw) ? raw : joined;
        const quoted = text.slice(LOOKS_LIKE_DIRECTIVE.exec(text)!.index).trim().slice(0, 60);
        problems.add(line(first), `malformed directive "${quoted}": ${malformedReason(text)}`);
      }
      run = [];
    };
    for (const child of children) {
      if (child.type === "text") run.push(child);
      else flush();
    }
    flush();
  };
  visit(tree as Nodes);
}
