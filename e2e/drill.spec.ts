import { expect, test, type Page } from "@playwright/test";
import { contentLoad } from "@/lib/content/load";
import { PROGRESS_KEY } from "@/lib/store/progressStorage";
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { optionWords } from "./optionWords";
import { missFirstQuestion } from "./quiz";

const { drills, quizSets } = contentLoad();
const drill = drills.find((d) => d.slug === "gc-pause-and-fencing-tokens") ?? drills[0]!;
const url = `/drill/${drill.slug}/`;

function drillCard(page: Page, title: string) {
  // The list of every drill, not the evening plan above it, which links some of them too.
  return page
    .getByRole("list", { name: "All drills" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

async function revealAndRate(page: Page, rating: "Again" | "Hard" | "Good" | "Easy") {
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await page.getByRole("button", { name: new RegExp(`^${rating}\\b`) }).click();
  await expect(page.getByRole("status").filter({ hasText: `You rated this attempt ${rating}.` })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("a drill: the prompt, a draft kept across reloads, the reveal, the rubric and a rating that schedules a review", async ({
  page,
}) => {
  await page.goto("/drill/");
  await expect(page.getByRole("heading", { level: 1, name: "Interview drills" })).toBeVisible();
  await expect(drillCard(page, drill.title)).toContainText("Not practised yet");
  await drillCard(page, drill.title).getByRole("link", { name: drill.title, exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: drill.title })).toBeVisible();
  await expect(page.getByRole("region", { name: "Prompt" })).toBeVisible();
  const answer = page.getByRole("textbox", { name: "Your answer" });
  await answer.fill("c1's lease expires during the pause; c2 writes; c1 wakes and overwrites. Fence with a token.");

  await page.reload();
  await expect(answer).toHaveValue(/Fence with a token\.$/);
  await expect(page.getByRole("heading", { name: "Model answer" })).toHaveCount(0);

  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expect(page.getByRole("heading", { name: "Model answer" })).toBeFocused();
  const rubric = page.getByRole("region", { name: "Check your answer against the rubric" });
  await expect(rubric.getByRole("checkbox")).toHaveCount(drill.rubric.length);
  await rubric.getByRole("checkbox").nth(0).check();
  await rubric.getByRole("checkbox").nth(3).check();
  await expect(rubric.getByText(`2 of ${drill.rubric.length} covered`)).toBeVisible();
  if (drill.followUpsHtml)
    await expect(page.getByRole("heading", { name: "Follow-ups an interviewer might ask" })).toBeVisible();

  // The preview says when each rating would bring the drill back.
  await expect(page.getByRole("button", { name: /^Good\b/ })).toContainText("back in 3 days");
  await page.getByRole("button", { name: /^Good\b/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Good." })).toContainText(
    "Next review in 3 days",
  );

  // The reveal, the ticks and the rating survive a reload.
  await page.reload();
  await expect(rubric.getByText(`2 of ${drill.rubric.length} covered`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Good." })).toBeVisible();

  await page.getByRole("link", { name: "Your review schedule" }).click();
  const upcoming = page.getByRole("region", { name: "Coming up" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: drill.title })).toContainText("in 3 days");

  await page.goto("/drill/");
  await expect(drillCard(page, drill.title)).toContainText("Next review in 3 days");

  // A new attempt clears the answer but keeps the schedule.
  await page.goto(url);
  await page.getByRole("button", { name: "Start a new attempt" }).click();
  await expect(answer).toHaveValue("");
  await expect(answer).toBeFocused();
  await page.goto("/review/");
  await expect(page.getByRole("region", { name: "Coming up" })).toContainText(drill.title);
});

test("the countdown starts from the drill's minutes, pauses, resets and says when time is up", async ({ page }) => {
  await page.clock.install();
  await page.goto(url);
  const timer = page.getByRole("timer", { name: /minutes suggested/ });
  const start = `${String(drill.minutes).padStart(2, "0")}:00`;
  await expect(timer).toHaveText(start);
  // The installed clock runs at the machine's pace until paused; paused, only runFor moves it, so a
  // busy machine adds no seconds.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await page.getByRole("button", { name: "Start timer" }).click();
  await page.clock.runFor(61_000);
  await expect(timer).toHaveText(`${String(drill.minutes - 2).padStart(2, "0")}:59`);
  await page.getByRole("button", { name: "Pause timer" }).click();
  await page.clock.runFor(30_000);
  await expect(timer).toHaveText(`${String(drill.minutes - 2).padStart(2, "0")}:59`);

  await page.getByRole("button", { name: "Resume timer" }).click();
  await page.clock.runFor(drill.minutes * 60_000);
  await expect(timer).toHaveText("00:00");
  await expect(page.getByText("Time is up.")).toBeVisible();

  await page.getByRole("button", { name: "Reset timer" }).click();
  await expect(timer).toHaveText(start);
  await expect(page.getByRole("button", { name: "Start timer" })).toBeVisible();
});

test("a drill can be done from the keyboard alone", async ({ page }) => {
  await page.goto(url);
  const answer = page.getByRole("textbox", { name: "Your answer" });
  await expect(answer).toBeEnabled();
  await answer.focus();
  await page.keyboard.type("Leases expire during pauses; fencing tokens stop the stale write.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Reveal the model answer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Model answer" })).toBeFocused();

  // Past the model answer's own links (its lab run) to the rubric's first item.
  const firstItem = page
    .getByRole("region", { name: "Check your answer against the rubric" })
    .getByRole("checkbox")
    .first();
  for (let tabs = 0; tabs < 10 && !(await firstItem.evaluate((el) => el === document.activeElement)); tabs++)
    await page.keyboard.press("Tab");
  await expect(firstItem).toBeFocused();
  await page.keyboard.press("Space");
  await expect(firstItem).toBeChecked();

  const easy = page.getByRole("button", { name: /^Easy\b/ });
  for (let tabs = 0; tabs < 40 && !(await easy.evaluate((el) => el === document.activeElement)); tabs++)
    await page.keyboard.press("Tab");
  await expect(easy).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Easy." })).toBeVisible();
});

test("a missed quiz question is due on the review page and can be answered there", async ({ page }) => {
  const set = quizSets[0]!;
  const q = set.questions[0]!;
  await missFirstQuestion(page, set);

  await page.getByRole("link", { name: "Review", exact: true }).click();
  const due = page.getByRole("region", { name: "Due now" });
  await expect(due).toContainText("1 question to review.");
  await expect(due.getByRole("heading", { level: 2, name: q.title })).toBeVisible();
  // The review asks it with its options in another order: the right one is chosen by its words.
  await due.getByRole("radio", { name: optionWords(q.options.find((o) => o.correct)!.html), exact: true }).check();
  await due.getByRole("button", { name: "Check answer" }).click();
  await expect(due.getByRole("heading", { name: "Correct" })).toBeFocused();
  await due.getByRole("button", { name: "Done" }).click();

  await expect(due).toContainText("You are up to date. The next review is in 3 days.");
  await expect(page.getByRole("region", { name: "Coming up" })).toContainText(q.title);
});

test("damaged saved progress is moved aside, the learner is told, and the app keeps working", async ({ page }) => {
  // Damage the save from a page without the progress store, so no hydrating store can write over it.
  await page.goto("/about/");
  await page.evaluate((key) => localStorage.setItem(key, "{ this is not progress"), PROGRESS_KEY);
  await page.goto("/drill/");

  const alert = page.getByRole("alert").filter({ hasText: "Your saved progress could not be read" });
  await expect(alert).toContainText("it is not valid JSON");
  await expect(alert).toContainText("lease-lab:progress:damaged:");
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("lease-lab:progress:damaged:"))
      .map((key) => localStorage.getItem(key)),
  );
  expect(kept).toEqual(["{ this is not progress"]);
  await expectNoSeriousA11yViolations(page, "damaged progress notice");

  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(alert).toHaveCount(0);
  await page.goto(url);
  await revealAndRate(page, "Hard");
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Hard." })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "could not be read" })).toHaveCount(0);
});

test("a drill that does not exist is a 404", async ({ page }) => {
  const response = await page.goto("/drill/no-such-drill/");
  expect(response?.status()).toBe(404);
});

test("the drill and review pages have no serious accessibility violations in either theme", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/review/");
  await expect(page.getByText("Nothing to review yet.")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "empty review");

  await page.goto("/drill/");
  await expect(page.getByText("No drill is due for review.")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill list");

  await page.goto(url);
  await expect(page.getByRole("textbox", { name: "Your answer" })).toBeEnabled();
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill");
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill revealed");
  await page.getByRole("button", { name: /^Again\b/ }).click();
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill rated");

  const set = quizSets[0]!;
  await missFirstQuestion(page, set);
  await page.goto("/review/");
  await expect(page.getByRole("region", { name: "Coming up" })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "review with a due question");
});
