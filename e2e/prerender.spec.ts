import { expect, test, type Page } from "@playwright/test";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import type { LessonPredict, LessonSim } from "@/lib/content/lessonTypes";
import { presetById } from "@/lib/scenario/presets";
import { verdictOf } from "@/lib/readers/summaryText";
import { simulate } from "@/lib/sim";
import { watchForErrors } from "./pageErrors";

// The lab's HTML carries its default run, simulated and drawn when the site was built, so the page
// shows it before (and without) any script.
test("without JavaScript the lab shows its default run, drawn, and says that playing needs JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/lab/");
  await expect(page.getByRole("heading", { name: "The lab", level: 1 })).toBeVisible();
  // Playwright's text selectors skip <noscript>, whose content is what a browser without scripts shows.
  expect(await page.locator("noscript").innerHTML()).toContain(
    "Playing it, changing it and opening other scenarios need JavaScript.",
  );
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
  await expect(
    timeline.getByRole("button", { name: /^c1 write at 17\.0 s: accepted after its lease ended/ }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("1 update lost");
  // Its controls cannot be used, and say so by being disabled.
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeDisabled();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeDisabled();
  await context.close();
});

test("with JavaScript the lab from a link replaces the prerendered one and can be used", async ({ page }) => {
  await page.goto("/lab/?preset=gc-pause-fenced");
  const scenario = page.getByRole("combobox", { name: "Scenario" });
  await expect(scenario).toBeEnabled();
  await expect(scenario).toHaveValue("gc-pause-fenced");
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("Safe");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
});

