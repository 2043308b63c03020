import { expect, test, type Page } from "@playwright/test";
import { deckLoad } from "@/lib/content/decks";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { openLab, scrollToPanel } from "./lab";

// Issue 18, items 8, 9, 12 and 14: a slide read from the back of a room, violation labels that
// never overprint, a large run that does not bury its point, and a failure map that can show a boundary.

const redlock = deckLoad("redlock-vs-consensus");
const fencing = deckLoad("the-fencing-token-story");
const slideOf = (deck: typeof redlock, preset: string, at: number) =>
  deck.slides.findIndex((s) => s.sim?.preset === preset && s.sim.at === at) + 1;
const diagram = (page: Page) => page.getByRole("group", { name: "Space-time diagram" });
const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });

/** The on-screen size, in px, of the diagram's text that reads exactly `text`: its font size times the SVG's scale. */
const renderedTextPx = (page: Page, text: string) =>
  diagram(page).evaluate((svg, wanted) => {
    const node = [...svg.querySelectorAll("text")].find((t) => t.textContent === wanted);
    if (!node) return 0;
    return Number.parseFloat(node.getAttribute("font-size") ?? "0") * (node.getScreenCTM()?.a ?? 0);
  }, text);

async function playToEnd(page: Page) {
  const playhead = page.getByRole("slider", { name: "Playhead" });
  await playhead.focus();
  await page.keyboard.press("End");
  await expect(playhead).toHaveAttribute("aria-valuetext", /^60\.000 s/);
}

test.use({ reducedMotion: "reduce" });

test.describe("at room scale, 1920 × 1080", () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("a slide with both diagrams draws its lane names at 24 px or more", async ({ page }) => {
    const n = slideOf(redlock, "etcd-quorum-loss", 5000);
    expect(redlock.slides[n - 1]!.sim?.view).toBe("both");
    await page.goto(`/present/${redlock.slug}/#${n}`);
    // The slide's simulation loads after the slide: a busy machine can take a while.
    await expect(page.getByRole("region", { name: "Topology at the playhead" })).toBeVisible({ timeout: 60_000 });
    await expect(diagram(page)).toBeVisible({ timeout: 60_000 });
    for (const lane of ["c1", "e1", "storage"])
      await expect.poll(() => renderedTextPx(page, lane), { message: `lane ${lane}` }).toBeGreaterThanOrEqual(24);
    await expectNoSeriousA11yViolationsInBothThemes(page, "both diagrams");
  });

  test("a title slide whose run has not started shows the scenario, not an empty grid", async ({ page }) => {
    expect(redlock.slides[0]!.sim).toMatchObject({ preset: "redlock-clock-jump", at: 0, predict: null });
    await page.goto(`/present/${redlock.slug}/#1`);
    const card = page.getByRole("region", { name: "The scenario" });
    await expect(card).toContainText("Redlock (Redis nodes, majority), nodes r1, r2, r3, r4", { timeout: 60_000 });
    await expect(card).toContainText("2 clients");
    await expect(card).toContainText(/Clock jump on r3 at 2 s by \+30 s/);
    await expect(diagram(page)).toHaveCount(0);
    await expectNoSeriousA11yViolationsInBothThemes(page, "title slide");
    // Played, the run is drawn.
    await page.keyboard.press("p");
    await expect(diagram(page)).toBeVisible({ timeout: 30_000 });
  });

  test("a client's repeated refused retries are one band with their count, not a comb of arrows", async ({ page }) => {
    const n = slideOf(fencing, "gc-pause", 17100);
    const result = simulate(presetById("gc-pause")!.scenario);
    const refusals = result.events.filter((e) => e.kind === "refused" && e.t <= 17100).length;
    expect(refusals).toBeGreaterThan(40);
    await page.goto(`/present/${fencing.slug}/#${n}`);
    await expect(diagram(page).getByText(`refused ×${refusals}`, { exact: true })).toBeVisible({ timeout: 60_000 });
  });
});

