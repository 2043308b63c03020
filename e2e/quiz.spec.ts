import { expect, test, type Page } from "@playwright/test";
import { contentLoad } from "@/lib/content/load";
import type { QuizQuestion } from "@/lib/content/types";
import { expectNoSeriousA11yViolations } from "./axe";

const { quizSets } = contentLoad();
// The shortest set keeps the runs quick; the tests read the right answers from the content itself.
const set = [...quizSets].sort((a, b) => a.questions.length - b.questions.length)[0];
const total = set.questions.length;
const url = `/quiz/${set.slug}/`;

/** An explanation's first words as plain text, enough to find it on the page. */
function snippet(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x26;/g, "&")
    .replace(/&#x3C;/g, "<")
    .replace(/\s+/g, " ")
    .trim();
  return text.split(" ").slice(0, 8).join(" ");
}

const correctIndex = (q: QuizQuestion) => q.options.findIndex((o) => o.correct);
const wrongIndex = (q: QuizQuestion) => q.options.findIndex((o) => !o.correct);

function question(page: Page) {
  return page.getByRole("article");
}

/** Chooses option `index` with its number key and checks the answer with Enter. */
async function answerWithKeys(page: Page, index: number) {
  await page.keyboard.press(String(index + 1));
  await expect(question(page).getByRole("radio").nth(index)).toBeChecked();
  await page.keyboard.press("Enter");
}

async function answerWithMouse(page: Page, q: QuizQuestion, index: number) {
  await expect(question(page).getByRole("heading", { level: 2 })).toHaveText(q.title);
  await question(page).getByRole("radio").nth(index).check();
  await page.getByRole("button", { name: "Check answer" }).click();
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("a set asks one question at a time, explains the chosen and the correct answer, scores, and reviews the mistakes", async ({ page }) => {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: set.title })).toBeVisible();
  await expect(page.getByText(`0 of ${total} answered`)).toBeVisible();

  // A wrong answer: both the chosen option's explanation and the correct one's.
  const [first, second, ...rest] = set.questions;
  await expect(page.getByText(`Question 1 of ${total}`)).toBeVisible();
  await answerWithMouse(page, first, wrongIndex(first));
  await expect(page.getByRole("heading", { name: "Not quite" })).toBeFocused();
  await expect(page.getByText("Your answer, wrong")).toBeVisible();
  await expect(page.getByText("Correct answer", { exact: true })).toBeVisible();
  await expect(page.getByText(snippet(first.options[wrongIndex(first)].explanationHtml))).toBeVisible();
  await expect(page.getByText(snippet(first.options[correctIndex(first)].explanationHtml))).toBeVisible();
  if (first.scenario) {
    await expect(page.getByRole("link", { name: "See it happen" })).toHaveAttribute("href", `/lab/?preset=${first.scenario.preset}`);
  }
  await page.getByRole("button", { name: "Next question" }).click();

  // A right answer.
  await expect(page.getByRole("heading", { level: 2, name: second.title })).toBeFocused();
  await answerWithMouse(page, second, correctIndex(second));
  await expect(page.getByRole("heading", { name: "Correct" })).toBeVisible();
  await expect(page.getByText("Your answer, correct")).toBeVisible();
  await expect(page.getByText(snippet(second.options[correctIndex(second)].explanationHtml))).toBeVisible();

  for (const q of rest) {
    await page.getByRole("button", { name: /^(Next question|See your score)$/ }).click();
    await answerWithMouse(page, q, correctIndex(q));
  }
  await page.getByRole("button", { name: "See your score" }).click();

  const score = page.getByRole("region", { name: "Your score" });
  await expect(score).toContainText(`${total - 1} of ${total} correct`);
  await page.getByRole("button", { name: "Review my mistakes" }).click();
  const mistakes = page.getByRole("region", { name: "Your mistakes" });
  await expect(mistakes.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(mistakes.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) })).toHaveCount(1);
  await expect(mistakes.getByRole("heading", { level: 3 })).toHaveText(first.title);
  await expect(mistakes.getByText(snippet(first.options[wrongIndex(first)].explanationHtml))).toBeVisible();

  // The best score shows on the list of sets.
  await page.getByRole("link", { name: "All quizzes" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: set.title })).toContainText(`Best score ${total - 1} of ${total}`);
});

test("a run in progress survives a reload", async ({ page }) => {
  await page.goto(url);
  const [first, second, third] = set.questions;
  await answerWithMouse(page, first, correctIndex(first));
  await page.getByRole("button", { name: "Next question" }).click();
  await answerWithMouse(page, second, wrongIndex(second));

  await page.reload();
  await expect(page.getByText(`2 of ${total} answered`)).toBeVisible();
  await expect(page.getByText(`Question 3 of ${total}`)).toBeVisible();
  await expect(question(page).getByRole("heading", { level: 2 })).toHaveText(third.title);

  await page.goto("/quiz/");
  await expect(page.getByRole("listitem").filter({ hasText: set.title })).toContainText(`In progress: 2 of ${total} answered`);
});

test("the whole set can be answered from the keyboard, and the number keys can be turned off", async ({ page }) => {
  await page.goto(url);
  for (const [i, q] of set.questions.entries()) {
    await expect(question(page).getByRole("heading", { level: 2 })).toHaveText(q.title);
    await answerWithKeys(page, i === 0 ? wrongIndex(q) : correctIndex(q));
    await expect(page.getByRole("heading", { name: i === 0 ? "Not quite" : "Correct" })).toBeFocused();
    // From the result, Tab reaches the button that moves on.
    const next = page.getByRole("button", { name: /^(Next question|See your score)$/ });
    for (let tabs = 0; tabs < 12 && !(await next.evaluate((el) => el === document.activeElement)); tabs++) await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("heading", { name: "Your score" })).toBeFocused();
  await page.getByRole("button", { name: "Try the set again" }).click();

  const toggle = page.getByRole("checkbox", { name: "Number keys choose an answer" });
  await toggle.uncheck();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("1");
  await expect(question(page).getByRole("radio").first()).not.toBeChecked();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose an answer first." })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Number keys choose an answer" })).not.toBeChecked();
});

test("a set that does not exist is a 404", async ({ page }) => {
  const response = await page.goto("/quiz/no-such-set/");
  expect(response?.status()).toBe(404);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the quiz pages have no serious accessibility violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.goto("/quiz/");
    await expect(page.getByText("Not attempted yet").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `quiz list, ${scheme}`);

    await page.goto(url);
    const [first, ...rest] = set.questions;
    await expect(question(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `question, ${scheme}`);
    await answerWithMouse(page, first, wrongIndex(first));
    await page.getByText("Why not this one?").first().click();
    await expectNoSeriousA11yViolations(page, `answer explained, ${scheme}`);
    for (const q of rest) {
      await page.getByRole("button", { name: /^(Next question|See your score)$/ }).click();
      await answerWithMouse(page, q, correctIndex(q));
    }
    await page.getByRole("button", { name: "See your score" }).click();
    await page.getByRole("button", { name: "Review my mistakes" }).click();
    await expect(page.getByRole("region", { name: "Your mistakes" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `summary and mistakes, ${scheme}`);
  });
}
