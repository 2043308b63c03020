/**
 * `npm run real -- --scenario FILE.json [--out trace.json]` (or `--preset NAME`): records the
 * scenario on real servers and writes the trace (stdout without --out). Exit status 0 on a run,
 * 2 when the scenario is invalid or cannot be run on real servers (every reason on stderr), 3
 * when a server program is missing (named, with the apt-get line that installs it), 4 when the
 * machine was too busy to keep the scenario's times (nothing is written), 1 on a failure.
 */
import { existsSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { neededServers, refusals } from "../../lib/real/support";
import { resultOfTrace } from "../../lib/real/replay";
import { presets } from "../../lib/scenario/presets";
import { validateScenario, type Scenario } from "../../lib/sim/scenario";
import { readCliFile } from "../cliFile";
import { record, TooLateError } from "./recorder";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(code: number, lines: string[]): never {
  for (const l of lines) process.stderr.write(`${l}\n`);
  process.exit(code);
}

const file = arg("scenario");
const preset = arg("preset");
if (!file === !preset)
  fail(2, [
    "give exactly one of --scenario FILE.json or --preset NAME",
    "usage: real (--scenario FILE.json | --preset NAME) [--out trace.json]",
  ]);
let input: Scenario;
try {
  input = file
    ? (JSON.parse(readCliFile(file)) as Scenario)
    : (presets.find((p) => p.id === preset)?.scenario ?? fail(2, [`no preset named ${preset}`]));
} catch (e) {
  fail(2, [`${file}: ${(e as Error).message}`]);
}
const v = validateScenario(input);
if (!v.ok) fail(2, v.errors);
const why = refusals(v.scenario);
if (why.length) fail(2, ["This scenario cannot be run on real servers:", ...why.map((w) => `- ${w}`)]);

const missing = neededServers(v.scenario).filter((n) => !existsSync(n.path));
const problems = missing.map((n) => `- ${n.program} (${n.path}) is missing`);
if (v.scenario.service.kind === "postgres") {
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    problems.push(
      "- the postgres user is missing (PostgreSQL refuses to run as root); the postgresql package creates it, or: useradd --system --home /var/lib/postgresql postgres",
    );
  }
}
if (problems.length) {
  const apt = [...new Set(missing.map((n) => n.apt))].join(" ");
  fail(3, [
    "The recorder needs these servers, started by itself on 127.0.0.1:",
    ...problems,
    ...(apt ? [`Install them with: apt-get update && apt-get install -y ${apt}`] : []),
  ]);
}

try {
  const { trace, tookMs } = await record(input, v.scenario, (s) => process.stderr.write(`${s}\n`));
  const json = `${JSON.stringify(trace, null, 1)}\n`;
  const out = arg("out");
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
  const s = resultOfTrace(trace).summary;
  process.stderr.write(
    `recorded ${trace.events.length} events in ${trace.recorded.lengthMs} ms of run (${tookMs} ms in all): verdict ${s.verdict}, counter ${s.counter}, lost updates ${s.lostUpdates}, stale writes accepted ${s.staleWritesAccepted} / rejected ${s.staleWritesRejected}, tokens [${s.tokens.join(", ")}], jobs done ${s.jobsDone}\n`,
  );
  process.exit(0);
} catch (e) {
  if (e instanceof TooLateError)
    fail(4, [e.message, "Nothing was written; run it again when the machine is less busy."]);
  fail(1, [`recording failed: ${(e as Error).stack ?? String(e)}`]);
}
