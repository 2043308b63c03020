import { expect, test } from "@playwright/test";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import type { LessonPredict } from "@/lib/content/lessonTypes";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";

const fencing = lessonContentLoad().lessons.find((lesson) => lesson.slug === "04-fencing-tokens")!;
// The lesson's first prediction: c1's stale write with token 1, after storage has accepted token 2.
const predict = fencing.blocks.find((block): block is LessonPredict => block.kind === "predict")!;
const wrong = predict.options.findIndex((_, index) => index !== predict.answer);
const reason = "c1 was granted its token, so it still holds the lock";

test("a prediction made sure and wrong, with a reason, is said back, comes back in Review, and counts in the home page's calibration", async ({
  page,
}) => {
  const errors = watchForErrors(page);

  // Nothing is counted before a prediction is answered.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your progress" })).toBeVisible();
  await expect(page.getByText("Drills practised")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your predictions: how sure, how often right" })).toHaveCount(0);

  await page.goto(`/learn/${fencing.slug}/`);
  await page
    .getByRole("group", { name: predict.question })
    .getByRole("radio", { name: predict.options[wrong] })
    .check();
  // How sure, by keyboard: the arrow keys move along the group, from "Guessing" up to "Sure".
  const sure = page.getByRole("group", { name: "How sure are you? (optional)" }).first();
  await sure.getByRole("radio", { name: "Guessing" }).check();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(sure.getByRole("radio", { name: "Sure", exact: true })).toBeChecked();
  await expect(sure.getByRole("radio", { name: "Sure", exact: true })).toBeFocused();
  await page.getByRole("textbox", { name: "Why? (optional, one line)" }).first().fill(reason);
  await expectNoSeriousA11yViolationsInBothThemes(
    page,
    "a prediction with its confidence and reason",
    `[id="${predict.id}"]`,
  );
  await page.getByRole("button", { name: "Check my prediction" }).first().click();

  const result = page.getByRole("status").filter({ hasText: "Not quite." });
  await expect(result).toContainText(`The answer is “${predict.options[predict.answer]}”`);
  await expect(result).toContainText(`You were sure: ${reason}`);
  await expect(result.getByRole("paragraph")).toBeFocused();

  // The missed prediction waits in Review beside quiz misses, its question and options asked again.
  await page.goto("/review/");
  const due = page.getByRole("region", { name: "Due now" });
  await expect(due).toContainText("1 prediction to review.");
  const card = due.getByRole("article", { name: predict.question });
  await expect(card).toContainText(`Missed prediction · ${fencing.title}`);
  await expect(card.getByRole("link", { name: fencing.title })).toHaveAttribute(
    "href",
    `/learn/${fencing.slug}/#${predict.id}`,
  );
  for (const option of predict.options) await expect(card.getByRole("radio", { name: option })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "review with a missed prediction");
  await card.getByRole("radio", { name: predict.options[predict.answer] }).check();
  await card.getByRole("button", { name: "Check answer" }).click();
  await expect(card.getByRole("heading", { name: "Correct" })).toBeFocused();
  await expect(due).toContainText("Right: this prediction comes back later, at a longer interval.");
  await due.getByRole("button", { name: "Done" }).click();
  // Scheduled as a quiz question answered right is: days away, no longer due.
  await expect(due).toContainText("You are up to date.");
  await expect(
    page.getByRole("region", { name: "Coming up" }).getByRole("link", { name: predict.question }),
  ).toHaveAttribute("href", `/learn/${fencing.slug}/#${predict.id}`);

  // Home: how often "sure" was right, per concept (the lesson) and in all.
  await page.goto("/");
  const calibration = page.getByRole("region", { name: "Your predictions: how sure, how often right" });
  await expect(calibration).toContainText("All lessons");
  const byLesson = calibration
    .getByRole("list", { name: "By lesson" })
    .getByRole("listitem")
    .filter({ hasText: fencing.title });
  await expect(byLesson.getByRole("link", { name: fencing.title })).toBeVisible();
  await expect(byLesson.getByRole("listitem")).toHaveText(["Sure: right 0 of 1"]);
  await expectNoSeriousA11yViolationsInBothThemes(
    page,
    "home with calibration",
    `section[aria-labelledby="calibration-heading"]`,
  );
  expect(errors).toEqual([]);
});

test("a prediction answered again after a reload, once its reveal was seen, still counts its first answer and stays due in Review", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const question = page.getByRole("group", { name: predict.question });
  const check = page.getByRole("button", { name: "Check my prediction" }).first();

  await page.goto(`/learn/${fencing.slug}/`);
  await question.getByRole("radio", { name: predict.options[wrong] }).check();
  await page
    .getByRole("group", { name: "How sure are you? (optional)" })
    .first()
    .getByRole("radio", { name: "Sure", exact: true })
    .check();
  await check.click();
  await expect(page.getByRole("status").filter({ hasText: "Not quite." })).toContainText(
    `The answer is “${predict.options[predict.answer]}”`,
  );

  // Having seen the reveal, the learner reloads and picks the answer it showed.
  await page.reload();
  await question.getByRole("radio", { name: predict.options[predict.answer] }).check();
  await check.click();
  await expect(page.getByRole("status").filter({ hasText: "You predicted it." })).toBeVisible();

  // The miss is still due: only Review reviews it, spaced.
  await page.goto("/review/");
  const due = page.getByRole("region", { name: "Due now" });
  await expect(due).toContainText("1 prediction to review.");
  await expect(due.getByRole("article", { name: predict.question })).toBeVisible();

  // Calibration counts the first answer, made sure and wrong.
  await page.goto("/");
  const calibration = page.getByRole("region", { name: "Your predictions: how sure, how often right" });
  const byLesson = calibration
    .getByRole("list", { name: "By lesson" })
    .getByRole("listitem")
    .filter({ hasText: fencing.title });
  await expect(byLesson.getByRole("listitem")).toHaveText(["Sure: right 0 of 1"]);
  expect(errors).toEqual([]);
});
