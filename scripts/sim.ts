/**
 * The simulator's command line (ARCHITECTURE.md §5):
 *   npm run -s sim -- --scenario FILE.json [--events] [--seeds N]
 *   npm run -s sim -- --preset NAME [--events] [--seeds N]
 *   npm run -s sim -- --scenario FILE.json --exhaustive [--max-faults N] …   (lib/challenges/cli.ts)
 * Prints one JSON object on stdout. Exit 0 on a run whatever its verdict; 2 on an invalid scenario
 * or arguments, with one error per line on stderr, each naming the field path.
 */
import { readFileSync } from "node:fs";
import { runExhaustiveCli } from "../lib/challenges/cli";
import { presets } from "../lib/presets";
import { runCli } from "../lib/sim/cli";

const args = process.argv.slice(2);
const readFile = (path: string) => readFileSync(path, "utf8");
const { status, stdout, stderr } = args.includes("--exhaustive") ? runExhaustiveCli(args, readFile) : runCli(args, readFile, presets);
if (stdout) process.stdout.write(stdout + "\n");
if (stderr) process.stderr.write(stderr + "\n");
process.exitCode = status;
