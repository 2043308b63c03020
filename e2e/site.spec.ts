import { expect, test, type Page } from "@playwright/test";
import { navItems } from "@/lib/site/nav";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";

const themes = ["light", "dark"] as const;

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

test("the home page says what Lease Lab teaches and lays out the learning path", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/");
  await expect(page).toHaveTitle(/Lease Lab/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lease Lab" })).toBeVisible();

  for (const audience of ["Students", "Interview prep", "Instructors"]) {
    await expect(page.getByRole("heading", { name: audience, level: 3 })).toBeVisible();
  }

  const path = page.getByRole("region", { name: "The learning path" });
  const steps = path.getByRole("listitem");
  await expect(steps).toHaveCount(10);
  await expect(steps.first()).toContainText("What a lock is for");
  await expect(steps.nth(3)).toContainText("Fencing tokens");
  await expect(steps.last()).toContainText("how it breaks in production");
  // Each step links to its lesson; the challenges follow the path.
  await expect(steps.getByRole("link")).toHaveCount(10);
  await expect(path.getByRole("link", { name: /the challenges/ })).toHaveAttribute("href", "/challenges/");
  await expect(path.getByRole("link", { name: "Fencing tokens" })).toHaveAttribute("href", "/learn/04-fencing-tokens/");

  await expect(page.getByRole("img", { name: /storage rejects c1's write/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the navigation leads to every section and marks the one it is on", async ({ page }) => {
  const errors = watchForErrors(page);
  // Start on About, so following Home really navigates; then each link in turn, from the page before.
  await page.goto("/about/");
  for (const item of navItems) {
    await mainNav(page).getByRole("link", { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(item.href);
    await expect(mainNav(page).getByRole("link", { name: item.label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the about page explains the simulation and how to read a run", async ({ page }) => {
  await page.goto("/about/");
  await expect(page.getByRole("heading", { name: "About Lease Lab", level: 1 })).toBeVisible();
  for (const section of ["Who it is for", "How the simulation works", "Reading a run", "Keyboard and accessibility"]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  const legend = page.getByRole("region", { name: "Reading a run" });
  for (const term of [
    "Belief",
    "Lease, as the service enforces it",
    "Belief past the real lease",
    "Pause",
    "Crash",
    "Write applied",
    "Write rejected",
  ]) {
    await expect(legend.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/about/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test.describe("themes", () => {
  test("follow the system setting when nothing is remembered", async ({ page }) => {
    for (const scheme of themes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
    }
    // A change of the system setting applies at once, without a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("the toggle switches the theme and the choice survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect.poll(background).not.toBe(lightBackground);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const toggle = page.getByRole("button", { name: "Switch to light theme" });
    await expect(toggle).toBeVisible();

    // The remembered choice wins over the system setting, on every page.
    await page.goto("/about/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });
});

test("a missing page answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("region", { name: "The learning path" })).toBeVisible();
});

// The pages no other spec audits in the state a first visit shows: learn.spec, quiz.spec,
// drill.spec, challenges.spec and code.spec audit their own lists, as a first visit shows them.
const audited = new Set(["/learn/", "/quiz/", "/drill/", "/review/", "/challenges/", "/code/"]);
const pagesToAudit = [
  ...navItems.filter((item) => !audited.has(item.href)).map((item) => ({ name: item.label, path: item.href })),
  { name: "Not found", path: "/no-such-page/" },
];

for (const target of pagesToAudit) {
  test(`${target.name} has no serious accessibility violations in either theme`, async ({ page }) => {
    await page.goto(target.path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
}

// A student prints a lesson from a laptop in dark mode: the paper gets dark ink on white, not a
// page-sized block of dark grey.
test("printing from a dark theme prints the light palette", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/learn/04-fencing-tokens/");
  const colours = () =>
    page.evaluate(() => {
      const html = getComputedStyle(document.documentElement);
      return { page: html.backgroundColor, ink: html.color };
    });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect((await colours()).page).toBe("rgb(15, 20, 26)");
  await page.emulateMedia({ colorScheme: "dark", media: "print" });
  expect(await colours()).toEqual({ page: "rgb(255, 255, 255)", ink: "rgb(20, 24, 31)" });
});
