import type { Root } from "mdast";
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { lineOf } from "./markdown";
import type { ProblemList } from "./errors";
import { yamlErrorLine, yamlErrorText } from "./yamlRead";

/**
 * Reads a file's YAML front matter and checks it against a strict zod schema. Every problem is
 * added to `problems` with the line of the offending field (or of the front matter when a field is
 * missing); returns the data only when there was none.
 */
export function frontMatterRead<S extends z.ZodObject>(tree: Root, schema: S, problems: ProblemList): z.infer<S> | null {
  const allowed = Object.keys(schema.shape).join(", ");
  const node = tree.children[0];
  if (node?.type !== "yaml") {
    problems.add(1, `the file must start with front matter (a block between "---" lines) giving ${allowed}`);
    return null;
  }
  // The YAML text starts on the line after the opening "---".
  const firstLine = lineOf(node) + 1;
  const lineCounter = new LineCounter();
  const doc = parseDocument(node.value, { lineCounter, uniqueKeys: true });
  const [error] = doc.errors;
  if (error) {
    const line = error.linePos ? firstLine + yamlErrorLine(node.value, error) - 1 : firstLine - 1;
    problems.add(line, `front matter is not valid YAML: ${yamlErrorText(error)}`);
    return null;
  }

  const keyLines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) {
        keyLines.set(String(pair.key.value), firstLine + lineCounter.linePos(pair.key.range[0]).line - 1);
      }
    }
  }
  const lineOfKey = (key: unknown) => keyLines.get(String(key)) ?? lineOf(node);

  const result = schema.safeParse(doc.toJS() ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (issue.code === "unrecognized_keys") {
      for (const unknown of issue.keys) {
        problems.add(lineOfKey(unknown), `unknown front-matter field "${unknown}" (allowed: ${allowed})`);
      }
    } else if (key === undefined) {
      problems.add(lineOf(node), `front matter must be a set of "field: value" lines giving ${allowed}`);
    } else if (!keyLines.has(String(key))) {
      problems.add(lineOf(node), `front matter is missing "${String(key)}"`);
    } else {
      problems.add(lineOfKey(key), `front-matter field "${String(key)}": ${issue.message}`);
    }
  }
  return null;
}