/** Holds the live page's own chunk (every chunk the HTML at `path` does not name) until `release` is called. */
async function holdLabChunk(page: Page, path = "/lab/") {
  const html = await (await page.request.get(path)).text();
  const named = new Set(html.match(/\/_next\/static\/chunks\/[^"\\]+?\.(?:js|css)/g));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/_next/static/chunks/**", async (route) => {
    if (!named.has(new URL(route.request().url()).pathname)) {
      held++;
      await released;
    }
    await route.continue();
  });
  return { release, held: () => held };
}

test("after hydration the drawn lab stays disabled until the live lab has taken its place, so a click on it is not lost", async ({
  page,
}) => {
  // Every script and stylesheet the page's HTML names loads; the lab's own chunk, loaded after the
  // page has hydrated, is held until the test lets it through.
  const chunk = await holdLabChunk(page);
  // Not waiting for the load event, which waits for the held chunk.
  await page.goto("/lab/", { waitUntil: "domcontentloaded" });
  // The page has hydrated once its theme toggle works.
  const html0 = page.locator("html");
  const before = await html0.getAttribute("data-theme");
  await expect(async () => {
    await page.getByRole("button", { name: /theme/i }).click();
    expect(await html0.getAttribute("data-theme")).not.toBe(before);
  }).toPass();
  // The page asks for the lab's chunk once it has read its link, which can come after the toggle works.
  await expect.poll(chunk.held).toBeGreaterThan(0);
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeDisabled();
  chunk.release();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeEnabled();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
});

// The drawn run is the default scenario's (gc-pause: unsafe, an update lost); a link to the fenced
// run must never show that verdict under its name, even for the seconds the live lab takes to load
// on a slow phone.
test("a lab opened on a link never shows the drawn default run's verdict while the linked scenario opens", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const chunk = await holdLabChunk(page);
  await page.goto("/lab/?preset=gc-pause-fenced", { waitUntil: "domcontentloaded" });
  await expect.poll(chunk.held).toBeGreaterThan(0);
  // The drawn lab is still in the page, unseen and unheard: its verdict, its story and its timeline's stale write.
  await expect(page.getByRole("region", { name: "Outcome", includeHidden: true })).toHaveCount(1);
  const outcome = page.getByRole("region", { name: "Outcome" });
  await expect(outcome).toBeHidden();
  const told = await page.getByText("1 update lost").all();
  expect(told.length).toBeGreaterThan(0);
  for (const sentence of told) await expect(sentence).toBeHidden();
  await expect(page.getByRole("button", { name: /^c1 write at 17\.0 s: accepted after its lease ended/ })).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Opening the linked scenario…" })).toBeVisible();
  chunk.release();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause-fenced");
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText("Safe");
  await expect(page.getByRole("status").filter({ hasText: "Opening the linked scenario…" })).toBeHidden();
  expect(errors).toEqual([]);
});

// A level's page draws the level as it opens, unsolved; a shared solution's link opens it solved.
test("a challenge level opened on a shared solution never shows the drawn, unsolved level while the solution opens", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const chunk = await holdLabChunk(page, "/challenges/redis-one-pause/");
  const solution = Buffer.from(
    JSON.stringify({ faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 8000 }] }),
  ).toString("base64url");
  await page.goto(`/challenges/redis-one-pause/?solution=${solution}`, { waitUntil: "domcontentloaded" });
  await expect.poll(chunk.held).toBeGreaterThan(0);
  // The drawn level is in the page, unseen: its goal and its heading.
  await expect(page.getByRole("region", { name: "Goal", includeHidden: true })).toHaveCount(1);
  const goal = page.getByRole("region", { name: "Goal" });
  await expect(goal).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Opening the shared solution…" })).toBeVisible();
  chunk.release();
  await expect(goal.getByRole("status").first()).toContainText("Solved with 1 fault and 8 s of pauses", {
    timeout: 30_000,
  });
  await expect(page.getByRole("status").filter({ hasText: "Opening the shared solution…" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("a challenge level opened with no solution shows its drawn level at once, with no hold", async ({ page }) => {
  const chunk = await holdLabChunk(page, "/challenges/redis-one-pause/");
  await page.goto("/challenges/redis-one-pause/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("region", { name: "Goal" })).toBeVisible();
  await expect(page.getByText("Opening the shared solution…")).toBeHidden();
  chunk.release();
});

test("the lab opened with no link shows its drawn run at once, with no hold", async ({ page }) => {
  const chunk = await holdLabChunk(page);
  await page.goto("/lab/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("1 update lost");
  await expect(page.getByText("Opening the linked scenario…")).toBeHidden();
  chunk.release();
});

// The default lab is hydrated where it was drawn, not drawn again: the nodes the page painted from
// its HTML are the ones the live lab uses, and hydration found nothing that differs (a mismatch
// is an error React reports, and it then replaces the whole island).
test("with JavaScript the default lab comes to life in the drawn HTML itself, with no error", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/lab/", { waitUntil: "domcontentloaded" });
  const marked = await page.evaluate(() => {
    const nodes = [
      document.querySelector("#timeline"),
      document.querySelector("#main h1"),
      document.querySelector("#main select"),
    ];
    (window as unknown as { drawn: (Element | null)[] }).drawn = nodes;
    return nodes.every(Boolean);
  });
  expect(marked).toBe(true);
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeEnabled();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  const kept = await page.evaluate(() => {
    const [timeline, heading, picker] = (window as unknown as { drawn: Element[] }).drawn;
    return [
      timeline === document.querySelector("#timeline"),
      heading === document.querySelector("#main h1"),
      picker === document.querySelector("#main select"),
    ];
  });
  expect(kept).toEqual([true, true, true]);
  expect(errors).toEqual([]);
});

// The HTML draws the timeline at a laptop's width; on a phone the live lab draws it again at the
// phone's, as a new drawing rendered in slices (useElementWidth), with nothing lost from it; the
// old drawing is hidden, then removed (TimelineSvg).
test("on a phone the live lab draws the default run again at the phone's width, and its marks can still be reached", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/lab/");
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeEnabled();
  const timeline = page.getByRole("region", { name: "Timeline" });
  const diagram = timeline.getByRole("group", { name: "Space-time diagram" });
  const fits = () =>
    diagram.evaluate(
      (svg) => Number(svg.getAttribute("width")) === Math.floor(svg.parentElement!.getBoundingClientRect().width),
    );
  await expect.poll(fits).toBe(true);
  expect(Number(await diagram.getAttribute("width"))).toBeLessThan(880);
  // One drawing: the one the HTML drew at 880 px is removed once the new one shows, not kept hidden.
  await expect(diagram.locator(":scope > g")).toHaveCount(1);
  const write = timeline.getByRole("button", { name: /^c1 write at 17\.0 s: accepted after its lease ended/ });
  await write.focus();
  await expect(write).toBeFocused();
  expect(errors).toEqual([]);
});

// A lesson's runs are in its HTML too: each simulated and drawn when the site was built. The
// figures the test expects come from the same runs, simulated here.
const { lessons } = lessonContentLoad();
const leases = lessons.find((lesson) => lesson.slug === "02-leases")!;
/** Every run the lesson embeds, in page order: its runs and its predictions' runs. */
const embedded = leases.blocks.filter(
  (block): block is LessonSim | LessonPredict => block.kind === "sim" || block.kind === "predict",
);
/** The first run that plays freely (a prediction's run hides its outcome until answered). */
const freeRun = embedded.findIndex((block) => block.kind === "sim");
const freeResult = simulate(presetById(embedded[freeRun]!.preset.id)!.scenario);
const verdict = verdictOf(freeResult.summary, freeResult.scenario);
const simulations = (page: Page) => page.getByRole("region", { name: /^Simulation: / });

test("without JavaScript a lesson shows each of its runs, drawn, with its outcome, and says that playing needs JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/learn/${leases.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();
  await expect(simulations(page)).toHaveCount(embedded.length);
  for (const [index, block] of embedded.entries()) {
    const region = simulations(page).nth(index);
    await expect(region).toHaveAccessibleName(`Simulation: ${block.preset.title}`);
    await expect(region.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
    expect(await region.locator("noscript").innerHTML()).toContain("Playing it needs JavaScript.");
  }
  const free = simulations(page).nth(freeRun);
  await expect(free.getByRole("status")).toContainText(verdict.sentence);
  // Its controls cannot be used, and say so by being disabled.
  await expect(free.getByRole("button", { name: "Play", exact: true })).toBeDisabled();
  await context.close();
});

test("with JavaScript a lesson's prerendered run comes to life when the reader scrolls to it, and plays", async ({
  page,
}) => {
  await page.goto(`/learn/${leases.slug}/`);
  const free = simulations(page).nth(freeRun);
  await free.scrollIntoViewIfNeeded();
  await expect(free.getByRole("status")).toContainText(verdict.sentence);
  const play = free.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeEnabled();
  await play.click();
  await expect(free.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
});

test("without JavaScript a prediction keeps its answer, its whole run and its explanation behind Show the answer", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const fencing = lessons.find((lesson) => lesson.slug === "04-fencing-tokens")!;
  const predict = fencing.blocks.find((block): block is LessonPredict => block.kind === "predict")!;
  await page.goto(`/learn/${fencing.slug}/`);
  // The held run is the only one of its preset in view; the answer waits, closed, under the question.
  const run = page.getByRole("region", { name: `Simulation: ${predict.preset.title}`, exact: true });
  await expect(run).toHaveCount(1);
  const show = page.locator("summary", { hasText: "Show the answer" }).first();
  const answer = show.locator("xpath=..");
  await expect(answer).not.toHaveAttribute("open");
  await show.click();
  await expect(answer).toHaveAttribute("open");
  await expect(answer).toContainText(`The answer is “${predict.options[predict.answer]}”.`);
  await expect(answer).toContainText("Storage rejects the write with the reason 1 < 2.");
  // Open, it holds the whole run, drawn: the one place without scripts where the run goes on past the question.
  await expect(run).toHaveCount(2);
  await expect(
    answer
      .getByRole("region", { name: `Simulation: ${predict.preset.title}` })
      .getByRole("group", { name: "Space-time diagram" }),
  ).toBeVisible();
  await context.close();
});
