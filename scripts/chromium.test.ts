import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLAYWRIGHT_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from "./chromium.mjs";

/** The features the installed Playwright disables, read from its own source: the list in `chromiumSwitches.ts`. */
function featuresPlaywrightDisables(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(
    join(dirname(require.resolve("playwright-core/package.json")), "lib", "coreBundle.js"),
    "utf8",
  );
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]/);
  if (!list)
    throw new Error(
      "playwright-core's bundle no longer has `disabledFeatures = [...]`: find its list of disabled features again",
    );
  return [...list[1]!.matchAll(/^\s*"([^"]+)"/gm)].map((m) => m[1]!);
}

describe("the Chromium flags Playwright launches with", () => {
  it("keep every feature Playwright disables, since Chromium honours only the last --disable-features", () => {
    const playwrights = featuresPlaywrightDisables();
    expect(playwrights.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
  });

  it("give one --disable-features, which includes the omnibox popups", () => {
    const lists = PLAYWRIGHT_CHROMIUM_ARGS.filter((arg) => arg.startsWith("--disable-features="));
    expect(lists).toHaveLength(1);
    expect(lists[0]!.split("=")[1]!.split(",")).toEqual(
      expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
    );
  });
});
