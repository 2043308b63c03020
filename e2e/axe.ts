import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// The only WCAG rules whose result a theme can change: a theme swaps colours and nothing else
// (app/globals.css sets every theme's colours as custom properties on one DOM).
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe on the page as it is now and fails on any serious or critical WCAG 2.2 AA violation,
 * listing each rule, its impact and the elements that break it. `include` (a CSS selector) limits
 * the check to one part of the page, for a test about that part; `rules` limits it to those rules.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context = "",
  include?: string,
  rules?: string[],
): Promise<void> {
  // Legacy mode runs axe in the page itself; the default opens a blank page to merge each frame's
  // results, which took 2–3 times as long here and buys nothing, since no page has a frame.
  // Only violations are reported, so axe does not collect the nodes that pass.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map(
        (node) =>
          `    - ${node.target.join(" ")}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, "\n      ")}` : ""}`,
      );
      return `  ${v.id} (${v.impact}): ${v.help}\n${targets.join("\n")}`;
    })
    .join("\n");
  const where = context ? ` (${context})` : "";
  expect(serious.length, `axe found serious or critical violations on ${page.url()}${where}:\n${report}`).toBe(0);
}

/**
 * The page as it is now, in both themes: every rule in the theme it shows, then the colour rules in
 * the other, which the page switches to at once when the system setting changes (no reload, so
 * the state a test built up is kept). Leaves the page in the theme it started in.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(
  page: Page,
  context = "",
  include?: string,
): Promise<void> {
  const html = page.locator("html");
  const shown = (await html.getAttribute("data-theme")) === "dark" ? "dark" : "light";
  const other = shown === "dark" ? "light" : "dark";
  const where = (theme: string) => (context ? `${context}, ${theme} theme` : `${theme} theme`);
  await expectNoSeriousA11yViolations(page, where(shown), include);
  await page.emulateMedia({ colorScheme: other });
  await expect(html).toHaveAttribute("data-theme", other);
  await expectNoSeriousA11yViolations(page, where(other), include, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: shown });
  await expect(html).toHaveAttribute("data-theme", shown);
}