test.describe("violation labels", () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    test(`never overprint, and the lost update keeps its label in k8s-paused-leader at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await openLab(page, "?preset=k8s-paused-leader", { timeout: 60_000 });
      await playToEnd(page);
      await expect(timeline(page).getByRole("button", { name: /(Overlap|Lost update) at 23\.0 s: / })).toBeVisible();
      const labels = diagram(page)
        .locator("text")
        .filter({ hasText: /lost update|overlap/ });
      await expect(labels.filter({ hasText: /^lost update/ })).toHaveCount(1);
      // No two violation labels or marks share a pixel.
      const boxes = await labels.evaluateAll((nodes) =>
        nodes.map((n) => n.getBoundingClientRect()).map((r) => [r.left, r.right]),
      );
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) expect(a[1]! <= b[0]! || b[1]! <= a[0]!).toBe(true);
    });
  }
});

test.describe("a large run (service-saturated: 64 clients)", () => {
  // Simulating 60 s of 64 clients in the worker, then two axe runs: minutes on a busy machine.
  test.describe.configure({ timeout: 420_000 });
  test("groups its lanes, tells its story's key lines, formats its numbers and never lists tokens 0, 0, 0", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLab(page, "?preset=service-saturated", { timeout: 60_000 });
    await expect(outcome(page)).toContainText(/granted the lock [\d,]+ times/, { timeout: 120_000 });
    await expect(outcome(page)).toContainText(/granted the lock \d{1,3}(,\d{3})+ times with tokens from 0 to \d+\./);
    await expect(outcome(page)).not.toContainText("0, 0, 0");

    await expect(diagram(page).getByText("…and 56 more clients")).toBeVisible();
    await expect(diagram(page).getByText("c9", { exact: true })).toHaveCount(0);
    const story = outcome(page)
      .getByRole("list")
      .filter({ has: page.getByRole("button", { name: /took the lock/ }) });
    expect(await story.getByRole("listitem").count()).toBeLessThanOrEqual(10);
    const showAll = outcome(page).getByRole("button", { name: /^Show all [\d,]+ sentences$/ });
    await expect(showAll).toBeVisible();
    // Axe over the outcome (its counts and the story's key lines) in both themes, before the whole story and all 64 lanes make the page too big for it on a busy machine.
    await expectNoSeriousA11yViolationsInBothThemes(page, "large run", "section[aria-labelledby='outcome-heading']");
    await showAll.click();
    await expect.poll(() => story.getByRole("listitem").count()).toBeGreaterThan(100);

    await timeline(page).getByRole("button", { name: "Show all 64 clients" }).click();
    await expect(diagram(page).getByText("c64", { exact: true })).toBeVisible();
    // Crowded, each lane's work, waiting and held share are one path apiece, and the grant and write
    // ticks one per client: the whole run is under a thousand elements (it was 10,850, one per pixel run).
    expect(await diagram(page).locator("*").count()).toBeLessThan(2000);
  });
});

test("a fenced scenario's failure map opens on overlap, which has a boundary, and says why", async ({ page }) => {
  await openLab(page, "?preset=gc-pause-fenced", { timeout: 60_000 });
  await scrollToPanel(page, "explore");
  const explore = page.getByRole("region", { name: "Explore this scenario" });
  await expect(explore).toContainText("Storage checks each write's fencing token here", { timeout: 60_000 });
  await explore.getByRole("group", { name: "Across (horizontal axis)" }).getByLabel("Columns").fill("4");
  await explore.getByRole("group", { name: "Up (vertical axis)" }).getByLabel("Rows").fill("4");
  await explore.getByLabel("Seeds per cell").fill("2");
  await explore.getByRole("button", { name: "Draw the map" }).click();
  await expect(explore.getByRole("status").filter({ hasText: "cells (" })).toHaveText(/^All 16 cells \(32 runs\) in /);
  await expect(explore.getByRole("radio", { name: "Runs with overlap" })).toBeChecked();
  const names = await page
    .getByRole("group", { name: /^Failure map:/ })
    .getByRole("button")
    .evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label") ?? ""));
  const overlapping = names.filter((n) => /, [12] with overlap/.test(n)).length;
  expect(overlapping).toBeGreaterThan(0);
  expect(overlapping).toBeLessThan(16);
  await expectNoSeriousA11yViolationsInBothThemes(page, "failure map", "#explore");
});
