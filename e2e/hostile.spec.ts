/**
 * Hostile input from outside the app: a link whose scenario cannot fit in a run, a link longer
 * than the server's default header limit, small-looking links that ask for hundreds of thousands
 * of events, and saved progress that is JSON but not a save. Each gets a clear notice or runs off
 * the main thread, and nothing is lost, freezes or crashes.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { forecastEventLimit } from "@/lib/lab/eventLimit";
import { groupDigits, seconds } from "@/lib/sim/format";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { tryWithinMainThreadBudget } from "@/lib/workers/simRunner";
import { expectNoSeriousA11yViolations } from "./axe";
import { watchForErrors } from "./pageErrors";
import heavy from "./heavyScenarios.json" with { type: "json" };
import { openLab } from "./lab";

// A 141-byte scenario once took minutes to fail; on a loaded machine even its refusal takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

test("a 191-character link whose chaos cannot fit in a run opens the default scenario with the limit named, instead of crashing the tab", async ({ page }) => {
  const errors = watchForErrors(page);
  const tiny = {
    version: 1,
    durationMs: 3600000,
    service: { kind: "redis", ttlMs: 10000 },
    clients: { count: 64 },
    chaos: { pauseEveryMs: 1, pauseMs: [1, 1] },
  };
  const link = `/lab/?s=${base64url(tiny)}`;
  expect(link.length).toBe(5 + 191);
  await page.goto(link);
  const notice = page.getByRole("alert").filter({ hasText: "chaos.pauseEveryMs" });
  await expect(notice).toContainText("chaos.pauseEveryMs: a 1 ms pause every 1 ms for 3,600 s on 64 clients is about 230 million events; the limit is 500,000");
  await expect(outcome(page)).toContainText(/Safe|Unsafe/);
  expect(errors).toEqual([]);
});

test("a long link reaches the lab: one over the server's usual 16 KB opens, and one over the lab's limit gets the lab's own notice", async ({ page }) => {
  const errors = watchForErrors(page);
  const faults = Array.from({ length: 200 }, (_, i) => ({ kind: "delay", from: "c1", to: "storage", atMs: 1000 + i * 250, byMs: 500 + i }));
  const code = base64url({ version: 1, service: { kind: "redis", ttlMs: 10000 }, faults });
  expect(code.length).toBeGreaterThan(16 * 1024);
  const long = await page.goto(`/lab/?s=${code}`);
  expect(long?.status()).toBe(200);
  // The link's lab replaces the prerendered default one, and then its controls are enabled.
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeEnabled();
  await expect(outcome(page)).toContainText(/Safe|Unsafe/);
  await expect(page.getByRole("alert").filter({ hasText: "The link's scenario" })).toHaveCount(0);

  const tooLong = await page.goto(`/lab/?z=${"A".repeat(20_001)}`);
  expect(tooLong?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "the limit is 20,000" })).toContainText(
    "The link's scenario is 20,001 characters long; the limit is 20,000.",
  );
  expect(errors).toEqual([]);
});

/** How long the page takes to run a script: it waits for whatever task holds the main thread. */
async function mainThreadDelayMs(page: Page): Promise<number> {
  const asked = Date.now();
  await page.evaluate(() => document.title);
  return Date.now() - asked;
}

test("six small-looking links (one client, at most 800 s) never freeze the page: each runs in the worker while the page answers", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  for (const { name, scenario } of heavy) {
    await openLab(page, `?s=${base64url(scenario)}`);
    // Each of these once held the main thread for 7 to 42 s on this machine; a script now waits seconds at most, on a busy machine.
    for (let i = 0; i < 3; i++) expect(await mainThreadDelayMs(page), name).toBeLessThan(5_000);
  }
  // The shortest of them finishes in the worker, and its verdict shows.
  await openLab(page, `?s=${base64url(heavy.find((h) => h.name === "a cron job every 80 ms")!.scenario)}`);
  await expect(outcome(page)).toContainText(/Safe|Unsafe/, { timeout: 120_000 });
  expect(errors).toEqual([]);
});

/**
 * Makes every run in the lab's worker as slow as a very slow machine would: the worker's progress
 * reaches the page, its result never does. The engine finishes even these links in well under the
 * second after which the progress bar shows, so without this the test would race the engine.
 */
async function holdWorkerResults(page: Page) {
  await page.context().route(/\/workers\/sim\.js/, async (route) => {
    const script = await (await route.fetch()).text();
    const hold = `const post = self.postMessage.bind(self);
self.postMessage = (reply, transfer) => { if (reply?.kind !== "result") post(reply, transfer); };\n`;
    await route.fulfill({ contentType: "text/javascript", body: hold + script });
  });
}

