/**
 * Reading a YAML content file with the line of every value, so that a problem found by zod or by a
 * cross-reference check can name the line an author must change.
 */
import { isCollection, LineCounter, parseDocument, type YAMLError } from "yaml";
import type { ProblemList } from "./errors";

export interface YamlFile {
  data: unknown;
  /** The line of the value at a path; for a path that does not exist, the line of its nearest parent. */
  lineAt: (path: readonly PropertyKey[]) => number;
}

/**
 * A YAML error in words, with its column; only the first error of a file is reported, since the
 * parser's later ones are usually the same mistake seen again further down.
 */
export function yamlErrorText(error: YAMLError): string {
  const message = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  // An unclosed bracket is reported on its opening line (yamlErrorLine), where the column would mislead.
  return error.linePos && !/^Flow (sequence|map)/.test(message) ? `${message} (column ${error.linePos[0].col})` : message;
}

/**
 * The 1-based line an author must fix for a YAML error. An unclosed "[" or "{" is reported where
 * the parser gave up, on a later line; the mistake is on the line that opened it.
 */
export function yamlErrorLine(source: string, error: YAMLError): number {
  const line = error.linePos?.[0].line ?? 1;
  const opener = /^Flow (sequence|map) .* end with a ([\]}])/.exec(error.message);
  if (!opener) return line;
  const close = opener[2]!;
  const open = close === "]" ? "[" : "{";
  const lines = source.split(/\r?\n/);
  for (let i = line - 1; i >= 0; i--) {
    const text = lines[i] ?? "";
    if (text.split(open).length > text.split(close).length) return i + 1;
  }
  return line;
}

export function yamlRead(source: string, problems: ProblemList): YamlFile | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true });
  const [error] = doc.errors;
  if (error) {
    problems.add(yamlErrorLine(source, error), `not valid YAML: ${yamlErrorText(error)}`);
    return null;
  }
  const lineAt = (path: readonly PropertyKey[]) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const keys = path.slice(0, depth).map((key) => (typeof key === "symbol" ? String(key) : key));
      const node = depth === 0 ? doc.contents : isCollection(doc.contents) ? doc.contents.getIn(keys, true) : undefined;
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) return lineCounter.linePos(range[0]).line;
    }
    return 1;
  };
  return { data: doc.toJS(), lineAt };
}
