// The system's Chromium and the flags every browser this project drives runs with: the e2e tests
// (playwright.config.ts), the timing scripts and Lighthouse. No test ever downloads a browser.
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
