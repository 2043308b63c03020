import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";

const topology = (page: Page) => page.getByRole("region", { name: "Topology" });
const goal = (page: Page) => page.getByRole("region", { name: "Goal" });
/** The grade of the run: the goal region's first live region (the second is the share button's). */
const grade = (page: Page) => goal(page).getByRole("status").first();
const check = (page: Page) => page.getByRole("region", { name: "The exhaustive check" });
// A level runs its design on the main thread as it opens, and a check runs hundreds of
// simulations in a worker: on a busy two-core machine both take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });
const code = (solution: unknown) => Buffer.from(JSON.stringify(solution)).toString("base64url");

async function openLevel(page: Page, query: string, title: string) {
  await page.goto(`/challenges/${query}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

/** Moves the playhead to `ms` from the keyboard: Home, then the slider's arrow-key steps. */
async function playheadTo(page: Page, ms: number) {
  const slider = page.getByRole("slider", { name: "Playhead" });
  await slider.focus();
  await page.keyboard.press("Home");
  const step = Number(await slider.getAttribute("step"));
  for (let i = 0; i < Math.round(ms / step); i++) await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue(String(ms));
}

/** Adds a pause on c1 at the playhead from the topology's menu, by keyboard. */
async function pauseC1(page: Page, seconds: string) {
  await topology(page).getByRole("button", { name: /^c1:/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Pause for…" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Pause length (seconds)" })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(seconds);
  await page.keyboard.press("Enter");
}

test("a Break it level solved by keyboard alone, scored against par, and remembered in the level list", async ({ page }) => {
  const errors = watchForErrors(page);
  await openLevel(page, "?level=redis-one-pause", "Lose an update with one pause");
  const status = grade(page);
  await expect(status).toHaveText("No fault added yet. The goal does not hold in this run yet.");
  await expect(goal(page)).toContainText("Par: 1 fault and 8 s of pauses");

  await playheadTo(page, 1000);
  await pauseC1(page, "12");
  await expect(status).toHaveText("Solved with 1 fault and 12 s of pauses: over par.");
  await expect(goal(page).getByRole("listitem")).toHaveText(["✓An update is lost — met"]);

  await topology(page).getByRole("button", { name: "Remove: Pause c1 at 1 s for 12 s" }).focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("No fault added yet. The goal does not hold in this run yet.");
  await pauseC1(page, "8");
  await expect(status).toHaveText("Solved with 1 fault and 8 s of pauses: at par.");

  // Hints come one at a time.
  await page.getByRole("button", { name: "Show a hint" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);

  await page.getByRole("link", { name: "All challenges" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Lose an update with one pause" }) });
  await expect(item).toContainText("✓ Won · best: 1 fault, 8 s of pauses");
  expect(errors).toEqual([]);
});

test("a solution link opens the level with its faults, already graded", async ({ page }) => {
  await openLevel(
    page,
    `?level=redis-one-pause&solution=${code({ faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 8000 }] })}`,
    "Lose an update with one pause",
  );
  await expect(grade(page)).toHaveText("Solved with 1 fault and 8 s of pauses: at par.");
});

test("a Defend it level: the starting design fails with its shortest counterexample on the timeline, the fenced design is safe for every schedule", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await openLevel(page, "?level=fence-the-pause", "Survive every pause");
  await expect(check(page)).toContainText("Up to 2 faults added to the design: pauses of 5 s, 15 s at every moment that matters");
  await check(page).getByRole("button", { name: "Check every schedule" }).click();
  await expect(check(page).getByRole("status")).toHaveText(/^[\d,]+ of [\d,]+ schedules of ≤ 2 faults break it\.$/);
  const found = page.getByText("The shortest schedule that breaks it is open on the timeline:");
  await expect(found).toBeVisible();
  const shortest = page.getByRole("status").filter({ has: found }).getByRole("listitem");
  await expect(shortest).toHaveText([/^Pause c1 for 15\.0 s at /]);
  // The timeline now draws the counterexample's run: c1's pause is on it.
  await expect(
    page
      .getByRole("region", { name: "Timeline" })
      .getByText(/pause 15 s$/)
      .first(),
  ).toBeVisible();

  await page.getByLabel("Storage guard").selectOption({ label: "Fencing token" });
  await page.getByLabel("Fence reads too").selectOption({ label: "On" });
  await expect(page.getByText("2 changes from the starting design; par is 2.")).toBeVisible();
  await check(page).getByRole("button", { name: "Check every schedule" }).click();
  await expect(check(page).getByRole("status")).toHaveText(/^Safe for all [\d,]+ schedules of ≤ 2 faults\.$/);
  await expect(page.getByText("Defended with 2 changes: at par.")).toBeVisible();
  await expect(check(page)).toContainText("Not covered: crashes, partitions");
  expect(errors).toEqual([]);
});

test("the arcade: the same seed gives the same level", async ({ page, context }) => {
  await page.goto("/challenges/");
  await page.getByLabel("Arcade seed").fill("42");
  await page.getByRole("button", { name: "Play this seed" }).click();
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(/^Arcade 42: /);
  const first = { title: await title.textContent(), goal: await goal(page).textContent() };

  const friend = await context.newPage();
  await friend.goto("/challenges/?arcade=42");
  await expect(friend.getByRole("heading", { level: 1 })).toHaveText(first.title!);
  await expect(goal(friend)).toHaveText(first.goal!);
});

test("a tampered link opens the level list with a notice naming what was wrong", async ({ page }) => {
  await page.goto("/challenges/?level=no-such-level");
  const notice = page.getByRole("alert").filter({ hasText: "This link could not be opened" });
  await expect(notice).toContainText("There is no level “no-such-level”.");
  await page.goto(`/challenges/?level=fence-the-pause&solution=${code({ design: { guard: "magic" } })}`);
  await expect(notice).toContainText('The link\'s design sets guard to "magic", which is not one of the choices');
  await page.goto("/challenges/?level=redis-one-pause&solution=%25%25");
  await expect(notice).toContainText("The link's solution is damaged");
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
});

const pages: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "the level list",
    open: async (page) => {
      await page.goto("/challenges/");
      await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
    },
  },
  {
    name: "a level to break",
    open: async (page) => {
      await openLevel(page, "?level=redis-one-pause", "Lose an update with one pause");
      await expect(grade(page)).toHaveText(/goal does not hold/);
    },
  },
  {
    name: "a level to defend, with its counterexample",
    open: async (page) => {
      await openLevel(page, "?level=fence-the-pause", "Survive every pause");
      await check(page).getByRole("button", { name: "Check every schedule" }).click();
      await expect(check(page).getByRole("status")).toHaveText(/break it\.$/);
    },
  },
];

for (const { name, open } of pages) {
  test(`${name} has no serious accessibility violations in either theme`, async ({ page }) => {
    // Axe over a page with a timeline, on a busy machine, takes a while.
    test.setTimeout(180_000);
    await open(page);
    await expectNoSeriousA11yViolationsInBothThemes(page, name);
  });
}
