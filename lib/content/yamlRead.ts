/**
 * Reading a YAML content file with the line of every value, so that a problem found by zod or by a
 * cross-reference check can name the line an author must change.
 */
import { isCollection, LineCounter, parseDocument } from "yaml";
import type { ProblemList } from "./errors";

export interface YamlFile {
  data: unknown;
  /** The line of the value at a path; for a path that does not exist, the line of its nearest parent. */
  lineAt: (path: readonly PropertyKey[]) => number;
}

export function yamlRead(source: string, problems: ProblemList): YamlFile | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) problems.add(error.linePos?.[0].line ?? 1, `not valid YAML: ${error.message.split("\n")[0]}`);
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
