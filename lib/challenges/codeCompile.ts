/**
 * A learner's source text made into a program the engine can run (lib/sim/code): parsed first with
 * acorn, so a syntax error is reported at its line and column, then built with `new Function`.
 * Nothing here keeps the code from reaching the page or the network: the code runs only inside the
 * sandbox's Web Worker (lib/workers/code.worker.ts), which takes those away before compiling, or
 * in the CLI's worker thread.
 */
import { parse, type Node } from "acorn";
import type { ClientProgram } from "@/lib/sim/code/api";

export type Compiled =
  | { ok: true; program: ClientProgram; lineOf(error: unknown): number | null }
  | { ok: false; message: string; line: number | null; column: number | null };

/** The file name the learner's code runs under, so a stack names its lines. */
const FILE = "client.js";
/** Lines `new Function` and the prologue put before the learner's first line. */
const LINES_BEFORE = 3;
/** The longest source accepted: a lock client is a page or two. */
export const MAX_SOURCE_LENGTH = 100_000;

export function compileClient(source: string): Compiled {
  if (source.length > MAX_SOURCE_LENGTH)
    return {
      ok: false,
      message: `The code is ${source.length} characters long; the limit is ${MAX_SOURCE_LENGTH}.`,
      line: null,
      column: null,
    };
  let tree: Node & { body: Node[] };
  try {
    tree = parse(source, { ecmaVersion: "latest", sourceType: "script", locations: true }) as Node & { body: Node[] };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, "") : String(error);
    return {
      ok: false,
      message: `Syntax error: ${message}`,
      line: loc?.line ?? null,
      column: loc ? loc.column + 1 : null,
    };
  }
  const declared = tree.body.find(
    (node): node is Node & { id: { name: string }; generator: boolean; loc: { start: { line: number } } } =>
      node.type === "FunctionDeclaration" && (node as unknown as { id: { name: string } }).id.name === "client",
  );
  if (!declared)
    return { ok: false, message: "Define your client as `function* client(api) { … }`.", line: null, column: null };
  if (!declared.generator) {
    return {
      ok: false,
      message:
        "`client` must be a generator function: write `function* client(api)`, with the star, so it can `yield` each call.",
      line: declared.loc.start.line,
      column: null,
    };
  }
  let program: ClientProgram;
  try {
    program = new Function(`"use strict";\n${source}\nreturn client;\n//# sourceURL=${FILE}`)() as ClientProgram;
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      line: null,
      column: null,
    };
  }
  return { ok: true, program, lineOf };
}

/** The learner's line an error was thrown at (or a call was made from): the first frame in their file. */
function lineOf(error: unknown): number | null {
  const stack = error instanceof Error ? error.stack : undefined;
  const match = stack?.match(new RegExp(`${FILE.replace(".", "\\.")}:(\\d+):\\d+`));
  if (!match) return null;
  const line = Number(match[1]) - LINES_BEFORE;
  return line >= 1 ? line : null;
}
