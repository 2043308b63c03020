import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./scripts/chromium.mjs";

// The tests run against the built static site, served exactly as `npm start` serves it.
// `npm test` builds first; run `npm run build` before `npx playwright test` on its own.
// E2E_PORT lets several checkouts on one machine test side by side without sharing a server.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three on a 2-core machine: a test often waits on its page (a run playing, a worker computing), and
  // with two workers a tenth of the cores' time went idle (54 of 610 core-seconds); a third filled
  // most of it, and the whole run took 283 s instead of 303–307 s.
  workers: 3,
  // Axe over a whole page, in both themes, can take tens of seconds on a loaded 2-core machine.
  timeout: 90_000,
  // A test waits on a condition, and a passing one returns as soon as it holds; on a busy machine a
  // computation the page shows (a failure map, a worker's run) can take longer than the default 5 s.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // Recording a trace costs every test a sixth of its time; in CI a failed test is run again, traced.
    trace: "on-first-retry",
    // Every page registers the offline service worker, which downloads the whole site: only
    // e2e/offline.spec.ts, which tests it, lets it run, so the other tests do not pay for that.
    serviceWorkers: "block",
  },
  webServer: {
    command: "node scripts/serve.mjs",
    env: { PORT: String(port) },
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          // The system's Chromium: the tests never download a browser.
          executablePath: CHROMIUM_PATH,
          args: PLAYWRIGHT_CHROMIUM_ARGS,
        },
      },
    },
  ],
});
