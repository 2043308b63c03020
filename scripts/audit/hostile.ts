/**
 * The hostile-input audit (issue 23), re-run: each class of bad input the audit tried, generated
 * or listed here, with the count that held and the ones that did not. Not part of npm test; it
 * takes a few minutes. Usage: `npm run -s audit:hostile -- [--runs N]` (default 2,000 generated
 * runs; bundled first, as lz-string is CommonJS). The main thread's blocking on heavy links is
 * measured by main-thread.ts.
 *
 *   1. scenario files and CLI arguments: refused with exit 2 and every message naming a field or
 *      an argument (or the file's JSON), or accepted and run;
 *   2. lab URLs: every damaged link opens with a notice saying what could not be used;
 *   3. damaged saves: every stored value that is not a save is refused on read and moved aside
 *      intact; every real save is read;
 *   4. generated runs: the checker's counts equal an independent recount of the event log, and a
 *      summary-only run (--seeds, the failure map) reaches the same summary as the full run.
 */
import fc from "fast-check";
import { presets } from "../../lib/scenario/presets";
import { runCli } from "../../lib/sim/cli";
import { hostileScenarios, recount, validScenarios } from "../../lib/sim/generators";
import { scenarioSchema, validateScenario, type Scenario } from "../../lib/sim/scenario";
import { simulateResolved } from "../../lib/sim/simulate";
import { base64urlEncode, compressScenario, decodeLabSearch, MAX_CODE_LENGTH } from "../../lib/scenario/url";
import { decodeMapSettings } from "../../lib/explore/mapSettings";
import { PROGRESS_KEY, progressQuarantine, readSave } from "../../lib/store/progressStorage";
import { PROGRESS_VERSION, progressEmpty } from "../../lib/store/progressSchema";
import { PROGRESS_EXPORT_FORMAT } from "../../lib/store/progressTransfer";
import { MemoryStorage } from "../../lib/store/memoryStorage";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 2_000;
/** The generated runs' event budget, as the fuzz test's: many runs reach it in little time. */
const BUDGET = 10_000;
const SEED = 23;

interface Tally {
  held: number;
  failed: string[];
}
const tally = (): Tally => ({ held: 0, failed: [] });
const report = (name: string, t: Tally, of: string) => {
  console.log(
    `${name}: ${t.held.toLocaleString("en-US")} of ${(t.held + t.failed.length).toLocaleString("en-US")} ${of}`,
  );
  for (const failure of t.failed.slice(0, 5)) console.log(`  did not hold: ${failure}`);
};

// ---- 1. scenario files and CLI arguments -------------------------------------------------------

const fields = new Set(Object.keys(scenarioSchema().shape));
const files = tally();
const notJson = ["", "{", '{"version": 1,', "null", "nul", "\u0000\u0001", "[1, 2", "{'version': 1}", "version: 1"];
for (const text of notJson) {
  const out = runCli(["--scenario", "bad.json"], () => text);
  // JSON that parses but is no scenario (null) is the validator's to refuse, naming the field.
  if (out.status === 2 && /^(--scenario: bad\.json is not valid JSON|scenario: must be an object)/.test(out.stderr))
    files.held++;
  else files.failed.push(`${JSON.stringify(text)} → ${out.status} ${out.stderr.split("\n")[0]}`);
}
/** A generated scenario as a file holds it: JSON turns NaN and Infinity into null. */
const asFile = (input: unknown): string => JSON.stringify(input);

// The hostile generator's refused scenarios: each message begins with the field it is about.
for (const input of fc.sample(hostileScenarios, { numRuns: 600, seed: SEED })) {
  const text = asFile(input);
  if (validateScenario(JSON.parse(text)).ok) continue;
  const out = runCli(["--scenario", "s.json"], () => text);
  const lines = out.stderr.split("\n");
  if (out.status === 2 && lines.every((line) => fields.has(line.split(/[.:]/)[0]!))) files.held++;
  else
    files.failed.push(
      out.stderr.split("\n").find((line) => !fields.has(line.split(/[.:]/)[0]!)) ?? `exit ${out.status}`,
    );
}
report("1a. scenario files refused, each message naming a field (or the file's JSON)", files, "refused files");

const args = tally();
const badArgs: string[][] = [
  [],
  ["--seeds"],
  ["--seeds", "0"],
  ["--seeds", "-3"],
  ["--seeds", "1.5"],
  ["--seeds", "many"],
  ["--seeds", "100001"],
  ["--scenario"],
  ["--preset"],
  ["--preset", "no-such-preset"],
  ["--bogus"],
  ["--scenario", "a.json", "--preset", "gc-pause"],
  ["-s", "a.json"],
  ["--scenario", "missing.json"],
];
for (const argv of badArgs) {
  const out = runCli(
    argv,
    (path) => {
      if (path === "missing.json") throw new Error("ENOENT: no such file");
      return "{}";
    },
    presets,
  );
  const first = out.stderr.split("\n")[0] ?? "";
  if (out.status === 2 && /^(--seeds|--scenario|--preset|unknown argument|give exactly one)/.test(first)) args.held++;
  else args.failed.push(`${argv.join(" ")} → ${out.status} ${first}`);
}
report("1b. CLI arguments refused, naming the argument", args, "bad argument lists");