test("a long run shows how far it has simulated and a Cancel button, and cancelling it opens the default scenario and says why", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  await holdWorkerResults(page);
  const link = `?s=${base64url(heavy[0]!.scenario)}`;
  const progress = outcome(page).getByRole("progressbar", { name: "Simulation progress" });
  await openLab(page, link);
  await expect(progress).toBeVisible();
  await expect(outcome(page)).toContainText(/\d+(\.\d)? s of 600 s simulated/);
  await expect.poll(async () => Number(await progress.getAttribute("value"))).toBeGreaterThan(0);
  await outcome(page).getByRole("button", { name: "Cancel the run" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The run was cancelled" })).toContainText(
    "There was no earlier run to keep, so the lab opened the default scenario.",
  );
  await expect(outcome(page)).toContainText(/Unsafe/);
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Outcome" })).toBeFocused();

  // The progress bar and its button pass axe while they are on show.
  await openLab(page, link);
  await expect(progress).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a run in progress");
  expect(errors).toEqual([]);
});

/** Makes the lab's worker silent: it runs, but neither its progress nor its result reaches the page. */
async function silenceWorker(page: Page) {
  await page.context().route(/\/workers\/sim\.js/, async (route) => {
    const script = await (await route.fetch()).text();
    await route.fulfill({ contentType: "text/javascript", body: `self.postMessage = () => {};\n${script}` });
  });
}

test("a run that will reach the event limit says so before the worker has simulated it, then stops there as foretold", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  // One client renewing a Redis lease every millisecond for 800 s.
  const scenario = heavy.find((h) => h.name === "Redis renewed every 1 ms")!.scenario as Scenario;
  const link = `?s=${base64url(scenario)}`;
  // What the lab will say, from the same engine: how far the main thread's try gets, and the run's own end.
  const attempt = tryWithinMainThreadBudget(scenario);
  if (!("start" in attempt)) throw new Error("the scenario fits the main thread's budget");
  const resolved = validateScenario(scenario);
  if (!resolved.ok) throw new Error(resolved.errors.join("; "));
  const forecast = forecastEventLimit(resolved.scenario, attempt.start)!;
  const stoppedAtMs = simulate(scenario, { summaryOnly: true }).summary.incomplete!.atMs;
  const headline = outcome(page).getByRole("status").filter({ hasText: "This run will probably stop at the simulator’s limit of 500,000 events." });

  // With the worker silent, everything the page says comes from the main thread's try.
  await silenceWorker(page);
  await openLab(page, link);
  await expect(headline).toBeVisible();
  await expect(outcome(page)).toContainText(
    `At its pace so far (${groupDigits(attempt.start.events)} events in its first ${seconds(attempt.start.reachedMs)}), the whole run would log about ${groupDigits(forecast.projectedEvents)} events: the limit would stop it near ${seconds(forecast.stopsNearMs)} of its 800 s`,
  );
  await expect(outcome(page).getByRole("button", { name: "Cancel the run" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a run foretold to reach the event limit");

  // With the worker heard, the run ends where it was foretold to, and says so in its outcome.
  await page.context().unrouteAll();
  await openLab(page, link);
  await expect(headline).toBeVisible();
  await expect(outcome(page)).toContainText(`stopped at the event limit at ${(stoppedAtMs / 1000).toFixed(1)} s`, { timeout: 120_000 });
  await expect(headline).toHaveCount(0);
  expect(Math.abs(forecast.stopsNearMs - stoppedAtMs) / stoppedAtMs).toBeLessThan(0.05);
  expect(errors).toEqual([]);
});

test("saved progress that is JSON but not a save is moved aside with a notice and a download", async ({ page }) => {
  await page.goto("/about/");
  await page.evaluate(() => localStorage.setItem("lease-lab:progress", "42"));
  await page.goto("/");
  const alert = page.getByRole("alert").filter({ hasText: "Your saved progress could not be read" });
  await expect(alert).toContainText("The reason: it holds the number 42, not saved progress.");
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("lease-lab:progress:damaged:"))
      .map((key) => localStorage.getItem(key)),
  );
  expect(kept).toEqual(["42"]);
  const download = page.waitForEvent("download");
  await alert.getByRole("button", { name: "Download the damaged copy" }).click();
  const file = await (await download).path();
  expect((await import("node:fs")).readFileSync(file, "utf8")).toBe("42");
  await expectNoSeriousA11yViolations(page, "progress that is not a save");
});
