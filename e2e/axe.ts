import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now and fails on any serious or critical WCAG 2.2 AA violation,
 * listing each rule, its impact and the elements that break it.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ""): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map((node) => `    - ${node.target.join(" ")}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, "\n      ")}` : ""}`);
      return `  ${v.id} (${v.impact}): ${v.help}\n${targets.join("\n")}`;
    })
    .join("\n");
  const where = context ? ` (${context})` : "";
  expect(serious.length, `axe found serious or critical violations on ${page.url()}${where}:\n${report}`).toBe(0);
}
