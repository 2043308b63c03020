/**
 * The command line's logic, kept apart from process I/O so tests can drive it: arguments in,
 * exit status and output text out.
 */
import { simulate, ScenarioError } from "./simulate";
import {
  judgeWork,
  MAX_SCENARIO_FILE_BYTES,
  MAX_WORK_EVENTS,
  parseMaxWork,
  progressLines,
  type BatchIo,
} from "./cliWork";
import { groupDigits } from "./format";
import { sweepSeeds } from "./sweep";
import type { Scenario } from "./scenario";

export interface CliOutcome {
  status: 0 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = "usage: sim (--scenario FILE.json | --preset NAME) [--events] [--seeds N [--max-work EVENTS]] | --help";

/** What --help prints: the usage and the output's contract (README's "Summary contract" says the same). */
export const HELP = [
  USAGE,
  "",
  "Prints one JSON object: { summary, violations, warnings } (and events with --events);",
  "with --seeds N: { runs, unsafeRuns, undecidedRuns, overlapRuns, ... } over seeds 1..N.",
  `A batch is sized by its first run: over ${groupDigits(MAX_WORK_EVENTS)} events in all it is refused (--max-work N`,
  "raises that), a long one is announced with its estimate, and progress is written on stderr.",
  `A scenario file must be a regular file of at most ${MAX_SCENARIO_FILE_BYTES / 1024 / 1024} MB.`,
  "Exit status 0 on a run, whatever the verdict; 2 on an invalid scenario, one error per line.",
  "",
  "Also: sim --scenario FILE.json --exhaustive …    every fault schedule of a small world;",
  "      sim --client FILE.js --level ID …           grades a learner's lock client on a code level.",
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

/** `io` hears, as they happen, the lines a long batch writes on stderr: its estimate and its progress. */
export function runCli(
  args: string[],
  readFile: (path: string) => string,
  presets: readonly NamedScenario[] = [],
  io?: BatchIo,
): CliOutcome {
  const fail = (...lines: string[]): CliOutcome => ({ status: 2, stdout: "", stderr: lines.join("\n") });
  let file: string | null = null;
  let preset: string | null = null;
  let events = false;
  let seeds: number | null = null;
  let maxWork = MAX_WORK_EVENTS;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--scenario") file = args[++i] ?? null;
    else if (arg === "--preset") preset = args[++i] ?? null;
    else if (arg === "--events") events = true;
    else if (arg === "--help") return { status: 0, stdout: HELP, stderr: "" };
    else if (arg === "--max-work") {
      const n = parseMaxWork(args[++i]);
      if (typeof n === "string") return fail(n, USAGE);
      maxWork = n;
    } else if (arg === "--seeds") {
      seeds = Number(args[++i]);
      if (!Number.isInteger(seeds) || seeds < 1 || seeds > 100_000)
        return fail("--seeds: must be a whole number from 1 to 100000", USAGE);
    } else return fail(`unknown argument: ${arg}`, USAGE);
  }
  if ((file === null) === (preset === null))
    return fail("give exactly one of --scenario FILE.json or --preset NAME", USAGE);

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
    if (seeds !== null) {
      const n = seeds;
      const tick = progressLines(io, "seeds");
      let refused: string[] | null = null;
      const sweep = sweepSeeds(scenario, n, 1, {
        onRun: (runs, events) => {
          if (runs === 1) {
            const fits = Math.max(1, Math.floor(maxWork / Math.max(1, events)));
            const shrink = `fewer seeds${fits < n ? ` (--seeds ${fits} fits)` : ""}, a shorter durationMs, or fewer clients or jobs`;
            refused = judgeWork({ runs: n, eventsPerRun: events, noun: "seeds", shrink }, maxWork, io);
            if (refused) return false;
          }
          tick(runs, n);
        },
      });
      if (refused) return fail(...(refused as string[]));
      return { status: 0, stdout: JSON.stringify(sweep), stderr: "" };
    }
    // Without --events nothing but the summary, violations and warnings is printed, so the run keeps
    // only the events the checker reads (no message log, no spans): a run at the event cap then
    // fits in a fraction of the memory, with the same summary.
    const result = simulate(scenario, { summaryOnly: !events });
    const out = {
      summary: result.summary,
      violations: result.violations,
      warnings: result.warnings,
      ...(events ? { events: result.events } : {}),
    };
    return { status: 0, stdout: JSON.stringify(out), stderr: "" };
  } catch (e) {
    if (e instanceof ScenarioError) return fail(...e.errors);
    throw e;
  }
}
