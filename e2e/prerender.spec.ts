import { expect, test } from "@playwright/test";

// The lab's HTML carries its default run, simulated and drawn when the site was built, so the page
// shows it before (and without) any script.
test("without JavaScript the lab shows its default run, drawn, and says that playing needs JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/lab/");
  await expect(page.getByRole("heading", { name: "The lab", level: 1 })).toBeVisible();
  // Playwright's text selectors skip <noscript>, whose content is what a browser without scripts shows.
  expect(await page.locator("noscript").innerHTML()).toContain("Playing it, changing it and opening other scenarios need JavaScript.");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
  await expect(timeline.getByRole("button", { name: /^c1 write at 17\.0 s: accepted after its lease ended/ })).toBeVisible();
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
