/**
 * The command line's logic, kept apart from process I/O so tests can drive it: arguments in,
 * exit status and output text out.
 */
import { presetById, presets } from "./presets";
import { simulate, ScenarioError } from "./simulate";
import { sweepSeeds } from "./sweep";
import type { Scenario } from "./scenario";

export interface CliOutcome {
  status: 0 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = "usage: sim (--scenario FILE.json | --preset NAME) [--events] [--seeds N]";

export function runCli(args: string[], readFile: (path: string) => string): CliOutcome {
  const fail = (...lines: string[]): CliOutcome => ({ status: 2, stdout: "", stderr: lines.join("\n") });
  let file: string | null = null;
  let preset: string | null = null;
  let events = false;
  let seeds: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--scenario") file = args[++i] ?? null;
    else if (arg === "--preset") preset = args[++i] ?? null;
    else if (arg === "--events") events = true;
    else if (arg === "--seeds") {
      seeds = Number(args[++i]);
      if (!Number.isInteger(seeds) || seeds < 1 || seeds > 100_000) return fail("--seeds: must be a whole number from 1 to 100000", USAGE);
    } else return fail(`unknown argument: ${arg}`, USAGE);
  }
  if ((file === null) === (preset === null)) return fail("give exactly one of --scenario FILE.json or --preset NAME", USAGE);

  let scenario: Scenario;
  if (preset !== null) {
    const found = presetById(preset);
    if (!found) return fail(`--preset: unknown preset "${preset}" (known: ${presets.map((p) => p.id).join(", ")})`);
    scenario = found.scenario;
  } else {
    let text: string;
    try {
      text = readFile(file!);
    } catch (e) {
      return fail(`--scenario: cannot read ${file}: ${(e as Error).message}`);
    }
    try {
      scenario = JSON.parse(text) as Scenario;
    } catch (e) {
      return fail(`--scenario: ${file} is not valid JSON: ${(e as Error).message}`);
    }
  }

  try {
    if (seeds !== null) return { status: 0, stdout: JSON.stringify(sweepSeeds(scenario, seeds)), stderr: "" };
    // Without --events nothing but the summary, violations and warnings is printed, so the run keeps
    // only the events the checker reads (no message log, no spans): a run at the event cap then
    // fits in a fraction of the memory, with the same summary.
    const result = simulate(scenario, { summaryOnly: !events });
    const out = { summary: result.summary, violations: result.violations, warnings: result.warnings, ...(events ? { events: result.events } : {}) };
    return { status: 0, stdout: JSON.stringify(out), stderr: "" };
  } catch (e) {
    if (e instanceof ScenarioError) return fail(...e.errors);
    throw e;
  }
}
