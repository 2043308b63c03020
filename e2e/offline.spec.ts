import { expect, test } from "@playwright/test";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import { watchForErrors } from "./pageErrors";
import { openLab } from "./lab";

const leases = lessonContentLoad().lessons.find((lesson) => lesson.slug === "02-leases")!;

// The other specs block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: "allow" });

test("after one visit the site works offline: a lesson, the lab and a link between pages open from the cache", async ({ page, context }) => {
  await page.goto("/");
  // The service worker precaches the whole site while it installs; it is ready, and in control of
  // the page, only once every file is in its cache.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  const errors = watchForErrors(page);
  await page.goto(`/learn/${leases.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();

  // The lab runs its simulation in the page, so it works offline in full, the URL's preset included.
  await openLab(page, "?preset=gc-pause");
  await expect(page.getByRole("region", { name: "Outcome" }).getByRole("status")).toHaveText(/unsafe/i);
  await expect(page.getByRole("region", { name: "Topology" }).getByRole("button", { name: /^redis:/ })).toBeVisible();

  // A link followed in the page: its navigation data is not cached, so the router loads the page itself.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Learn" }).click();
  await expect(page).toHaveURL(/\/learn\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Offline, the failed fetch of the navigation data is the only error: the page itself must have none.
  expect(errors.filter((error) => !error.includes("Failed to fetch") && !error.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
});
