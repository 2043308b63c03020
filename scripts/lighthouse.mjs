// Lighthouse (mobile profile, its default) over every kind of page of the built site (issue 19,
// item 3; issue 46): the home page, the lab, a lesson, a quiz, a drill, a deck, the challenges and
// a level, review and the room. It serves out/ with scripts/serve.mjs on a
// free port, drives the system's Chromium with the flags the e2e tests use, prints the four
// category scores per page, and stops both by their process. A measurement, not a test: the scores
// depend on how busy the machine is. Run `npm run build` first.
//   npm run -s lighthouse [-- /path/ ...]   (other pages instead of these)
//   npm run -s lighthouse -- --runs 5   (each page five times, then each page's median)
//   npm run -s lighthouse -- --tasks   (after each run, the tasks that count towards TBT: lighthouseTasks.mjs)
//   npm run -s lighthouse -- --cpu-slowdown 2   (a calibrated CPU slowdown instead of the default 4×)
// Lighthouse's 4× CPU slowdown assumes a high-end desktop (BenchmarkIndex 1500–2000); its
// throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") gives 2× (range 1–5) to
// emulate the same mid-tier phone from a low-end desktop (1000–1500). The table prints the
// BenchmarkIndex each run measured and the slowdown it used, so a reader can tell which it was.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { blockingTasks } from "./lighthouseTasks.mjs";

const mobileThrottling = throttling.mobileSlow4G;
const root = fileURLToPath(new URL("..", import.meta.url));
const { values: options, positionals: paths } = parseArgs({
  allowPositionals: true,
  options: {
    "cpu-slowdown": { type: "string" },
    runs: { type: "string", default: "1" },
    tasks: { type: "boolean", default: false },
  },
});
const cpuSlowdownMultiplier = options["cpu-slowdown"] === undefined ? undefined : Number(options["cpu-slowdown"]);
if (cpuSlowdownMultiplier !== undefined && !(cpuSlowdownMultiplier >= 1)) {
  console.error(
    `lighthouse: --cpu-slowdown needs a number of at least 1, not ${JSON.stringify(options["cpu-slowdown"])}`,
  );
  process.exit(2);
}
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`lighthouse: --runs needs a whole number of at least 1, not ${JSON.stringify(options.runs)}`);
  process.exit(2);
}
const pages = paths.length
  ? paths
  : [
      "/",
      "/lab/",
      "/learn/02-leases/",
      "/quiz/leases/",
      "/drill/design-a-safe-nightly-job/",
      "/present/the-fencing-token-story/",
      "/challenges/",
      "/challenges/redis-one-pause/",
      "/review/",
      "/room/",
    ];
const categories = ["performance", "accessibility", "best-practices", "seo"];
// The Chromium flags of scripts/chromium.mjs, plus headless. Not PLAYWRIGHT_CHROMIUM_ARGS: chrome-launcher
// disables features of its own, which a second --disable-features would replace.
const chromeFlags = ["--headless=new", ...CHROMIUM_ARGS];

if (!existsSync(`${root}out/index.html`)) {
  console.error("lighthouse: out/index.html is missing. Run `npm run build` first.");
  process.exit(1);
}

/** A port nothing listens on now: the OS picks one, and it is handed to the server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, server) {
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) throw new Error(`the static server exited with status ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the static server did not answer at ${url}`);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["scripts/serve.mjs"], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: "ignore",
});
const flags = { output: "json", logLevel: "error", onlyCategories: categories };
const config = cpuSlowdownMultiplier
  ? { extends: "lighthouse:default", settings: { throttling: { ...mobileThrottling, cpuSlowdownMultiplier } } }
  : undefined;
let chrome;
const rows = [];
try {
  await waitForServer(`${base}/`, server);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags });
  for (const path of pages) {
    const measured = [];
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouse(`${base}${path}`, { ...flags, port: chrome.port }, config);
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const figures = figuresOf(lhr);
      measured.push(figures);
      rows.push(rowOf(runs > 1 ? `${path} #${run}` : path, figures));
      console.error(`lighthouse: ${path}${runs > 1 ? ` run ${run} of ${runs}` : ""} done`);
      if (options.tasks) printTasks(path, result.artifacts.Trace.traceEvents, figures.slowdown);
    }
    if (runs > 1) rows.push(rowOf(`${path} median`, medianOf(measured)));
  }
} finally {
  await chrome?.kill();
  server.kill();
}

const table = [
  ["page", "perf", "a11y", "best", "seo", "FCP", "LCP", "TBT", "CLS", "bench", "cpu", "audits under 90"],
  ...rows,
];
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
for (const row of table)
  console.log(
    row
      .map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd(),
  );

/** What the table shows of one run: its scores (0–100, null where Lighthouse gives none) and figures. */
function figuresOf(lhr) {
  return {
    scores: categories.map((id) => (lhr.categories[id].score === null ? null : lhr.categories[id].score * 100)),
    fcpMs: lhr.audits["first-contentful-paint"].numericValue,
    lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
    tbtMs: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    failing: Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "manual",
      )
      .map((audit) => audit.id),
  };
}

/** Each figure's median over the runs (each on its own, so the row need not be one run's); no audit list. */
function medianOf(runs) {
  const median = (values) => {
    const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
    if (!sorted.length) return null;
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const of = (key) => median(runs.map((r) => r[key]));
  return {
    scores: categories.map((_, i) => median(runs.map((r) => r.scores[i]))),
    fcpMs: of("fcpMs"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    benchmarkIndex: of("benchmarkIndex"),
    slowdown: runs[0].slowdown,
    failing: [],
  };
}

function rowOf(label, f) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  return [
    label,
    ...f.scores.map((score) => (score === null ? "–" : String(Math.round(score)))),
    seconds(f.fcpMs),
    seconds(f.lcpMs),
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
    String(Math.round(f.benchmarkIndex)),
    `${f.slowdown}×`,
    f.failing.join(" "),
  ];
}

function printTasks(path, traceEvents, slowdown) {
  const { tasks, blockingMs } = blockingTasks(traceEvents, slowdown);
  console.error(
    `  ${path}: tasks over ${50 / slowdown} ms after the first paint (${Math.round(blockingMs)} ms blocking at ${slowdown}×, as recorded):`,
  );
  for (const t of tasks) {
    const spent = t.spentIn.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(", ");
    console.error(
      `    +${Math.round(t.afterFcpMs)} ms: ${t.ms.toFixed(1)} ms, blocks ${Math.round(t.blockingMs)} ms (${spent})`,
    );
  }
}
