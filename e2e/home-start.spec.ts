import { expect, test, type Page } from "@playwright/test";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";

// Issue 46, item 10: a first-time visitor starts on the first screen: break a lock, fix it with a fence, then read why.

const fencing = lessonContentLoad().lessons.find((lesson) => lesson.slug === "04-fencing-tokens")!;
const quickStart = (page: Page) => page.getByRole("region", { name: "Start in five minutes" });
const startButton = (page: Page) => page.getByRole("link", { name: "Start: break a lock" });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the start button is on the first screen, before the hero run`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const box = (await startButton(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // The hero picture stays, after the button.
    const hero = (await page.locator("figure").first().boundingBox())!;
    expect(hero.y).toBeGreaterThan(box.y + box.height);
  });
}

test("the start path breaks a lock with a prediction first, fixes it with a fence, then reads why", async ({
  page,
}) => {
  await page.goto("/");
  const steps = quickStart(page).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.getByRole("link")).toHaveText(["Break a lock", "Fix it with a fence", "Read why"]);
  await expectNoSeriousA11yViolationsInBothThemes(
    page,
    "quick start",
    'section[aria-labelledby="quick-start-heading"]',
  );

  // 1. The start button opens the GC-pause run, asking for a prediction before it plays.
  await startButton(page).click();
  await expect(page).toHaveURL("/lab/?preset=gc-pause&predict=1");
  await expect(page.getByRole("combobox", { name: "Scenario", exact: true })).toHaveValue("gc-pause", {
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { name: "Predict", level: 2 })).toBeVisible();
  // The lab leads on only once the prediction is answered.
  const labNext = page.getByRole("navigation", { name: "Quick start" });
  await expect(labNext).toHaveCount(0);
  await answerPrediction(page);
  await expect(labNext).toContainText("Quick start: step 1 of 3 done.");

  // 2. The fenced run, predicted first too, reached from the lab as from the home page.
  await labNext.getByRole("link", { name: "Next: Fix it with a fence" }).click();
  await expect(page).toHaveURL("/lab/?preset=gc-pause-fenced&predict=1");
  await expect(page.getByRole("combobox", { name: "Scenario", exact: true })).toHaveValue("gc-pause-fenced", {
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { name: "Predict", level: 2 })).toBeVisible();
  await page.goto("/");
  await quickStart(page).getByRole("link", { name: "Fix it with a fence" }).click();
  await expect(page).toHaveURL("/lab/?preset=gc-pause-fenced&predict=1");
  await expect(page.getByRole("combobox", { name: "Scenario", exact: true })).toHaveValue("gc-pause-fenced", {
    timeout: 30_000,
  });
  await answerPrediction(page);

  // 3. The lesson on fencing tokens.
  await labNext.getByRole("link", { name: "Next: Read why" }).click();
  await expect(page).toHaveURL(`/learn/${fencing.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: fencing.title })).toBeVisible();
  await page.goto("/");
  await quickStart(page).getByRole("link", { name: "Read why" }).click();
  await expect(page).toHaveURL(`/learn/${fencing.slug}/`);
});

/** Picks the lab's first prediction option and reveals the run. */
async function answerPrediction(page: Page) {
  const predict = page.getByRole("region", { name: "Predict" });
  await predict.getByRole("radio").first().check();
  await predict.getByRole("button", { name: "Reveal the answer" }).click();
  await expect(predict.getByRole("status")).toBeVisible();
}

test("a returning visitor sees both the start path and where to continue", async ({ page }) => {
  await page.goto(`/learn/02-leases/`);
  await expect(page.getByRole("button", { name: "Mark as understood" })).toBeEnabled();
  await page.goto("/");
  await expect(startButton(page)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Your progress" }).getByText("Continue where you left off"),
  ).toBeVisible();
});
