import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { MAX_HEADER_SIZE, staticHandler } from "../scripts/staticSite.mjs";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import { watchForErrors } from "./pageErrors";
import { openLab } from "./lab";

const leases = lessonContentLoad().lessons.find((lesson) => lesson.slug === "02-leases")!;

// The other specs block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: "allow" });

test("after one visit the site works offline: a lesson, the lab and a link between pages open from the cache", async ({
  page,
  context,
}) => {
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
  expect(
    errors.filter((error) => !error.includes("Failed to fetch") && !error.includes("ERR_INTERNET_DISCONNECTED")),
  ).toEqual([]);
});

/**
 * The built site at an origin of its own, served as `npm start` serves it, whose next deploy a test
 * can make: after `deploy(worker)`, /sw.js is that worker. (Playwright's routes do not see the
 * browser's update check for a service worker, so the server itself must answer it.)
 */
async function siteToDeployTo() {
  const serveSite = staticHandler();
  let nextWorker: string | null = null;
  const server = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (request, response) => {
    if (nextWorker === null || new URL(request.url ?? "/", "http://site").pathname !== "/sw.js")
      return void serveSite(request, response);
    response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" });
    response.end(nextWorker);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: (worker: string) => void (nextWorker = worker),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("a new build waits for the reader: the page says a new version is ready, and changes only when they press Reload", async ({
  page,
}) => {
  const site = await siteToDeployTo();
  try {
    await page.goto(`${site.origin}/learn/${leases.slug}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const installed = await page.evaluate(() => caches.keys());
    expect(installed).toEqual([expect.stringMatching(/^lease-lab-[0-9a-f]{16}$/)]);

    // The next build: the same worker with another version, as scripts/offline/build-sw.mjs writes
    // it whenever a file of the site changes. The browser finds it when it checks for an update.
    const current = await (await page.request.get(`${site.origin}/sw.js`)).text();
    const next = current.replace(/const VERSION = "[0-9a-f]{16}"/, 'const VERSION = "next-build"');
    expect(next).not.toBe(current);
    site.deploy(next);
    await page.evaluate(() => {
      const opened = window as unknown as { openedBefore: boolean; controllerChanges: number };
      opened.openedBefore = true;
      opened.controllerChanges = 0;
      navigator.serviceWorker.addEventListener("controllerchange", () => opened.controllerChanges++);
    });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

    const notice = page.getByRole("status").filter({ hasText: "A new version is ready" });
    await expect(notice).toBeVisible();
    // Nothing has changed under the reader: the same page, still served by the version it opened with.
    await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();
    // The new version waits, installed, while the old one still serves the page from its own cache.
    const meanwhile = await page.evaluate(async () => {
      const opened = window as unknown as { openedBefore?: boolean; controllerChanges: number };
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        openedBefore: opened.openedBefore,
        controllerChanges: opened.controllerChanges,
        waiting: registration?.waiting?.state,
        caches: await caches.keys(),
      };
    });
    expect(meanwhile).toMatchObject({ openedBefore: true, controllerChanges: 0, waiting: "installed" });
    expect(meanwhile.caches).toEqual(expect.arrayContaining(installed));

    const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
    await notice.getByRole("button", { name: "Reload" }).click();
    // The page reloads into the new version, whose cache is then the only one.
    await reloaded;
    await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { openedBefore?: boolean }).openedBefore)).toBeUndefined();
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(["lease-lab-next-build"]);
    await expect(notice).toHaveCount(0);
  } finally {
    await site.close();
  }
});
