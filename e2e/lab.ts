import { expect, type Page } from "@playwright/test";

/**
 * Opens the lab on a query string and waits until it can be used. The page's HTML already holds
 * the default lab, drawn but with its controls disabled. Once the scripts have run, the live lab
 * hydrates it (the default scenario) or replaces it (any other), and its scenario picker is then
 * enabled.
 */
export async function openLab(page: Page, query = "", options: { timeout?: number } = {}): Promise<void> {
  await page.goto(`/lab/${query}`);
  await expect(page.getByRole("heading", { name: "The lab", level: 1 })).toBeVisible(options);
  await expect(page.getByRole("combobox", { name: "Scenario" })).toBeEnabled(options);
}
