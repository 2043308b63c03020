/**
 * Grades one learner's file in a process of its own (scripts/sim.ts starts it with a time and
 * memory limit and kills it past them): the source comes on stdin, the level's id as the argument.
 * The same lockdown as the browser's sandbox worker (lib/workers/codeSandbox.ts) takes real time,
 * randomness and the network away before the code is compiled, and Node's own `process` and
 * `require` go with them. Prints the Graded result as one JSON line.
 */
import { readFileSync } from "node:fs";
import { checkCode } from "../lib/challenges/codeCheck";
import type { Graded } from "../lib/challenges/codeCli";
import { compileClient } from "../lib/challenges/codeCompile";
import { codeLevelsLoad } from "../lib/content/codeLevels";
import { CodeBudgetError } from "../lib/sim/code/codeClient";
import { lockDown } from "../lib/workers/codeSandbox";

const source = readFileSync(0, "utf8");
const level = codeLevelsLoad().find((l) => l.slug === process.argv[2]);
if (!level) throw new Error(`unknown level ${process.argv[2]}`);
const write = process.stdout.write.bind(process.stdout);
const scope = globalThis as typeof globalThis & { postMessage(message: unknown): void };
scope.postMessage = () => {};
lockDown(scope);
for (const name of ["process", "require"]) {
  const refuse = () => {
    throw new Error(`${name} is not available: a lock client talks only through \`api\``);
  };
  Object.defineProperty(globalThis, name, { get: refuse, set: refuse, configurable: false });
}

let graded: Graded;
const compiled = compileClient(source);
if (!compiled.ok) graded = { error: compiled.message, line: compiled.line };
else {
  try {
    graded = { verdict: checkCode(level, compiled) };
  } catch (e) {
    graded = {
      error: e instanceof CodeBudgetError ? e.message : `the check stopped: ${(e as Error).message}`,
      line: compiled.lineOf(e),
    };
  }
}
write(JSON.stringify(graded) + "\n");
