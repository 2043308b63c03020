/**
 * Times the failure map in Chromium: 40 × 40 cells × 20 seeds of the default 5-client scenario
 * (chaos-default, Lease TTL × Pause length), from the click on "Draw the map" to the moment the
 * status says every cell is done (both read off the page's clock), against the
 * built site, twice in each page: the first map on new workers, then the same map again on the
 * workers the first left waiting. Also reports the main thread's longest task and its busy time
 * meanwhile (is the page responsive, and how much CPU does drawing take from the workers?).
 * Filling the form in starts the map's workers warming up (lib/workers/mapRunner.ts); a visitor
 * takes a moment over the axes before drawing, and `--setting-up MS` waits that long between the
 * last field and the click (by default the click follows at once).
 * A measurement, not a test:
 *   node scripts/serve.mjs &  (PORT=…)   then   node scripts/time-failure-map.mjs http://127.0.0.1:PORT [runs] [--setting-up MS]
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./chromium.mjs";

const args = process.argv.slice(2);
const settingUpAt = args.indexOf("--setting-up");
const settingUpMs = settingUpAt >= 0 ? Number(args.splice(settingUpAt, 2)[1]) : 0;
if (!(settingUpMs >= 0)) {
  console.error("time-failure-map: --setting-up needs a number of milliseconds");
  process.exit(2);
}
const base = args[0] ?? "http://127.0.0.1:3000";
const runs = Number(args[1] ?? 3);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
const times = { "first map": [], "map again": [] };
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/lab/?preset=chaos-default`);
  const explore = page.getByRole("region", { name: "Explore this scenario" });
  await explore.getByRole("group", { name: "Across (horizontal axis)" }).getByLabel("Columns").fill("40");
  await explore.getByRole("group", { name: "Up (vertical axis)" }).getByLabel("Rows").fill("40");
  await explore.getByLabel("Seeds per cell").fill("20");
  await page.waitForTimeout(settingUpMs);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const busy = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value;
  const status = explore.getByRole("status").filter({ hasText: "cells (" });
  for (const which of ["first map", "map again"]) {
    // The click and the moment the status says every cell is done, as the page's clock reads them:
    // a mutation observer notes the second as it happens, so the wait below can check rarely.
    await page.evaluate(() => {
      const allDone = () =>
        [...document.querySelectorAll('[role="status"]')].some((e) => /^All 1,600 cells/.test(e.textContent ?? ""));
      window.__longest = 0;
      window.__clickedAt = null;
      window.__doneAt = null;
      addEventListener("click", () => (window.__clickedAt ??= performance.now()), { capture: true, once: true });
      // The previous map's "All … cells" stays until the click has started the new one.
      let started = false;
      const observer = new MutationObserver(() => {
        if (window.__clickedAt === null) return;
        if (!allDone()) started = true;
        else if (started) {
          window.__doneAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const busyBefore = await busy();
    await explore.getByRole("button", { name: "Draw the map" }).click();
    // Checked twice a second in the page itself: a locator's wait runs its role queries over the whole
    // page many times a second, main-thread work that would be counted here as the map's.
    await page.waitForFunction(() => window.__doneAt !== null, null, { polling: 500, timeout: 120_000 });
    const wall = await page.evaluate(() => window.__doneAt - window.__clickedAt);
    const reported = await status.textContent();
    const longest = await page.evaluate(() => window.__longest);
    const mainBusy = (await busy()) - busyBefore;
    times[which].push(wall);
    console.log(
      `run ${i + 1}, ${which}: ${(wall / 1000).toFixed(2)} s wall clock; the page says "${reported}"; ${cores} cores reported; longest main-thread task ${Math.round(longest)} ms; main thread busy ${mainBusy.toFixed(1)} s in all`,
    );
  }
  await page.close();
}
for (const [which, list] of Object.entries(times))
  console.log(
    `${which}: best ${(Math.min(...list) / 1000).toFixed(2)} s, median ${(list.sort((a, b) => a - b)[Math.floor(list.length / 2)] / 1000).toFixed(2)} s`,
  );
await browser.close();
