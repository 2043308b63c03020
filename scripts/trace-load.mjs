/**
 * Where a page's load spends its main thread: loads one page of the built site in Chromium as a
 * mid-range phone (412 × 823, the CPU slowed 4× as Lighthouse's mobile profile assumes), traces
 * it, and lists each task over 50 ms (the ones Total Blocking Time counts) with the functions its
 * CPU samples fell in, mapped back to the sources. A measurement, not a test:
 *   SOURCE_MAPS=1 npm run build   (source maps beside the scripts; the site is otherwise the same)
 *   node scripts/serve.mjs &  (PORT=…)   then   node scripts/trace-load.mjs http://127.0.0.1:PORT/lab/ [seconds]
 * Without the maps it still runs, naming the built chunks instead of sources.
 */
import { chromium } from "@playwright/test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./chromium.mjs";

const [url, seconds = "9"] = process.argv.slice(2);
if (!url || !(Number(seconds) > 0)) {
  console.error(
    "usage: node scripts/trace-load.mjs http://127.0.0.1:PORT/path/ [seconds to trace after the load event]",
  );
  process.exit(2);
}
const out = fileURLToPath(new URL("../out", import.meta.url));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
  serviceWorkers: "block",
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
const events = [];
cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
await cdp.send("Tracing.start", {
  categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler",
  transferMode: "ReportEvents",
});
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(Number(seconds) * 1000);
await cdp.send("Tracing.end");
await complete;
await browser.close();

// The page's renderer main thread (a worker's thread has a profile too).
const mainThreads = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
const profile = events.find((e) => e.name === "Profile" && mainThreads.some((t) => t.pid === e.pid && t.tid === e.tid));
const mainThread = (e) => e.pid === profile.pid && e.tid === profile.tid;
const tasks = events
  .filter((e) => mainThread(e) && e.name === "RunTask" && e.ph === "X" && e.dur > 50_000)
  .sort((a, b) => a.ts - b.ts);
const nodes = new Map();
const samples = [];
let sampledAt = profile.args.data.startTime;
// The profile's samples come in chunks, logged from the sampling thread under the profile's id.
for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.pid === profile.pid && e.id === profile.id)) {
  const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
  (cpuProfile.samples ?? []).forEach((id, i) => samples.push({ at: (sampledAt += timeDeltas[i]), id }));
}

// A script's source map is named by its sourceMappingURL comment (Turbopack renames chunks after hashing).
const maps = new Map();
function mapOf(scriptUrl) {
  if (!maps.has(scriptUrl)) {
    let map = null;
    const file = `${out}${new URL(scriptUrl).pathname}`;
    if (existsSync(file) && statSync(file).isFile()) {
      const name = /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, "utf8"))?.[1];
      const mapFile = name && `${file.slice(0, file.lastIndexOf("/") + 1)}${name}`;
      if (mapFile && existsSync(mapFile)) map = new TraceMap(readFileSync(mapFile, "utf8"));
    }
    maps.set(scriptUrl, map);
  }
  return maps.get(scriptUrl);
}
function where({ functionName, url: scriptUrl = "", lineNumber, columnNumber }) {
  const map = scriptUrl.startsWith("http") ? mapOf(scriptUrl) : null;
  if (!map) return `${functionName || "(anonymous)"} ${scriptUrl.split("/").pop()}`.trim();
  const at = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const source = (at.source ?? "?").replace(/^.*node_modules\//, "").replace(/^turbopack:\/\/\/\[project\]\//, "");
  return `${at.name ?? (functionName || "(anonymous)")} ${source}:${at.line}`;
}

const first = tasks[0]?.ts ?? 0;
let blocking = 0;
for (const task of tasks) {
  blocking += task.dur / 1000 - 50;
  const self = new Map();
  let count = 0;
  for (const { at, id } of samples) {
    if (at < task.ts || at > task.ts + task.dur) continue;
    count++;
    const key = where(nodes.get(id).callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `\n+${((task.ts - first) / 1000).toFixed(0)} ms: a ${(task.dur / 1000).toFixed(0)} ms task; its samples' own time:`,
  );
  for (const [key, n] of top) console.log(`  ${((100 * n) / Math.max(1, count)).toFixed(0).padStart(3)}%  ${key}`);
}
console.log(
  `\n${tasks.length} tasks over 50 ms; their time over 50 ms adds up to ${blocking.toFixed(0)} ms (at 4× slower, as traced, not Lighthouse's simulation).`,
);