// ---- 2. lab URLs --------------------------------------------------------------------------------

const b64 = (text: string) => base64urlEncode(text);
const urls: string[] = [
  "?s=",
  "?s=!!!",
  "?s=%%%",
  `?s=${b64("not json")}`,
  `?s=${b64("42")}`,
  `?s=${b64("[]")}`,
  `?s=${b64("{}")}`,
  `?s=${b64(JSON.stringify({ version: 9, service: { kind: "redis", ttlMs: 1000 } }))}`,
  `?s=${b64(JSON.stringify({ version: 1, service: { kind: "paxos" } }))}`,
  `?s=${b64(JSON.stringify({ version: 1, durationMs: 3_600_000, service: { kind: "redis", ttlMs: 10_000 }, clients: { count: 64 }, chaos: { pauseEveryMs: 1, pauseMs: [1, 1] } }))}`,
  `?s=${"A".repeat(MAX_CODE_LENGTH + 1)}`,
  "?z=",
  "?z=garbage",
  `?z=${"A".repeat(MAX_CODE_LENGTH + 1)}`,
  `?z=${compressScenario({ version: 1, service: { kind: "redis", ttlMs: 10_000 } }).slice(0, 10)}`,
  "?preset=",
  "?preset=no-such-preset",
  "?preset=<script>alert(1)</script>",
  "?preset=gc-pause&t=-5",
  "?preset=gc-pause&t=abc",
  "?preset=gc-pause&t=99999999",
  "?preset=gc-pause&compare=bogus",
  "?preset=gc-pause&map=bogus",
  "?preset=gc-pause&s=!!!",
];
// Generated scenarios validation refuses, as links.
for (const input of fc.sample(hostileScenarios, { numRuns: 300, seed: SEED + 1 })) {
  const text = asFile(input);
  if (!validateScenario(JSON.parse(text)).ok) urls.push(`?s=${b64(text)}`);
}
const links = tally();
for (const search of urls) {
  const decoded = decodeLabSearch(search);
  // A map= parameter is read by the failure map, which shows its problems when it opens.
  const problems = [
    ...decoded.problems.map((problem) => problem.text),
    ...(decoded.map === null || decoded.map === undefined
      ? []
      : (() => {
          const map = decodeMapSettings(decoded.map);
          return map.ok ? [] : map.problems;
        })()),
  ];
  if (problems.length > 0 && problems.every((p) => p.trim().length > 0)) links.held++;
  else links.failed.push(`${search.slice(0, 80)} opened with no notice`);
}
report("2. damaged lab links that open with a notice", links, "damaged links");

// ---- 3. damaged saves ------------------------------------------------------------------------------

const save = JSON.stringify({ state: progressEmpty(), version: PROGRESS_VERSION });
const damaged = [
  "",
  "{",
  "not json",
  "undefined",
  "NaN",
  save.slice(0, save.length / 2),
  save.slice(1),
  `${save}x`,
  "42",
  "-1",
  "0",
  "3.14",
  "true",
  "false",
  "null",
  '"hello"',
  '""',
  "[]",
  "[1,2]",
  `[${save}]`,
  "{}",
  '{"version":3}',
  `{"version":${PROGRESS_VERSION}}`,
  '{"state":{}}',
  '{"state":null,"version":4}',
  '{"state":[],"version":4}',
  '{"state":"x","version":4}',
  '{"state":{},"version":"4"}',
  JSON.stringify({ format: PROGRESS_EXPORT_FORMAT, progress: progressEmpty() }),
  JSON.stringify({ format: PROGRESS_EXPORT_FORMAT }),
];
const saves = tally();
for (const raw of damaged) {
  const storage = new MemoryStorage();
  storage.setItem(PROGRESS_KEY, raw);
  let refused = false;
  try {
    readSave(storage, PROGRESS_KEY);
  } catch {
    refused = true;
  }
  const kept = refused ? progressQuarantine(storage, new Date(0)) : null;
  if (refused && kept !== null && storage.getItem(kept) === raw && storage.getItem(PROGRESS_KEY) === null) saves.held++;
  else saves.failed.push(`${JSON.stringify(raw).slice(0, 60)}: ${refused ? "not kept intact" : "read as a save"}`);
}
const realSave = new MemoryStorage();
realSave.setItem(PROGRESS_KEY, save);
const realRead = readSave(realSave, PROGRESS_KEY) !== null;
report("3. damaged saves refused and moved aside intact", saves, "damaged saves");
console.log(`   a real save is read as a save: ${realRead ? "yes" : "NO"}`);

