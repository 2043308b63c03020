import { expect, test, type Page } from "@playwright/test";
import lzString from "lz-string";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab, scrollToPanel } from "./lab";

const explore = (page: Page) => page.getByRole("region", { name: "Explore this scenario" });
const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });
const mapCells = (page: Page) => page.getByRole("group", { name: /^Failure map:/ }).getByRole("button");

/** The scenario in the lab's URL (its compressed `z` code), once the URL has caught up. */
async function scenarioInUrl(page: Page): Promise<Record<string, unknown>> {
  await expect.poll(() => new URL(page.url()).searchParams.has("z")).toBe(true);
  const code = new URL(page.url()).searchParams.get("z")!;
  return JSON.parse(lzString.decompressFromEncodedURIComponent(code));
}

async function setMapSize(page: Page, cols: string, rows: string, seeds: string) {
  await explore(page).getByRole("group", { name: "Across (horizontal axis)" }).getByLabel("Columns").fill(cols);
  await explore(page).getByRole("group", { name: "Up (vertical axis)" }).getByLabel("Rows").fill(rows);
  await explore(page).getByLabel("Seeds per cell").fill(seeds);
}

test("the explorer loads when the reader scrolls near it, not before", async ({ page }) => {
  // The explorer's own chunk is the one that says "Draw the map".
  let explorerLoaded = false;
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("Draw the map")) explorerLoaded = true;
    await route.fulfill({ response, body });
  });
  await openLab(page, "?preset=chaos-default");
  // Whatever the page loads by itself, it has loaded once the network has been quiet for half a second.
  await page.waitForLoadState("networkidle");
  expect(explorerLoaded).toBe(false);
  await expect(page.getByText("Loading the explorer…", { exact: true })).toBeVisible();

  await scrollToPanel(page, "explore");
  expect(explorerLoaded).toBe(true);
  await expect(explore(page).getByRole("button", { name: "Draw the map" })).toBeVisible();
});

test("a small map fills in, and a cell opens its scenario on the timeline", async ({ page }) => {
  const errors = watchForErrors(page);
  await openLab(page, "?preset=chaos-default");
  await scrollToPanel(page, "explore");
  await setMapSize(page, "4", "4", "2");
  await explore(page).getByRole("button", { name: "Draw the map" }).click();
  await expect(explore(page).getByRole("status").filter({ hasText: "cells (" })).toHaveText(
    /^All 16 cells \(32 runs\) in /,
  );
  await expect(mapCells(page)).toHaveCount(16);
  await expect(mapCells(page).filter({ hasText: /./ }).first()).toBeVisible();
  await expect(mapCells(page).first()).toHaveAccessibleName(
    /^Lease TTL .+, Pause length .+: \d+ of 2 runs unsafe \(\d+ %\), \d+ with overlap \(\d+ %\)\. Opens/,
  );
  await expect(page).toHaveURL(/map=lease-ttl_1000_60000_4\.pause-length_100_30000_4\.2/);

  // The top-right cell: the longest lease and the longest pauses.
  const cell = mapCells(page).nth(15);
  const name = (await cell.getAttribute("aria-label"))!;
  const seed = Number(/seed (\d+)/.exec(name)?.[1] ?? 1);
  await cell.click();
  await expect.poll(async () => ((await scenarioInUrl(page)).service as { ttlMs: number }).ttlMs).toBe(60000);
  const scenario = await scenarioInUrl(page);
  expect(scenario.seed ?? 1).toBe(seed);
  expect((scenario.chaos as { pauseMs: number[] }).pauseMs[1]).toBe(30000);
  await expect(page.getByRole("region", { name: "Timeline" })).toBeInViewport();
  await expect(outcome(page)).toContainText(/Safe|Unsafe/);

  // Arrow keys move between cells from the map's single tab stop; Enter opens one too.
  await mapCells(page).nth(15).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(mapCells(page).nth(14)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(mapCells(page).nth(10)).toBeFocused();
  expect(errors).toEqual([]);
});

test("Cancel stops a large map where it is", async ({ page }) => {
  await openLab(page, "?preset=chaos-default");
  await scrollToPanel(page, "explore");
  await setMapSize(page, "40", "40", "20");
  await explore(page).getByRole("button", { name: "Draw the map" }).click();
  await explore(page).getByRole("button", { name: "Cancel" }).click();
  const status = explore(page).getByRole("status").filter({ hasText: "cells (" });
  await expect(status).toHaveText(/^\d+ of 1,600 cells/);
  const text = await status.textContent();
  await page.waitForTimeout(500);
  await expect(status).toHaveText(text!);
  await expect(explore(page).getByRole("button", { name: "Draw the map" })).toBeVisible();
});

test("a shared link sets up its map, which runs only when the visitor presses Draw; a malformed one gets a notice and the lab still works", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await openLab(page, "?preset=chaos-default&map=clients_1_4_4.work-time_100_3000_2.1.overlap");
  await expect(
    explore(page).getByText(
      "This link set the map below: 8 cells of 1 seed, 8 runs in this browser. Press “Draw the map” to run them.",
    ),
  ).toBeVisible();
  await expect(explore(page).getByRole("group", { name: "Up (vertical axis)" }).getByLabel("Rows")).toHaveValue("2");
  await expect(explore(page).getByRole("progressbar")).toHaveCount(0);
  await explore(page).getByRole("button", { name: "Draw the map" }).click();
  await expect(explore(page).getByRole("status").filter({ hasText: "cells (" })).toHaveText(/^All 8 cells \(8 runs\)/);
  await expect(explore(page).getByRole("radio", { name: "Runs with overlap" })).toBeChecked();

  await openLab(page, "?preset=chaos-default&map=lease-ttl_9_1_0.nonsense");
  await expect(explore(page).getByRole("alert")).toContainText("The link's failure map could not be used");
  await expect(outcome(page)).toContainText(/Safe|Unsafe/);
  await expect.poll(() => new URL(page.url()).searchParams.has("map")).toBe(false);
  expect(errors).toEqual([]);
});

