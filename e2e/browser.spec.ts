import { expect, test } from "@playwright/test";

// The tests open hundreds of windows, and Chromium 156 would start a renderer with each one for its
// address bar's popups (scripts/chromium.mjs). If a new Chromium renamed the features that turn them
// off, the flags would silently stop working and every test would cost most of a core-second more.
test("the test browser opens a page without the address bar's popup renderers", async ({ browser, page }) => {
  await page.goto("/");
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  await session.detach();
  expect(targetInfos.filter((target) => target.type === "page").length).toBeGreaterThan(0);
  expect(targetInfos.filter((target) => target.url.includes("omnibox-popup"))).toEqual([]);
});
