/**
 * The exhaustive check on the command line (issue 20), kept apart from process I/O so tests can
 * drive it:
 *   npm run -s sim -- --scenario FILE.json --exhaustive [--max-faults N] [--pauses MS,MS] [--jumps MS,…] [--delays MS,…] [--max-schedules N]
 * It lives here, not in lib/sim, because it reads lib/explore's moments: lib/sim imports nothing
 * outside itself. A counterexample is what the failure finder counts as a failure (failureOf):
 * damage, or two holders where storage has no guard.
 */
import { failureOf } from "@/lib/explore/finder";
import { presetById, presets } from "@/lib/scenario/presets";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { judgeWork, MAX_WORK_EVENTS, parseMaxWork, progressLines, type BatchIo } from "@/lib/sim/cliWork";
import { ScenarioError } from "@/lib/sim/simulate";
import { exhaustiveCheck, worldSize } from "./exhaustive";
import type { FaultWorld } from "./faultWorld";

export interface CliOutcome {
  status: 0 | 2;
  stdout: string;
  stderr: string;
}

const USAGE =
  "usage: sim (--scenario FILE.json | --preset NAME) --exhaustive [--max-faults 0-3] [--pauses MS,…] [--jumps MS,…] [--delays MS,…] [--max-schedules N] [--max-work EVENTS]";

/** The world the command line checks unless told otherwise. */
export const CLI_WORLD: FaultWorld = {
  maxFaults: 2,
  pauseMs: [5000, 15_000],
  jumpMs: [5000],
  delayMs: [30_000],
  maxSchedules: 20_000,
};

/** `io` hears, as they happen, the lines a long check writes on stderr: its estimate and its progress. */
export function runExhaustiveCli(args: string[], readFile: (path: string) => string, io?: BatchIo): CliOutcome {
  const fail = (...lines: string[]): CliOutcome => ({ status: 2, stdout: "", stderr: lines.join("\n") });
  let file: string | null = null;
  let preset: string | null = null;
  const world: FaultWorld = { ...CLI_WORLD };
  let maxWork = MAX_WORK_EVENTS;
  const list = (flag: string, text: string | undefined): number[] | string => {
    if (text === undefined) return `${flag}: needs a comma-separated list of milliseconds (or "none")`;
    if (text === "none") return [];
    const values = text.split(",").map(Number);
    return values.every((v) => Number.isInteger(v) && v >= 1)
      ? values
      : `${flag}: "${text}" is not a list of whole milliseconds ≥ 1`;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--exhaustive") continue;
    if (arg === "--scenario") file = args[++i] ?? null;
    else if (arg === "--preset") preset = args[++i] ?? null;
    else if (arg === "--max-work") {
      const n = parseMaxWork(args[++i]);
      if (typeof n === "string") return fail(n, USAGE);
      maxWork = n;
    } else if (arg === "--max-faults" || arg === "--max-schedules") {
      const n = Number(args[++i]);
      const [lo, hi] = arg === "--max-faults" ? [0, 3] : [1, 1_000_000];
      if (!Number.isInteger(n) || n < lo || n > hi)
        return fail(`${arg}: must be a whole number from ${lo} to ${hi}`, USAGE);
      if (arg === "--max-faults") world.maxFaults = n;
      else world.maxSchedules = n;
    } else if (arg === "--pauses" || arg === "--jumps" || arg === "--delays") {
      const values = list(arg, args[++i]);
      if (typeof values === "string") return fail(values, USAGE);
      world[arg === "--pauses" ? "pauseMs" : arg === "--jumps" ? "jumpMs" : "delayMs"] = values;
    } else return fail(`unknown argument: ${arg}`, USAGE);
  }
  if ((file === null) === (preset === null))
    return fail("give exactly one of --scenario FILE.json or --preset NAME", USAGE);

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
      return fail(`--scenario: cannot read ${file} as JSON: ${(e as Error).message}`);
    }
  }

  try {
    const validation = validateScenario(scenario);
    if (!validation.ok) throw new ScenarioError(validation.errors);
    const failOn = validation.scenario.storage.guard === "none" ? "damage-or-overlap" : "damage";
    const size = worldSize(scenario, world);
    if (size.estimate > world.maxSchedules) {
      return fail(
        `the world has about ${size.estimate} schedules (${size.singles} single faults at ${size.moments} moments, up to ${world.maxFaults} at once), more than --max-schedules ${world.maxSchedules}`,
        `check a smaller world: --max-faults ${Math.max(0, world.maxFaults - 1)}, or fewer lengths`,
      );
    }
    const refused = judgeWork(
      {
        runs: size.estimate,
        eventsPerRun: size.runEvents ?? 0,
        noun: "schedules",
        shrink: `--max-faults ${Math.max(0, world.maxFaults - 1)}, fewer lengths (--pauses, --jumps, --delays), a shorter durationMs, or fewer clients`,
      },
      maxWork,
      io,
    );
    if (refused) return fail(...refused);
    const result = exhaustiveCheck(scenario, world, (run) => failureOf(run.summary, failOn) !== null, {
      onProgress: progressLines(io, "schedules", size.estimate),
    });
    const out = {
      tried: result.tried,
      failed: result.failed,
      complete: result.stoppedBy === "complete",
      counterexample:
        failOn === "damage"
          ? "damage (a lost update or a duplicated effect)"
          : "damage, or two clients holding the lock at once",
      world: { ...world, moments: size.moments, singleFaults: size.singles },
      notCovered:
        "crashes, partitions, isolation, outages, failovers, message loss, faults between the moments above, and lengths off the grid",
      shortest: result.shortest && {
        explanations: result.shortest.explanations,
        summary: result.shortest.summary,
        scenario: result.shortest.scenario,
      },
    };
    return { status: 0, stdout: JSON.stringify(out, null, 2), stderr: "" };
  } catch (e) {
    if (e instanceof ScenarioError) return fail(...e.errors);
    throw e;
  }
}
