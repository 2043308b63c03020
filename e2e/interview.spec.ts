import { expect, test, type Page } from "@playwright/test";
import { eveningPlan } from "@/lib/content/eveningPlan";
import { contentLoad } from "@/lib/content/load";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { optionWords } from "./optionWords";
import { missFirstQuestion } from "./quiz";

// Issue 46, item 12: the evening before an interview.

const { drills, quizSets } = contentLoad();
const drill = drills.find((d) => d.slug === "gc-pause-and-fencing-tokens") ?? drills[0]!;
const url = `/drill/${drill.slug}/`;

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("the rubric ticks suggest a rating, the rule is said in one line, and the learner still chooses", async ({
  page,
}) => {
  await page.goto(url);
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  const rubric = page.getByRole("region", { name: "Check your answer against the rubric" });
  const rating = page.getByRole("region", { name: "How did it go?" });
  const suggested = rating.getByRole("button", { name: /Suggested/ });

  // Nothing ticked: a must-have is missing.
  await expect(rating).toContainText("Your ticks suggest Again.");
  await expect(rating).toContainText("A missed must-have suggests Again");
  await expect(suggested).toHaveCount(1);
  await expect(suggested).toHaveAccessibleName(/^Again Suggested/);

  for (const index of drill.mustHaves) await rubric.getByRole("checkbox").nth(index).check();
  await expect(suggested).toHaveAccessibleName(/^Hard Suggested/);

  for (let index = 0; index < drill.rubric.length; index++) await rubric.getByRole("checkbox").nth(index).check();
  await expect(suggested).toHaveAccessibleName(/^Easy Suggested/);
  const other = [...drill.rubric.keys()].find((index) => !drill.mustHaves.includes(index))!;
  await rubric.getByRole("checkbox").nth(other).uncheck();
  await expect(suggested).toHaveAccessibleName(/^Good Suggested/);
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill with a suggested rating");

  // The learner knows better than the ticks, and says so.
  await rating.getByRole("button", { name: /^Hard\b/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Hard." })).toBeVisible();
});

test("a two-minute say-it-out-loud timer starts, pauses, warns at 30 seconds, ends and resets", async ({ page }) => {
  await page.clock.install();
  await page.goto(url);
  const say = page.getByRole("region", { name: "Say it out loud · 2 minutes" });
  const timer = say.getByRole("timer", { name: "Say it out loud · 2 minutes" });
  await expect(timer).toHaveText("02:00");
  // Paused, the page's clock moves only by runFor, so a busy machine adds no seconds.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await say.getByRole("button", { name: "Start speaking" }).click();
  await expect(say.getByText("Two minutes: say your answer out loud.")).toHaveAttribute("aria-live", "polite");
  await page.clock.runFor(60_000);
  await expect(timer).toHaveText("01:00");
  await say.getByRole("button", { name: "Pause speaking" }).click();
  await expect(say.getByText("Paused.")).toBeVisible();
  await page.clock.runFor(20_000);
  await expect(timer).toHaveText("01:00");

  await say.getByRole("button", { name: "Resume speaking" }).click();
  await page.clock.runFor(31_000);
  await expect(timer).toHaveText("00:29");
  await expect(say.getByText("30 seconds left: wrap up.")).toBeVisible();
  await page.clock.runFor(30_000);
  await expect(timer).toHaveText("00:00");
  await expect(say.getByText("Two minutes are up: stop and compare with the rubric.")).toBeVisible();

  await say.getByRole("button", { name: "Reset the two minutes" }).click();
  await expect(timer).toHaveText("02:00");
  await expect(say.getByRole("button", { name: "Start speaking" })).toBeVisible();
  // The drill's own countdown is a separate timer, untouched.
  await expect(page.getByRole("timer", { name: /minutes suggested/ })).toHaveText(
    `${String(drill.minutes).padStart(2, "0")}:00`,
  );
});

async function rateDrill(page: Page, slug: string, rating: "Again" | "Hard" | "Good" | "Easy") {
  await page.goto(`/drill/${slug}/`);
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await page.getByRole("button", { name: new RegExp(`^${rating}\\b`) }).click();
  await expect(page.getByRole("status").filter({ hasText: `You rated this attempt ${rating}.` })).toBeVisible();
}
test("cram goes through every missed question and rated drill, due or not, with a count and an end, and leaves the schedule alone", async ({
  page,
}) => {
  const set = quizSets[0]!;
  const q = set.questions[0]!;
  await missFirstQuestion(page, set);
  // Rated Good, the drill is not due for days: only cramming brings it back tonight.
  await rateDrill(page, drill.slug, "Good");

  await page.goto("/review/");
  const due = page.getByRole("region", { name: "Due now" });
  await expect(due).toContainText("1 question to review.");
  const cram = page.getByRole("region", { name: "Cram before an interview" });
  await cram.getByRole("button", { name: "Cram all 2 cards" }).click();

  await expect(cram.getByText("Card 1 of 2", { exact: true })).toBeVisible();
  // Said once, above the card, not again inside it.
  await expect(cram.getByText(/Card 1 of 2/)).toHaveCount(1);
  await expect(cram.getByRole("heading", { level: 2, name: q.title })).toBeVisible();
  await cram.getByRole("radio", { name: optionWords(q.options.find((o) => o.correct)!.html), exact: true }).check();
  await cram.getByRole("button", { name: "Check answer" }).click();
  await expect(cram.getByRole("heading", { name: "Correct" })).toBeFocused();
  await cram.getByRole("button", { name: "Next card" }).click();

  await expect(cram.getByText("Card 2 of 2", { exact: true })).toBeVisible();
  await expect(cram.getByText(/Card 2 of 2/)).toHaveCount(1);
  await expect(cram.getByRole("heading", { level: 3, name: drill.title })).toBeFocused();
  await expect(cram.getByRole("link", { name: "Open the drill" })).toHaveAttribute("href", url);
  await cram.getByRole("button", { name: "Finish cramming" }).click();
  await expect(cram.getByRole("status")).toHaveText(
    "Cram done: 2 cards, 1 of 1 question right. Your review schedule did not change.",
  );
  await expectNoSeriousA11yViolationsInBothThemes(page, "cram done");

  // The question answered right in the cram is still due, as before: nothing was rescheduled.
  await cram.getByRole("button", { name: "Stop cramming" }).click();
  await expect(due).toContainText("1 question to review.");
  await page.reload();
  await expect(due).toContainText("1 question to review.");
  await expect(page.getByRole("region", { name: "Coming up" })).toContainText("in 3 days");
});

test("the plan for one evening lists quizzes and drills in order, with minutes that add up to about 90, and ticks off what is done", async ({
  page,
}) => {
  const plan = eveningPlan(
    quizSets.map((set) => ({
      slug: set.slug,
      title: set.title,
      topic: set.topic,
      questionCount: set.questions.length,
    })),
    drills,
  );
  const total = plan.reduce((sum, item) => sum + item.minutes, 0);
  await page.goto("/drill/");
  const evening = page.getByRole("region", { name: "Interview tomorrow? A plan for one evening" });
  const steps = evening.getByRole("listitem");
  await expect(steps).toHaveCount(plan.length);
  await expect(evening).toContainText(`${total} minutes in all`);
  for (const [index, item] of plan.entries()) {
    const link = steps.nth(index).getByRole("link", { name: item.title, exact: true });
    await expect(link).toHaveAttribute("href", item.kind === "quiz" ? `/quiz/${item.slug}/` : `/drill/${item.slug}/`);
    await expect(steps.nth(index)).toContainText(`${item.minutes} min`);
  }
  await expect(evening).toContainText(`0 of ${plan.length} done`);

  const firstDrill = plan.findIndex((item) => item.kind === "drill");
  await rateDrill(page, plan[firstDrill]!.slug, "Good");
  await page.goto("/drill/");
  await expect(evening).toContainText(`1 of ${plan.length} done`);
  await expect(steps.nth(firstDrill)).toContainText("Done");
  await expect(steps.nth(0)).not.toContainText("Done");
  await expectNoSeriousA11yViolationsInBothThemes(page, "evening plan");
});
