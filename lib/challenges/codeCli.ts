/**
 * Grading learners' files on the command line, kept apart from process I/O so tests can drive it:
 *   npm run -s sim -- --client FILE.js [--client FILE.js …] --level ID [--time-limit S]
 * Prints the verdict as JSON (codeCheck.ts's CodeVerdict), the same the page shows; for several
 * files, one object per file. Exit 0 whatever the verdicts; 2 on bad arguments or an unknown level.
 */
import type { CliOutcome } from "@/lib/sim/cli";
import type { CodeVerdict } from "./codeCheck";

/** What grading one file gave: its verdict, or why there is none (a syntax error, a spin, a time limit). */
export type Graded = { verdict: CodeVerdict } | { error: string; line: number | null };

export const CODE_USAGE = "usage: sim --client FILE.js [--client FILE.js …] --level ID [--time-limit SECONDS]";
/** How long one file may take to grade, by default (a level's world checks in seconds). */
export const DEFAULT_TIME_LIMIT_S = 120;

export interface CodeCliIo {
  readFile(path: string): string;
  /** Grades one source on one level, within `timeLimitS` (the host kills what runs longer). */
  grade(source: string, level: { slug: string }, timeLimitS: number): Graded;
}

export function runCodeCli(args: string[], levels: readonly { slug: string }[], io: CodeCliIo): CliOutcome {
  const fail = (...lines: string[]): CliOutcome => ({ status: 2, stdout: "", stderr: lines.join("\n") });
  const files: string[] = [];
  let levelId: string | null = null;
  let timeLimitS = DEFAULT_TIME_LIMIT_S;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === "--client") {
      if (value === undefined) return fail("--client: needs a file", CODE_USAGE);
      files.push(value);
      i++;
    } else if (arg === "--level") {
      if (value === undefined) return fail("--level: needs a level's id", CODE_USAGE);
      levelId = value;
      i++;
    } else if (arg === "--time-limit") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 3600)
        return fail("--time-limit: must be a whole number of seconds from 1 to 3600", CODE_USAGE);
      timeLimitS = n;
      i++;
    } else return fail(`unknown argument: ${arg}`, CODE_USAGE);
  }
  if (files.length === 0) return fail("give at least one --client FILE.js", CODE_USAGE);
  if (levelId === null) return fail(`give --level ID (one of: ${levels.map((l) => l.slug).join(", ")})`, CODE_USAGE);
  const level = levels.find((l) => l.slug === levelId);
  if (!level) return fail(`--level: unknown level "${levelId}" (known: ${levels.map((l) => l.slug).join(", ")})`);

  const results = files.map((file) => {
    let source: string;
    try {
      source = io.readFile(file);
    } catch (e) {
      return { file, error: `cannot read ${file}: ${(e as Error).message}`, line: null };
    }
    return { file, ...io.grade(source, level, timeLimitS) };
  });
  const out = results.length === 1 ? results[0] : results;
  return { status: 0, stdout: JSON.stringify(out, null, 2), stderr: "" };
}
