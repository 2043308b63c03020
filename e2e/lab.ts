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

/** The lab's panels below the fold: each region's name, and what its placeholder says until it loads. */
const PANELS = {
  compare: { region: "Compare", loading: "Loading the comparison…" },
  real: { region: "Real vs model", loading: "Loading the recorded runs…" },
  load: { region: "Load", loading: "Loading the load panel…" },
  explore: { region: "Explore this scenario", loading: "Loading the explorer…" },
} as const;

/**
 * Scrolls to one of the lab's panels below the fold, as a reader does: each loads only when it
 * comes near the viewport or is opened by a link (components/lab/lazyPanels.tsx). Returns once it
 * has loaded. A run that ends in the worker after the scroll lengthens the outcome above and
 * pushes the panel back down, out of reach: as a reader would, it scrolls again until the panel
 * has loaded.
 */
export async function scrollToPanel(page: Page, which: keyof typeof PANELS): Promise<void> {
  const { region, loading } = PANELS[which];
  const placeholder = page.getByText(loading, { exact: true });
  await expect(async () => {
    await placeholder
      .or(page.getByRole("region", { name: region, exact: true }))
      .first()
      .scrollIntoViewIfNeeded();
    await expect(placeholder).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}
