import { expect as baseExpect, test, type Page } from "@playwright/test";
import { goalMoment } from "@/lib/challenges/goals";
import type { BreakLevel, DefendLevel } from "@/lib/challenges/level";
import { challengeLoad } from "@/lib/content/challengeLoad";
import { formatClock } from "@/lib/sim/format";
import { simulate } from "@/lib/sim";
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

/** Opens a level's page (`path`: its slug and slash, and any query string) and waits until it has come to life. */
async function openLevel(page: Page, path: string, title: string) {
  await page.goto(`/challenges/${path}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Reset the level$|^Back to the starting design$/ })).toBeEnabled();
}

// The levels as the site ships them, in order, and the runs the tests expect figures from.
const levels = challengeLoad();
const levelBySlug = (slug: string) => levels.find((l) => l.slug === slug)!;

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

test("a Break it level solved by keyboard alone, scored against par, and remembered in the level list", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await openLevel(page, "redis-one-pause/", "Lose an update with one pause");
  const status = grade(page);
  await expect(status).toHaveText("No fault added yet. The goal does not hold in this run yet.");
  await expect(goal(page)).toContainText("Par: 1 fault and 8 s of pauses");

  await playheadTo(page, 1000);
  await pauseC1(page, "12");
  await expect(status).toContainText("Solved with 1 fault and 12 s of pauses: over par.");
  await expect(goal(page).getByRole("listitem")).toHaveText(["✓An update is lost — met"]);

  await topology(page).getByRole("button", { name: "Remove: Pause c1 at 1 s for 12 s" }).focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("No fault added yet. The goal does not hold in this run yet.");
  await playheadTo(page, 1000);
  await pauseC1(page, "8");
  await expect(status).toContainText("Solved with 1 fault and 8 s of pauses: at par.");

  // Hints come one at a time.
  await page.getByRole("button", { name: "Show a hint" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);

  await page.getByRole("link", { name: "All challenges" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
  const item = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Lose an update with one pause" }) });
  await expect(item).toContainText("✓ Won · best: 1 fault, 8 s of pauses");
  expect(errors).toEqual([]);
});

test("a solution link opens the level with its faults, already graded", async ({ page }) => {
  await openLevel(
    page,
    `redis-one-pause/?solution=${code({ faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 8000 }] })}`,
    "Lose an update with one pause",
  );
  await expect(grade(page)).toContainText("Solved with 1 fault and 8 s of pauses: at par.");
});

test("a link to a level made before levels had pages opens the level's page, with its solution", async ({ page }) => {
  await page.goto(
    `/challenges/?level=redis-one-pause&solution=${code({ faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 8000 }] })}`,
  );
  await expect(page).toHaveURL(/\/challenges\/redis-one-pause\/\?solution=/);
  await expect(page.getByRole("heading", { name: "Lose an update with one pause", level: 1 })).toBeVisible();
  await expect(grade(page)).toContainText("Solved with 1 fault and 8 s of pauses: at par.");
});

test("winning a Break it level puts the playhead on the lost update the learner caused, moves focus to the result, and leads to the next level", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const level = levelBySlug("redis-one-pause") as BreakLevel;
  // The moment comes from the run the learner's pause makes, as the checker recorded it.
  const run = simulate({ ...level.scenario, faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 8000 }] });
  const moment = goalMoment(level.goal, run)!;
  const lostUpdate = run.violations.find((v) => v.kind === "lost-update")!;
  expect(moment.t).toBe(lostUpdate.t);

  await openLevel(page, "redis-one-pause/", level.title);
  await playheadTo(page, 1000);
  await pauseC1(page, "8");
  const status = grade(page);
  await expect(status).toContainText("Solved with 1 fault and 8 s of pauses: at par.");
  await expect(status).toContainText(`The playhead went to where it happened. ${lostUpdate.text}`);
  await expect(page.getByRole("slider", { name: "Playhead" })).toHaveAttribute(
    "aria-valuetext",
    new RegExp(`^${formatClock(moment.t)} of `),
  );
  // The timeline shows that moment: c2's write, which erased c1's increment, is drawn (a mark is drawn once the
  // playhead has reached it, and only while it is within the timeline's view).
  await expect(
    page.getByRole("region", { name: "Timeline" }).getByRole("button", { name: /^c2 write at 12\.0 s/ }),
  ).toBeVisible();
  await expect(page.locator(":focus")).toContainText("Solved with 1 fault and 8 s of pauses: at par.");

  const next = levels[1]!;
  await page.getByRole("link", { name: `Next level: ${next.title}` }).click();
  await expect(page).toHaveURL(`/challenges/${next.slug}/`);
  await expect(page.getByRole("heading", { name: next.title, level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a Defend it level: the starting design fails with its shortest counterexample on the timeline, the fenced design is safe for every schedule", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await openLevel(page, "fence-the-pause/", "Survive every pause");
  await expect(check(page)).toContainText(
    "Up to 2 faults added to the design: pauses of 5 s, 15 s at every moment that matters",
  );
  await check(page).getByRole("button", { name: "Check every schedule" }).click();
  await expect(check(page).getByRole("status")).toHaveText(/^[\d,]+ of [\d,]+ schedules of ≤ 2 faults break it\.$/);
  const [, failed, tried] = /^([\d,]+) of ([\d,]+)/.exec((await check(page).getByRole("status").textContent())!)!;
  const goalInEverySchedule = page.getByRole("list").filter({ hasText: "The run is safe" });
  await expect(goalInEverySchedule.getByRole("listitem")).toHaveText([
    `✗The run is safe: no lost update, no duplicated effect — not met in ${failed} of ${tried} schedules of ≤ 2 faults`,
  ]);
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
  const [, safe] = /^Safe for all ([\d,]+)/.exec((await check(page).getByRole("status").textContent())!)!;
  await expect(page.getByText("Defended with 2 changes: at par.")).toBeVisible();
  await expect(check(page)).toContainText("Not covered: crashes, partitions");
  // The goal is ticked, for as many schedules as the check ran; focus is on the result, and the next level is offered.
  await expect(goalInEverySchedule.getByRole("listitem")).toHaveText([
    `✓The run is safe: no lost update, no duplicated effect — met in all ${safe} schedules of ≤ 2 faults`,
  ]);
  await expect(page.getByText("Defended with 2 changes: at par.")).toBeFocused();
  const next = levels[levels.findIndex((l) => l.slug === "fence-the-pause") + 1]!;
  await expect(page.getByRole("link", { name: `Next level: ${next.title}` })).toHaveAttribute(
    "href",
    `/challenges/${next.slug}/`,
  );
  expect(errors).toEqual([]);
});

test("the exhaustive check says only the figures it runs: its size before it starts is the count it reports when done", async ({
  page,
}) => {
  // At most one fault: the count is exact before the check (the run with no added fault, and each single fault).
  const level = levelBySlug("no-lock-cas") as DefendLevel;
  await openLevel(page, `no-lock-cas/?solution=${code({ design: level.rules.solution })}`, level.title);
  const size = check(page).getByText(/^The run with no added fault has/);
  await expect(size).toHaveText(/: ([\d,]+) schedules, counting that run itself \(the budget is 2,000\)\.$/);
  const [, before] = /: ([\d,]+) schedules, counting/.exec((await size.textContent())!)!;
  await check(page).getByRole("button", { name: "Check every schedule" }).click();
  await expect(check(page).getByRole("status")).toHaveText(`Safe for all ${before} schedules of ≤ 1 fault.`);

  // Two faults: a fault moves the moments after it, so no count is given until the check has made it.
  await openLevel(page, "fence-the-pause/", "Survive every pause");
  await expect(check(page)).toContainText(
    "so the check counts the schedules of ≤ 2 faults as it goes (the budget is 2,000).",
  );
  await expect(check(page)).not.toContainText("about");
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

test("a tampered link opens the level list, or the level as it starts, with a notice naming what was wrong", async ({
  page,
}) => {
  await page.goto("/challenges/?level=no-such-level");
  const notice = page.getByRole("alert").filter({ hasText: "This link could not be opened" });
  await expect(notice).toContainText("There is no level “no-such-level”.");
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
  await page.goto("/challenges/?arcade=-3");
  await expect(notice).toContainText("The arcade seed “-3” is not a whole number");

  const solutionNotice = page
    .getByRole("alert")
    .filter({ hasText: "This link's solution could not be opened, so here is the level as it starts" });
  await page.goto(`/challenges/fence-the-pause/?solution=${code({ design: { guard: "magic" } })}`);
  await expect(solutionNotice).toContainText(
    'The link\'s design sets guard to "magic", which is not one of the choices',
  );
  await expect(page.getByRole("heading", { name: "Survive every pause", level: 1 })).toBeVisible();
  await page.goto("/challenges/redis-one-pause/?solution=%25%25");
  await expect(solutionNotice).toContainText("The link's solution is damaged");
  await expect(grade(page)).toHaveText("No fault added yet. The goal does not hold in this run yet.");
});

test("without JavaScript a level's page shows the level, drawn when the site was built, its controls disabled", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/challenges/redis-one-pause/");
  await expect(page.getByRole("heading", { name: "Lose an update with one pause", level: 1 })).toBeVisible();
  expect(await page.locator("noscript").innerHTML()).toContain(
    "Adding faults, choosing a design and checking it need JavaScript.",
  );
  await expect(grade(page)).toHaveText("No fault added yet. The goal does not hold in this run yet.");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset the level" })).toBeDisabled();
  await expect(page.getByText("Loading the level…")).toHaveCount(0);
  await context.close();
});

for (const viewport of [
  { name: "a laptop", width: 1280, height: 800 },
  { name: "a phone", width: 390, height: 844 },
]) {
  test(`on ${viewport.name}, a level's page comes to life where it was drawn, without shifting (layout shift at most 0.02)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.shifted += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/challenges/fence-the-pause/", { waitUntil: "domcontentloaded" });
    // The nodes the page painted from its HTML: the live level hydrates them, it does not draw them again.
    const marked = await page.evaluate(() => {
      const nodes = [
        document.querySelector("#timeline"),
        document.querySelector("#main h1"),
        document.querySelector("#main select"),
      ];
      (window as unknown as { drawn: (Element | null)[] }).drawn = nodes;
      return nodes.every(Boolean);
    });
    expect(marked).toBe(true);
    await expect(page.getByRole("button", { name: "Back to the starting design" })).toBeEnabled();
    await expect(page.getByText("The run with no added fault has")).toBeVisible();
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThanOrEqual(0.02);
    const kept = await page.evaluate(() => {
      const [timeline, heading, select] = (window as unknown as { drawn: Element[] }).drawn;
      return [
        timeline === document.querySelector("#timeline"),
        heading === document.querySelector("#main h1"),
        select === document.querySelector("#main select"),
      ];
    });
    expect(kept).toEqual([true, true, true]);
    expect(errors).toEqual([]);
    await context.close();
  });
}

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
      await openLevel(page, "redis-one-pause/", "Lose an update with one pause");
      await expect(grade(page)).toHaveText(/goal does not hold/);
    },
  },
  {
    name: "a level to defend, with its counterexample",
    open: async (page) => {
      await openLevel(page, "fence-the-pause/", "Survive every pause");
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
