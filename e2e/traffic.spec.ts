import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { openLab, scrollToPanel } from "./lab";

const load = (page: Page) => page.getByRole("region", { name: "Load", exact: true });
const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });

async function openLabWithLoad(page: Page, query: string) {
  await openLab(page, query);
  await scrollToPanel(page, "load");
  // Traffic presets run in the worker (they outgrow the main thread's budget): wait for the figures.
  await expect(load(page)).toContainText("p99 acquire latency", { timeout: 60_000 });
}

/** A traffic run in the worker takes seconds on a busy machine. */
const RUN_WAIT = { timeout: 60_000 };

/** The p99 acquire latency the Load panel shows, in milliseconds ("p99 acquire latency 1.2 s"). */
async function p99(page: Page): Promise<number> {
  const text = await load(page).innerText();
  const match = /p99 acquire latency\s+([\d.,]+) (ms|s|min)/.exec(text);
  if (!match) throw new Error(`no p99 in the Load panel: ${text.slice(0, 200)}`);
  const value = Number(match[1]!.replace(/,/g, ""));
  return value * { ms: 1, s: 1000, min: 60_000 }[match[2] as "ms" | "s" | "min"];
}

test("more traffic raises the p99 acquire latency", async ({ page }) => {
  await openLabWithLoad(page, "?preset=traffic-1x");
  const traffic = page.getByRole("slider", { name: "Traffic" });
  await expect(traffic).toHaveAttribute("aria-valuetext", "4 jobs/s");
  const before = await p99(page);
  await traffic.focus();
  for (let i = 0; i < 6; i++) await traffic.press("ArrowRight");
  await expect(traffic).toHaveAttribute("aria-valuetext", "16 jobs/s");
  await expect.poll(() => p99(page), RUN_WAIT).toBeGreaterThan(before * 2);
  await expect(load(page)).toContainText("Throughput");
  await expect(load(page)).toContainText("of 16 jobs/s offered");
});

test("more keys lower the p99 acquire latency of a uniform load", async ({ page }) => {
  await openLabWithLoad(page, "?preset=traffic-10x");
  const keys = page.getByRole("slider", { name: "Keys" });
  await expect(keys).toHaveAttribute("aria-valuetext", "1 key");
  await expect(page.getByRole("slider", { name: "Hot key share" })).toBeDisabled();
  const before = await p99(page);
  await keys.focus();
  for (let i = 0; i < 3; i++) await keys.press("ArrowRight");
  await expect(keys).toHaveAttribute("aria-valuetext", "8 keys");
  await expect.poll(() => p99(page), RUN_WAIT).toBeLessThan(before / 2);
  await expect(page.getByRole("slider", { name: "Hot key share" })).toBeEnabled();
});

test("the outcome names the bottleneck: the one lock, not the service", async ({ page }) => {
  await openLabWithLoad(page, "?preset=traffic-10x");
  await expect(outcome(page)).toContainText(
    /The lock is held \d+ % of the time .*: the one lock, not the service, limits throughput\./,
  );
});

test("a large run, simulated in the worker, names the lock service as its bottleneck", async ({ page }) => {
  // 64 clients for a minute: the run and everything derived from it come from the worker, in seconds.
  test.setTimeout(90_000);
  await openLab(page, "?preset=service-saturated", { timeout: 60_000 });
  await expect(outcome(page)).toContainText(
    /The lock service is \d+ % busy and jobs wait [\d.]+ s on average .*: the lock service, not any one lock, limits throughput\./,
    { timeout: 60_000 },
  );
});

test("choosing the Stream workload turns a counter scenario into traffic", async ({ page }) => {
  await openLab(page, "?preset=gc-pause");
  await expect(page.getByRole("slider", { name: "Traffic" })).toHaveAttribute("aria-valuetext", "off");
  await expect(load(page)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Workload" }).selectOption("stream");
  await expect(page.getByRole("slider", { name: "Traffic" })).toHaveAttribute("aria-valuetext", "4 jobs/s");
  await expect(page.getByRole("slider", { name: "Clients" })).toHaveAttribute("aria-valuetext", "8");
  await scrollToPanel(page, "load");
  await expect(load(page)).toBeVisible();
});

test("the load curve is computed in the background and marks its knee", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await openLabWithLoad(page, "?preset=traffic-10x");
  await expect(
    load(page).getByRole("img", { name: /^Throughput against offered load: 1 jobs\/s offered/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(load(page).getByText(/^Knee at [\d.]+ jobs\/s: /)).toBeVisible({ timeout: 30_000 });
  await expect(load(page)).toContainText("Current traffic: 40 jobs/s.");
  await load(page).getByText("The load curve as a table").click();
  await expect(load(page).getByRole("rowheader", { name: "1,000 jobs/s" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the traffic controls and the Load panel pass axe in either theme", async ({ page }) => {
  // The load curve runs 13 simulations in the background, and axe reads a large page: slow, not a speed check.
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLabWithLoad(page, "?preset=hot-key");
  await expect(load(page).getByText(/^(Knee at|No knee)/)).toBeVisible({ timeout: 30_000 });
  await load(page).getByText("The charts as a table").click();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
