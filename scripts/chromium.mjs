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

/**
 * The features Playwright itself disables (playwright-core 1.65.1, `chromiumSwitches.ts`).
 * Chromium keeps only the last `--disable-features` it is given, so a list of ours must repeat
 * Playwright's; `scripts/chromium.test.ts` fails if Playwright's list gains a feature this one lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Every page Playwright opens is a window of its own, and Chromium 156 starts a renderer with each
 * window for its address bar's two suggestion popups (chrome://omnibox-popup.top-chrome/ and its
 * omnibox_popup_aim.html), which a headless browser never shows; each feature here turns one off.
 * That renderer peaked at 160 MB, and opening 20 windows on a plain page took 25 core-seconds with
 * it and 7 without.
 */
const OMNIBOX_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** The flags for a Chromium that Playwright launches: ours, and the features above disabled. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(",")}`,
];
