/**
 * The links issue 53 found freezing the lab, opened in Chromium against the built site: for each,
 * the main thread's longest task from navigation until the page has settled (the run drawn or a
 * notice shown), and the JS heap then. A measurement, not a test:
 *   PORT=3600 node scripts/serve.mjs &   then   node scripts/time-hostile-links.mjs http://127.0.0.1:3600 [--cpu 4]
 */
import { chromium } from "@playwright/test";
import lz from "lz-string";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const cpu = process.argv.includes("--cpu") ? Number(process.argv[process.argv.indexOf("--cpu") + 1]) : 1;
const z = (scenario) => lz.compressToEncodedURIComponent(JSON.stringify(scenario));

const partitions = {
  version: 1,
  durationMs: 3_600_000,
  service: { kind: "redis", ttlMs: 10_000 },
  clients: { count: 64 },
  faults: Array.from({ length: 1000 }, (_, i) => ({
    kind: "partition",
    between: [`c${(i % 64) + 1}`, "redis"],
    atMs: i * 3000,
    forMs: 1000,
  })),
};
const lockless = {
  version: 1,
  service: { kind: "none" },
  clients: { count: 64 },
  workload: { kind: "counter", jobsPerClient: 10_000 },
};
const clocks = {
  version: 1,
  service: { kind: "redis", ttlMs: 10_000 },
  clients: { count: 64 },
  clocks: { per: Object.fromEntries(Array.from({ length: 5500 }, (_, i) => [`x${i}`, { offsetMs: 1 }])) },
};
const links = [
  { name: "gc-pause preset (reference)", url: "/lab/?preset=gc-pause" },
  { name: "1,000 partitions, 64 clients, an hour", url: `/lab/?z=${z(partitions)}` },
  { name: "64 × 10,000 jobs without a lock, twin on Redis", url: `/lab/?z=${z(lockless)}&compare=service.redis` },
  { name: "5,500 unknown clocks.per keys", url: `/lab/?z=${z(clocks)}` },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
for (const link of links) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  if (cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await page.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const started = Date.now();
  await page.goto(`${base}${link.url}`);
  // Settled: the lab is live (its scenario picker enabled) and nothing says it is still simulating.
  await page.getByRole("combobox", { name: "Scenario" }).waitFor({ state: "visible", timeout: 120_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector("select[aria-label='Scenario']:disabled, #scenario:disabled") &&
      !/Simulating/.test(document.body.innerText),
    null,
    { timeout: 180_000, polling: 250 },
  );
  const longest = await page.evaluate(() => window.__longest);
  const heap = await cdp.send("Runtime.getHeapUsage");
  console.log(
    `${link.name}: longest main-thread task ${Math.round(longest)} ms; settled in ${((Date.now() - started) / 1000).toFixed(1)} s; heap ${Math.round(heap.usedSize / 1e6)} MB`,
  );
  await page.close();
}
await browser.close();