// ---- 4. generated runs ------------------------------------------------------------------------------

const checks = tally();
const modes = tally();
const summaryFields = [
  "grants",
  "writesAccepted",
  "writesRejected",
  "staleWritesAccepted",
  "staleWritesRejected",
  "counter",
  "lostUpdates",
  "duplicateEffects",
  "missedRuns",
  "jobsDone",
  "jobsAborted",
  "timeouts",
  "maxConcurrentHolders",
] as const;
let verdicts = { safe: 0, unsafe: 0, undecided: 0, incomplete: 0 };
const started = Date.now();
for (const scenario of fc.sample(validScenarios, { numRuns: RUNS, seed: SEED + 2 })) {
  const validation = validateScenario(scenario);
  if (!validation.ok) {
    checks.failed.push(`generated scenario refused: ${validation.errors[0]}`);
    continue;
  }
  const full = simulateResolved(structuredClone(validation.scenario), validation.warnings, { maxEvents: BUDGET });
  const quick = simulateResolved(structuredClone(validation.scenario), validation.warnings, {
    maxEvents: BUDGET,
    summaryOnly: true,
  });
  verdicts = {
    ...verdicts,
    [full.summary.verdict]: verdicts[full.summary.verdict] + 1,
    incomplete: verdicts.incomplete + (full.summary.incomplete ? 1 : 0),
  };
  const mine = recount(full);
  const differs = summaryFields.filter((field) => full.summary[field] !== mine[field]);
  if (differs.length === 0) checks.held++;
  else
    checks.failed.push(
      `seed ${scenario.seed}: ${differs.map((f) => `${f} ${full.summary[f]} vs ${mine[f]}`).join(", ")}`,
    );
  if (
    JSON.stringify(quick.summary) === JSON.stringify(full.summary) &&
    JSON.stringify(quick.violations) === JSON.stringify(full.violations)
  )
    modes.held++;
  else
    modes.failed.push(
      `seed ${scenario.seed}: ${full.summary.verdict} (full) vs ${quick.summary.verdict} (summary-only)`,
    );
}
report("4a. generated runs whose checker counts equal an independent recount", checks, "runs");
report("4b. generated runs with the same summary and verdict in full and summary-only mode", modes, "runs");
console.log(
  `   verdicts: ${verdicts.safe} safe, ${verdicts.unsafe} unsafe, ${verdicts.undecided} undecided; ${verdicts.incomplete} stopped at the ${BUDGET.toLocaleString("en-US")}-event budget (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);

// The hostile generator's accepted scenarios, as files hold them: within the budget, one summary in both modes.
const accepted = tally();
for (const input of fc.sample(hostileScenarios, { numRuns: 600, seed: SEED })) {
  const validation = validateScenario(JSON.parse(asFile(input)));
  if (!validation.ok) continue;
  const full = simulateResolved(structuredClone(validation.scenario), validation.warnings, { maxEvents: BUDGET });
  const quick = simulateResolved(structuredClone(validation.scenario), validation.warnings, {
    maxEvents: BUDGET,
    summaryOnly: true,
  });
  const same =
    JSON.stringify(quick.summary) === JSON.stringify(full.summary) &&
    JSON.stringify(quick.violations) === JSON.stringify(full.violations);
  if (same && full.events.length <= BUDGET) accepted.held++;
  else
    accepted.failed.push(
      `seed ${validation.scenario.seed}: ${full.summary.verdict} (full, ${full.events.length} events) vs ${quick.summary.verdict} (summary-only)`,
    );
}
report(
  "4c. accepted hostile scenarios within the budget, with one summary in both modes",
  accepted,
  "accepted hostile scenarios",
);

// The CLI's two modes on the presets: --scenario (seed as set) and --seeds 1 (seed 1) agree.
const cli = tally();
for (const preset of presets) {
  const one: Scenario = { ...preset.scenario, seed: 1 };
  const single = JSON.parse(runCli(["--scenario", "p.json"], () => JSON.stringify(one)).stdout) as {
    summary: { verdict: string; incomplete: unknown };
  };
  const sweep = JSON.parse(runCli(["--scenario", "p.json", "--seeds", "1"], () => JSON.stringify(one)).stdout) as {
    unsafeRuns: number;
    undecidedRuns: number;
    incompleteRuns: number;
  };
  const swept = sweep.unsafeRuns ? "unsafe" : sweep.undecidedRuns ? "undecided" : "safe";
  if (swept === single.summary.verdict && sweep.incompleteRuns > 0 === (single.summary.incomplete !== null)) cli.held++;
  else cli.failed.push(`${preset.id}: --scenario ${single.summary.verdict}, --seeds 1 ${swept}`);
}
report("4d. presets with the same verdict from --scenario and --seeds 1", cli, "presets");
