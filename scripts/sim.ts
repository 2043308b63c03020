/**
 * The simulator's command line (ARCHITECTURE.md §5):
 *   npm run -s sim -- --scenario FILE.json [--events] [--seeds N]
 *   npm run -s sim -- --preset NAME [--events] [--seeds N]
 *   npm run -s sim -- --scenario FILE.json --exhaustive [--max-faults N] …   (lib/challenges/cli.ts)
 *   npm run -s sim -- --client FILE.js --level ID                          (lib/challenges/codeCli.ts)
 * Prints one JSON object on stdout. Exit 0 on a run whatever its verdict; 2 on an invalid scenario
 * or arguments, with one error per line on stderr, each naming the field path; 2 also on a file that
 * is not a regular file or is over 4 MB, and on a batch over its work limit (lib/sim/cliWork.ts).
 */
import { spawnSync } from "node:child_process";
import { runExhaustiveCli } from "../lib/challenges/cli";
import { runCodeCli, type Graded } from "../lib/challenges/codeCli";
import { readdirSync } from "node:fs";
import { presets } from "../lib/scenario/presets";
import { runCli } from "../lib/sim/cli";
import type { BatchIo } from "../lib/sim/cliWork";
import { readCliFile } from "./cliFile";

const args = process.argv.slice(2);
// A long batch's estimate and progress are written as they happen, not with the result.
const io: BatchIo = { report: (line) => process.stderr.write(line + "\n"), now: () => Date.now() };
/** The levels' ids, from their file names (content/code/NN-slug.md); the child that grades loads the level itself. */
function codeLevelSlugs(): { slug: string }[] {
  return readdirSync("content/code")
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ slug: name.replace(/\.md$/, "").replace(/^\d+-/, "") }));
}

/** A learner's file is graded in a child process, killed past its time limit or 1 GB of heap: its code may loop forever. */
function grade(source: string, level: { slug: string }, timeLimitS: number): Graded {
  const child = spawnSync(
    process.execPath,
    ["--max-old-space-size=1024", "--import", "tsx", "scripts/codeGrade.ts", level.slug],
    {
      input: source,
      encoding: "utf8",
      timeout: timeLimitS * 1000,
      killSignal: "SIGKILL",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (child.error || child.signal) {
    const why =
      child.signal === "SIGKILL"
        ? `it ran past its time limit of ${timeLimitS} s (an endless loop?) and was stopped`
        : `it stopped: ${child.error?.message ?? child.signal}`;
    return { error: `The check did not finish: ${why}.`, line: null };
  }
  const line = child.stdout.trim().split("\n").pop() ?? "";
  if (child.status !== 0 || !line.startsWith("{"))
    return {
      error: `The check did not finish: ${child.stderr.trim().split("\n").slice(-1)[0] || "it ran out of memory"}.`,
      line: null,
    };
  return JSON.parse(line) as Graded;
}

const { status, stdout, stderr } =
  args.includes("--client") || args.includes("--level")
    ? runCodeCli(args, codeLevelSlugs(), { readFile: (path) => readCliFile(path), grade })
    : args.includes("--exhaustive")
      ? runExhaustiveCli(args, readCliFile, io)
      : runCli(args, readCliFile, presets, io);
if (stdout) process.stdout.write(stdout + "\n");
if (stderr) process.stderr.write(stderr + "\n");
process.exitCode = status;
