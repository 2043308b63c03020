/**
 * The command line's logic, kept apart from process I/O so tests can drive it: arguments in,
 * exit status and output text out.
 */
import { simulate, ScenarioError } from "./simulate";
import { sweepSeeds } from "./sweep";
import type { Scenario } from "./scenario";

export interface CliOutcome {
  status: 0 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = "usage: sim (--scenario FILE.json | --preset NAME) [--events] [--seeds N] | --help";

/** What --help prints: the usage and the output's contract (README's "Summary contract" says the same). */
export const HELP = [
  USAGE,
  "",
  "Prints one JSON object: { summary, violations, warnings } (and events with --events);",
  "with --seeds N: { runs, unsafeRuns, undecidedRuns, overlapRuns, ... } over seeds 1..N.",
  "Exit status 0 on a run, whatever the verdict; 2 on an invalid scenario, one error per line.",
  "",
  "summary.verdict        safe | unsafe (an update lost or an effect duplicated) | undecided",
  "                       (no damage yet, but a stale write was still on its way at the end)",
  "summary.duplicateEffects  cron runs done twice, and counter jobs whose write storage applied",
  "                       twice (the reply was lost and the client retried)",
  "summary.overlapMs      time two or more clients believed they held one lock",
  "summary.concurrentSectionsMs  time two or more clients were between taking the lock and",
  "                       finishing their write, whatever they believed",
  "summary.writesPending  writes still to come when the run ended: attempts still to write, and",
  "                       writes still in the network, even if their sender had crashed",
  "summary.staleWritesPending  of those, the ones whose lease had already ended",
  "warnings               'pending: ...' for each stale write still on its way at the end;",
  "                       'truncated: ...' when the run hit the event limit",
].join("\n");

/** A scenario the CLI can run by name (`--preset NAME`): the course's presets, given by the caller. */
export interface NamedScenario {
  id: string;
  scenario: Scenario;
}

export function runCli(args: string[], readFile: (path: string) => string, presets: readonly NamedScenario[] = []): CliOutcome {
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
    else if (arg === "--help") return { status: 0, stdout: HELP, stderr: "" };
    else if (arg === "--seeds") {
      seeds = Number(args[++i]);
      if (!Number.isInteger(seeds) || seeds < 1 || seeds > 100_000) return fail("--seeds: must be a whole number from 1 to 100000", USAGE);
    } else return fail(`unknown argument: ${arg}`, USAGE);
  }
  if ((file === null) === (preset === null)) return fail("give exactly one of --scenario FILE.json or --preset NAME", USAGE);

  let scenario: Scenario;
  if (preset !== null) {
    const found = presets.find((p) => p.id === preset);
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
