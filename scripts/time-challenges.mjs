/**
 * Times the exhaustive check of every shipped level's world in Chromium, against the built site:
 * for each defend level its starting design and its reference design, and for a break level with a
 * world (one the finder confirms cannot be won) that world. Reports the wall-clock time from the
 * button to the result, the schedules checked, and the main thread's longest task meanwhile.
 * A measurement, not a test:
 *   node scripts/serve.mjs &  (PORT=…)   then   node scripts/time-challenges.mjs http://127.0.0.1:PORT
 */
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { parse } from "yaml";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const folder = "content/challenges";
const levels = readdirSync(folder)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => ({ slug: f.replace(/\.yaml$/, ""), ...parse(readFileSync(`${folder}/${f}`, "utf8")) }))
  .sort((a, b) => a.order - b.order);
const code = (solution) => Buffer.from(JSON.stringify(solution)).toString("base64url");

const jobs = [];
for (const level of levels) {
  if (level.mode === "defend") {
    jobs.push({
      name: `${level.slug} (starting design)`,
      url: `/challenges/${level.slug}/`,
      button: "Check every schedule",
    });
    jobs.push({
      name: `${level.slug} (reference design)`,
      url: `/challenges/${level.slug}/?solution=${code({ design: level.defend.solution })}`,
      button: "Check every schedule",
    });
  } else if (level.break.world) {
    jobs.push({ name: level.slug, url: `/challenges/${level.slug}/`, button: "Ask the finder to try every schedule" });
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
let slowest = 0;
for (const job of jobs) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}${job.url}`);
  const check = page.getByRole("region", { name: "The exhaustive check" });
  const button = check.getByRole("button", { name: job.button });
  // The level is drawn in the page's HTML with its controls disabled until it has come to life.
  await page.waitForFunction(
    (name) => [...document.querySelectorAll("button")].some((b) => b.textContent === name && !b.matches(":disabled")),
    job.button,
  );
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  const started = Date.now();
  await button.click();
  const status = check.getByRole("status").filter({ hasText: /schedules? of ≤|Stopped after|stopped with an error/ });
  await status.waitFor({ timeout: 120_000 });
  const wall = Date.now() - started;
  slowest = Math.max(slowest, wall);
  const longest = await page.evaluate(() => window.__longest);
  console.log(
    `${job.name}: ${(wall / 1000).toFixed(2)} s; "${(await status.textContent()).trim()}"; longest main-thread task ${Math.round(longest)} ms`,
  );
  await page.close();
}
console.log(`${jobs.length} checks; slowest ${(slowest / 1000).toFixed(2)} s`);
await browser.close();