test("the finder's failure opens on the timeline with its faults explained", async ({ page }) => {
  const errors = watchForErrors(page);
  await openLab(page, "?preset=gc-pause-fenced");
  await scrollToPanel(page, "explore");
  await explore(page).getByRole("tab", { name: "Find a failure" }).click();
  await expect(explore(page).getByText(/^The search adds up to 2 pauses/)).toBeVisible();
  await explore(page).getByRole("button", { name: "Find a failure" }).click();
  await expect(
    explore(page).getByRole("heading", { name: /^Found: with one added fault, the data is damaged/ }),
  ).toBeVisible();
  await expect(explore(page).getByRole("listitem").first()).toContainText(
    "Pause c2 for 5.0 s at 12.0 s, just before it writes.",
  );
  await explore(page).getByRole("button", { name: "Open on the timeline" }).click();
  await expect
    .poll(async () => JSON.stringify((await scenarioInUrl(page)).faults))
    .toContain('"atPhase":"before-write"');
  await expect(outcome(page)).toContainText("Unsafe");
  await expect(page.getByRole("region", { name: "Timeline" })).toBeInViewport();
  expect(errors).toEqual([]);
});

test("when the finder finds nothing it says how many schedules it tried and why it stopped", async ({ page }) => {
  await openLab(page, "?preset=etcd-fenced");
  await scrollToPanel(page, "explore");
  await explore(page).getByRole("tab", { name: "Find a failure" }).click();
  await explore(page).getByLabel("Schedules to try").fill("30");
  await explore(page).getByRole("button", { name: "Find a failure" }).click();
  await expect(
    explore(page).getByText("No failure in 30 schedules: the search reached its limit of schedules"),
  ).toBeVisible();
  await expect(explore(page).getByText(/^Budget: The search adds/)).toBeVisible();
});

test("the map and the finder have no serious accessibility violations in either theme", async ({ page }) => {
  await openLab(page, "?preset=gc-pause&map=lease-ttl_1000_60000_6.pause-length_100_30000_6.2");
  await explore(page).getByRole("button", { name: "Draw the map" }).click();
  await expect(explore(page).getByRole("status").filter({ hasText: "cells (" })).toHaveText(/^All 36 cells/);
  await explore(page).getByText("The map as a table").click();
  await expectNoSeriousA11yViolationsInBothThemes(page, "failure map", "#explore");
  await explore(page).getByRole("tab", { name: "Find a failure" }).click();
  await explore(page).getByRole("button", { name: "Find a failure" }).click();
  await expect(explore(page).getByRole("heading", { name: /^Found:/ })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "failure finder", "#explore");
});
