/**
 * The simulator's command line (DESIGN §3):
 *   npm run -s sim -- --scenario FILE.json [--events] [--seeds N]
 *   npm run -s sim -- --preset NAME [--events] [--seeds N]
 * Prints one JSON object on stdout. Exit 0 on a run whatever its verdict; 2 on an invalid scenario
 * or arguments, with one error per line on stderr, each naming the field path.
 */
import { readFileSync } from "node:fs";
import { presets } from "../lib/presets";
import { runCli } from "../lib/sim/cli";

const { status, stdout, stderr } = runCli(process.argv.slice(2), (path) => readFileSync(path, "utf8"), presets);
if (stdout) process.stdout.write(stdout + "\n");
if (stderr) process.stderr.write(stderr + "\n");
process.exitCode = status;
