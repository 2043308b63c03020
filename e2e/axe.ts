import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now and fails on any serious or critical WCAG 2.2 AA violation,
 * listing each rule, its impact and the elements that break it. `include` (a CSS selector) limits
 * the check to one part of the page, for a test about that part.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = "", include?: string): Promise<void> {
  // Legacy mode runs axe in the page itself; the default opens a blank page to merge each frame's
  // results, which took 2–3 times as long here and buys nothing, since no page has a frame.
  // Only violations are reported, so axe does not collect the nodes that pass.
  const builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map(
        (node) => `    - ${node.target.join(" ")}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, "\n      ")}` : ""}`,
      );
      return `  ${v.id} (${v.impact}): ${v.help}\n${targets.join("\n")}`;
    })
    .join("\n");
  const where = context ? ` (${context})` : "";
  expect(serious.length, `axe found serious or critical violations on ${page.url()}${where}:\n${report}`).toBe(0);
}
