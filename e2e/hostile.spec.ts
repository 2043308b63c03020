/**
 * Hostile input from outside the app: a link whose scenario cannot fit in a run, a link longer
 * than the server's default header limit, small-looking links that ask for hundreds of thousands
 * of events, and saved progress that is JSON but not a save. Each gets a clear notice or runs off
 * the main thread, and nothing is lost, freezes or crashes.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { forecastEventLimit } from "@/lib/workers/eventLimit";
import { groupDigits, seconds } from "@/lib/sim/format";
import { validateScenario, type Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { incompleteText } from "@/lib/readers/summaryText";
import { tryWithinMainThreadBudget } from "@/lib/workers/simRunner";
import { expectNoSeriousA11yViolations } from "./axe";
import { watchForErrors } from "./pageErrors";
import heavy from "./heavyScenarios.json" with { type: "json" };
import { openLab } from "./lab";

// A 141-byte scenario once took minutes to fail; on a loaded machine even its refusal takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });
const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

test("a 191-character link whose chaos cannot fit in a run opens the default scenario with the limit named, instead of crashing the tab", async ({
  page,
}) => {
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
  await expect(notice).toContainText(
    "chaos.pauseEveryMs: a 1 ms pause every 1 ms for 3,600 s on 64 clients is about 230 million events; the limit is 500,000",
  );
  await expect(outcome(page)).toContainText(/Safe|Unsafe/);
  expect(errors).toEqual([]);
});

test("a long link reaches the lab: one over the server's usual 16 KB opens, and one over the lab's limit gets the lab's own notice", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const faults = Array.from({ length: 200 }, (_, i) => ({
    kind: "delay",
    from: "c1",
    to: "storage",
    atMs: 1000 + i * 250,
    byMs: 500 + i,
  }));
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

test("six small-looking links (one client, at most 800 s) never freeze the page: each runs in the worker while the page answers", async ({
  page,
}) => {
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
 * Makes every run in the lab's worker as slow as a very slow machine would: its result never
 * reaches the page, and with "progress too" neither does its progress, so all the page says comes
 * from the main thread. The engine finishes even these links in well under the second after which
 * the progress bar shows, so without this the test would race the engine.
 */
async function holdWorker(page: Page, held: "result" | "progress too" = "result") {
  const passes = held === "result" ? `reply?.kind !== "result"` : "false";
  await page.context().route(/\/workers\/sim\.js/, async (route) => {
    const script = await (await route.fetch()).text();
    const hold = `const post = self.postMessage.bind(self);
self.postMessage = (reply, transfer) => { if (${passes}) post(reply, transfer); };\n`;
    await route.fulfill({ contentType: "text/javascript", body: hold + script });
  });
}

test("a long run shows how far it has simulated and a Cancel button, and cancelling it opens the default scenario and says why", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  await holdWorker(page);
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

/**
 * Records in the page, from its first node on, each change in whether the outcome says
 * "Simulating…" and whether it shows the progress bar (read back by progressShown).
 */
async function recordProgressShown(page: Page) {
  await page.addInitScript(() => {
    const seen: { simulating: boolean; bar: boolean }[] = [];
    (window as unknown as { progressShown: typeof seen }).progressShown = seen;
    new MutationObserver(() => {
      const outcome = [...document.querySelectorAll("section")].find(
        (section) => section.querySelector("h2")?.textContent === "Outcome",
      );
      if (!outcome) return;
      const now = {
        simulating: outcome.textContent?.includes("Simulating…") ?? false,
        bar: outcome.querySelector("progress") !== null,
      };
      const last = seen.at(-1);
      if (!last || last.simulating !== now.simulating || last.bar !== now.bar) seen.push(now);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const progressShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressShown: { simulating: boolean; bar: boolean }[] }).progressShown);

/** A heavy link's scenario, by name. */
const heavyScenario = (name: string) => heavy.find((h) => h.name === name)!.scenario as Scenario;

test("a run that will reach the event limit says so at once, before the worker has simulated it, and stops there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  // One client renewing a Redis lease every millisecond for 800 s.
  const scenario = heavyScenario("Redis renewed every 1 ms");
  const link = `?s=${base64url(scenario)}`;
  // What the lab will say, from the same engine: how far the main thread's try gets, and the run's own end.
  const attempt = tryWithinMainThreadBudget(scenario);
  if (!("start" in attempt)) throw new Error("the scenario fits the main thread's budget");
  const resolved = validateScenario(scenario);
  if (!resolved.ok) throw new Error(resolved.errors.join("; "));
  const forecast = forecastEventLimit(resolved.scenario, attempt.start)!;
  const progress = outcome(page).getByRole("progressbar", { name: "Simulation progress" });

  // The worker says nothing, so all the page says comes from the main thread's try. The progress
  // bar, which otherwise waits a second, shows with "Simulating…" from the first: the page records
  // each change of the two.
  await holdWorker(page, "progress too");
  await recordProgressShown(page);
  await openLab(page, link);
  await expect(outcome(page).getByRole("status")).toContainText(
    "This run will probably stop at the simulator’s limit of 500,000 events.",
  );
  await expect(outcome(page)).toContainText(
    `At its pace so far (${groupDigits(attempt.start.events)} events in its first ${seconds(attempt.start.reachedMs)}), the whole run would log about ${groupDigits(forecast.projectedEvents)} events: the limit would stop it near ${seconds(forecast.stopsNearMs)} of its 800 s`,
  );
  await expect(progress).toBeVisible();
  await expect(outcome(page).getByRole("button", { name: "Cancel the run" })).toBeVisible();
  expect(await progressShown(page)).not.toContainEqual({ simulating: true, bar: false });
  await expectNoSeriousA11yViolations(page, "a run foretold to reach the event limit");

  // A heavy run that stays within the limit is not foretold: its progress bar waits for the second.
  await openLab(page, `?s=${base64url(heavyScenario("Chubby with a 1 ms lease"))}`);
  await expect(progress).toBeVisible();
  expect(await progressShown(page)).toContainEqual({ simulating: true, bar: false });
  await expect(outcome(page)).not.toContainText("the simulator’s limit");

  // With the worker heard, the run ends at the limit, and its outcome says where.
  await page.context().unrouteAll();
  await openLab(page, link);
  await expect(outcome(page).getByRole("status")).toContainText(
    incompleteText(simulate(scenario, { summaryOnly: true }).summary)!,
    { timeout: 120_000 },
  );
  await expect(outcome(page)).not.toContainText("the simulator’s limit");
  expect(errors).toEqual([]);
});

test("a forecast that a later report from the worker withdraws says so", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  // Renewing every millisecond, as above, but for ten jobs of 20 s: foretold from the first 7 s,
  // withdrawn once the first job is done and the cost of a job is known (142,831 events in all).
  const tenJobs: Scenario = {
    ...heavyScenario("Redis renewed every 1 ms"),
    clients: { count: 1, renewEveryMs: 1, workMs: 20_000 },
    workload: { kind: "counter", jobsPerClient: 10 },
  };
  await holdWorker(page);
  await openLab(page, `?s=${base64url(tenJobs)}`);
  // Only a run that was foretold can have its forecast withdrawn.
  const status = outcome(page).getByRole("status");
  await expect(status).toContainText(
    "Earlier, this run looked set to stop at the simulator’s limit of 500,000 events; now it will probably finish within it.",
  );
  await expect(outcome(page)).not.toContainText("At its pace so far");
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
