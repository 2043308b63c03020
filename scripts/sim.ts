/**
 * The simulator's command line (ARCHITECTURE.md §5):
 *   npm run -s sim -- --scenario FILE.json [--events] [--seeds N]
 *   npm run -s sim -- --preset NAME [--events] [--seeds N]
 *   npm run -s sim -- --scenario FILE.json --exhaustive [--max-faults N] …   (lib/challenges/cli.ts)
 * Prints one JSON object on stdout. Exit 0 on a run whatever its verdict; 2 on an invalid scenario
 * or arguments, with one error per line on stderr, each naming the field path; 2 also on a file that
 * is not a regular file or is over 4 MB, and on a batch over its work limit (lib/sim/cliWork.ts).
 */
import { runExhaustiveCli } from "../lib/challenges/cli";
import { presets } from "../lib/scenario/presets";
import { runCli } from "../lib/sim/cli";
import type { BatchIo } from "../lib/sim/cliWork";
import { readCliFile } from "./cliFile";

const args = process.argv.slice(2);
// A long batch's estimate and progress are written as they happen, not with the result.
const io: BatchIo = { report: (line) => process.stderr.write(line + "\n"), now: () => Date.now() };
const { status, stdout, stderr } = args.includes("--exhaustive") ? runExhaustiveCli(args, readCliFile, io) : runCli(args, readCliFile, presets, io);
if (stdout) process.stdout.write(stdout + "\n");
if (stderr) process.stderr.write(stderr + "\n");
process.exitCode = status;
