/**
 * How long the lab blocks the main thread on the six small-looking links that once froze it
 * (e2e/heavyScenarios.json): each link is opened in Chromium with a PerformanceObserver for long
 * tasks (over 50 ms) from the first script on, until the outcome shows a verdict, and the script
 * prints the total and the longest block per link. Not part of npm test: it takes a minute or
 * more. Usage: `npm run -s audit:main-thread -- [site directory, default out/]`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { MAX_HEADER_SIZE, requireBuild, staticHandler } from "../staticSite.mjs";
import heavy from "../../e2e/heavyScenarios.json" with { type: "json" };

const site = resolve(process.argv[2] ?? "out");
await requireBuild(site);
const server = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, staticHandler(site));
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });

console.log(`site: ${site}`);
console.log("link\tlong tasks\ttotal blocked ms\tlongest ms\tverdict after s");
try {
  for (const { name, scenario } of heavy) {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({
        type: "longtask",
        buffered: true,
      });
    });
    const started = Date.now();
    await page.goto(`${base}/lab/?s=${Buffer.from(JSON.stringify(scenario)).toString("base64url")}`);
    const status = page.getByRole("region", { name: "Outcome" }).getByRole("status").first();
    await status.filter({ hasNotText: "Simulating" }).filter({ hasText: /\w/ }).waitFor({ timeout: 180_000 });
    const verdictAfter = (Date.now() - started) / 1000;
    await page.waitForTimeout(1000);
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const total = tasks.reduce((sum, t) => sum + t, 0);
    console.log(
      `${name}\t${tasks.length}\t${Math.round(total)}\t${Math.round(Math.max(0, ...tasks))}\t${verdictAfter.toFixed(1)}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
