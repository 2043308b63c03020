/**
 * Grades one learner's file in a process of its own (scripts/sim.ts starts it with a time and
 * memory limit and kills it past them): the source comes on stdin, the level's id as the argument.
 * Real time, randomness and the network are taken away (codeLockdown.ts) before the code is
 * compiled. Prints the Graded result as one JSON line.
 */
import { readFileSync } from "node:fs";
import { checkCode } from "../lib/challenges/codeCheck";
import type { Graded } from "../lib/challenges/codeCli";
import { compileClient } from "../lib/challenges/codeCompile";
import { lockDown } from "../lib/challenges/codeLockdown";
import { codeLevelsLoad } from "../lib/content/codeLevels";
import { CodeBudgetError } from "../lib/sim/code/codeClient";

const source = readFileSync(0, "utf8");
const level = codeLevelsLoad().find((l) => l.slug === process.argv[2]);
const write = process.stdout.write.bind(process.stdout);
if (!level) throw new Error(`unknown level ${process.argv[2]}`);
lockDown(globalThis as unknown as Record<string, unknown>);

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
