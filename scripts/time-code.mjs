/**
 * Times the /code pages in Chromium against the built site (issue 52's speed goals): Runs of a
 * level's reference solution (button to the run's status; the first loads the timeline's code;
 * back to back, the next worker is still loading; 2 s apart, as a learner reads a run, it is warm), and a Check of each level's world with
 * its reference solution in the sandbox (button to the verdict, with the schedules it ran), and the
 * main thread's longest task meanwhile. A measurement, not a test:
 *   PORT=… node scripts/serve.mjs &   then   node scripts/time-code.mjs http://127.0.0.1:PORT
 * First-load JS of the /code pages: `npm run -s budget`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import lz from "lz-string";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const folder = "content/code";
const levels = readdirSync(folder)
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => {
    const text = readFileSync(`${folder}/${f}`, "utf8");
    const solution = /## Solution\s+```js\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
    return { slug: f.replace(/^\d+-/, "").replace(/\.md$/, ""), solution, interview: /^interview:/m.test(text) };
  });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
for (const level of levels) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/code/${level.slug}/?code=${lz.compressToEncodedURIComponent(level.solution)}`);
  await page.getByRole("textbox", { name: "Your lock client's code" }).waitFor();
  // The sandbox's worker loads as the page settles: a Run is timed once it is waiting.
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  const timeUntil = (button, pattern) =>
    page.evaluate(
      ([name, source]) =>
        new Promise((resolve) => {
          const wanted = new RegExp(source);
          const started = performance.now();
          const seen = () =>
            [...document.querySelectorAll("[role=status], h2")].some((el) => wanted.test(el.textContent ?? ""));
          new MutationObserver((_, observer) => {
            if (!seen()) return;
            observer.disconnect();
            resolve(performance.now() - started);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
          [...document.querySelectorAll("button")].find((b) => b.textContent === name).click();
        }),
      [button, pattern.source],
    );
  const run = await timeUntil("Run", /Run shown on the timeline/);
  const runs = [];
  const settled = [];
  for (let i = 0; i < 3; i++) runs.push(await timeUntil("Run", /Run shown on the timeline/));
  // As a learner presses Run: after reading the last one, by which time the next worker is loaded and warm.
  for (let i = 0; i < 3; i++) {
    await page.waitForTimeout(2000);
    settled.push(await timeUntil("Run", /Run shown on the timeline/));
  }
  const button = level.interview ? "Submit" : "Check every schedule";
  const check = await timeUntil(button, /^(Safe and live on all|Breaks on|Stopped after|Pass|Fail)/);
  const verdict = await page.evaluate(() => document.querySelector("#verdict-heading")?.textContent);
  const detail = await page.evaluate(() => document.querySelector("#verdict-heading")?.nextElementSibling?.textContent);
  const longest = await page.evaluate(() => window.__longest);
  console.log(
    `${level.slug}: first Run ${Math.round(run)} ms, back-to-back Runs ${runs.map(Math.round).join(", ")} ms, Runs 2 s apart ${settled.map(Math.round).join(", ")} ms; ${button} ${(check / 1000).toFixed(2)} s ("${verdict}"${level.interview ? `, ${detail}` : ""}); longest main-thread task ${Math.round(longest)} ms`,
  );
  await page.close();
}
await browser.close();
