import { expect, test, type Page } from "@playwright/test";
import { contentLoad } from "@/lib/content/load";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import type { QuizQuestion } from "@/lib/content/types";
import { PROGRESS_VERSION } from "@/lib/store/progressSchema";
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothThemes } from "./axe";

const { quizSets } = contentLoad();
// The shortest set keeps the runs quick; the tests read the right answers from the content itself.
const set = [...quizSets].sort((a, b) => a.questions.length - b.questions.length)[0]!;
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

test("a set asks one question at a time, explains the chosen and the correct answer, scores, and reviews the mistakes", async ({
  page,
}) => {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: set.title })).toBeVisible();
  await expect(page.getByText(`0 of ${total} answered`)).toBeVisible();

  // A wrong answer: both the chosen option's explanation and the correct one's.
  const [first, second, ...rest] = set.questions;
  await expect(page.getByText(`Question 1 of ${total}`)).toBeVisible();
  await answerWithMouse(page, first!, wrongIndex(first!));
  await expect(page.getByRole("heading", { name: "Not quite" })).toBeFocused();
  await expect(page.getByText("Your answer, wrong")).toBeVisible();
  await expect(page.getByText("Correct answer", { exact: true })).toBeVisible();
  await expect(page.getByText(snippet(first!.options[wrongIndex(first!)]!.explanationHtml))).toBeVisible();
  await expect(page.getByText(snippet(first!.options[correctIndex(first!)]!.explanationHtml))).toBeVisible();
  if (first!.scenario) {
    await expect(page.getByRole("link", { name: "See it happen" })).toHaveAttribute(
      "href",
      `/lab/?preset=${first!.scenario.preset}`,
    );
  }
  await page.getByRole("button", { name: "Next question" }).click();

  // A right answer.
  await expect(page.getByRole("heading", { level: 2, name: second!.title })).toBeFocused();
  await answerWithMouse(page, second!, correctIndex(second!));
  await expect(page.getByRole("heading", { name: "Correct" })).toBeVisible();
  await expect(page.getByText("Your answer, correct")).toBeVisible();
  await expect(page.getByText(snippet(second!.options[correctIndex(second!)]!.explanationHtml))).toBeVisible();

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
  await expect(mistakes.getByRole("heading", { level: 3 })).toHaveText(first!.title);
  await expect(mistakes.getByText(snippet(first!.options[wrongIndex(first!)]!.explanationHtml))).toBeVisible();

  // The best score shows on the list of sets.
  await page.getByRole("link", { name: "All quizzes" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: set.title })).toContainText(
    `Best score ${total - 1} of ${total}`,
  );
});

test("a run in progress survives a reload", async ({ page }) => {
  await page.goto(url);
  const [first, second, third] = set.questions;
  await answerWithMouse(page, first!, correctIndex(first!));
  await page.getByRole("button", { name: "Next question" }).click();
  await answerWithMouse(page, second!, wrongIndex(second!));

  await page.reload();
  await expect(page.getByText(`2 of ${total} answered`)).toBeVisible();
  await expect(page.getByText(`Question 3 of ${total}`)).toBeVisible();
  await expect(question(page).getByRole("heading", { level: 2 })).toHaveText(third!.title);

  await page.goto("/quiz/");
  await expect(page.getByRole("listitem").filter({ hasText: set.title })).toContainText(
    `In progress: 2 of ${total} answered`,
  );
});

test("the whole set can be answered from the keyboard, and the number keys can be turned off", async ({ page }) => {
  await page.goto(url);
  for (const [i, q] of set.questions.entries()) {
    await expect(question(page).getByRole("heading", { level: 2 })).toHaveText(q.title);
    await answerWithKeys(page, i === 0 ? wrongIndex(q) : correctIndex(q));
    await expect(page.getByRole("heading", { name: i === 0 ? "Not quite" : "Correct" })).toBeFocused();
    // From the result, Tab reaches the button that moves on.
    const next = page.getByRole("button", { name: /^(Next question|See your score)$/ });
    for (let tabs = 0; tabs < 12 && !(await next.evaluate((el) => el === document.activeElement)); tabs++)
      await page.keyboard.press("Tab");
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

test("on a phone, the first question arrives without shifting the page (layout shift under 0.1)", async ({
  browser,
}) => {
  // Every set, at a phone's size: the question replaces the prerendered "Loading your progress…" after hydration.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shifted += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const quiz of quizSets) {
    await page.goto(`/quiz/${quiz.slug}/`);
    await expect(page.getByText(`Question 1 of ${quiz.questions.length}`)).toBeVisible();
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted), quiz.slug).toBeLessThan(0.1);
  }
  await context.close();
});

test("a set that does not exist is a 404", async ({ page }) => {
  const response = await page.goto("/quiz/no-such-set/");
  expect(response?.status()).toBe(404);
});

test("the quiz pages have no serious accessibility violations in either theme", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/quiz/");
  await expect(page.getByText("Not attempted yet").first()).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "quiz list");

  await page.goto(url);
  const [first, ...rest] = set.questions;
  await expect(question(page)).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "question");
  await answerWithMouse(page, first!, wrongIndex(first!));
  await page.getByText("Why not this one?").first().click();
  await expectNoSeriousA11yViolationsInBothThemes(page, "answer explained");
  for (const q of rest) {
    await page.getByRole("button", { name: /^(Next question|See your score)$/ }).click();
    await answerWithMouse(page, q, correctIndex(q));
  }
  await page.getByRole("button", { name: "See your score" }).click();
  await page.getByRole("button", { name: "Review my mistakes" }).click();
  await expect(page.getByRole("region", { name: "Your mistakes" })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "summary and mistakes");
});

/** Answers the whole set, every question right except the first `wrong` ones. */
async function answerSet(page: Page, wrong: number, quiz = set) {
  await page.goto(`/quiz/${quiz.slug}/`);
  for (const [i, q] of quiz.questions.entries()) {
    await answerWithMouse(page, q, i < wrong ? wrongIndex(q) : correctIndex(q));
    await page.getByRole("button", { name: /^(Next question|See your score)$/ }).click();
  }
  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();
}

function scoreRow(page: Page) {
  return page.getByRole("region", { name: "Your progress" }).getByRole("listitem").filter({ hasText: set.title });
}

async function importFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import progress" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

test("the home page shows the best scores and where to continue; progress exports, and imports back into another browser", async ({
  page,
  browser,
}) => {
  await answerSet(page, 2);
  await page.goto("/");
  const progress = page.getByRole("region", { name: "Your progress" });
  await expect(scoreRow(page)).toContainText(`${total - 2} of ${total}`);
  await expect(progress.getByText("Continue where you left off")).toBeVisible();
  // The set is finished, so "continue" leads on to the next set rather than back to its score.
  const nextSet = quizSets[(quizSets.indexOf(set) + 1) % quizSets.length]!;
  await expect(progress.getByRole("link", { name: `Continue with ${nextSet.title}` })).toHaveAttribute(
    "href",
    `/quiz/${nextSet.slug}/`,
  );
  await expect(progress.getByRole("link", { name: "Review 2 due items" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export progress" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lease-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await streamText(await file.createReadStream()));
  expect(exported).toMatchObject({ format: "lease-lab-progress", version: PROGRESS_VERSION });
  expect(exported.progress.quizzes[set.slug].best).toEqual({ correct: total - 2, total });

  // A fresh browser has nothing, until the export is imported.
  const other = await browser.newPage();
  await other.goto("/");
  await expect(scoreRow(other)).toContainText("not taken");
  await importFile(other, "my-progress.json", JSON.stringify(exported));
  await expect(other.getByText(/^Replace your progress with “my-progress\.json” exported on /)).toBeFocused();
  await other.getByRole("button", { name: "Replace my progress" }).click();
  await expect(other.getByText("Imported “my-progress.json”: 1 quiz set and 0 rated drills.")).toBeVisible();
  await expect(scoreRow(other)).toContainText(`${total - 2} of ${total}`);
  await other.reload();
  await expect(scoreRow(other)).toContainText(`${total - 2} of ${total}`);
  await other.close();
});

test("importing a malformed file shows why and keeps the old progress", async ({ page }) => {
  await answerSet(page, 1);
  await page.goto("/");
  await expect(scoreRow(page)).toContainText(`${total - 1} of ${total}`);

  const cases = [
    ["notes.json", "{ this is not JSON", "This file is not JSON, so it cannot be a Lease Lab progress export."],
    ["other.json", JSON.stringify({ theme: "dark" }), "This is not a Lease Lab progress file"],
    [
      "damaged.json",
      JSON.stringify({
        format: "lease-lab-progress",
        version: 1,
        exportedAt: "2026-01-01T00:00:00.000Z",
        progress: { quizzes: 5 },
      }),
      "This progress file cannot be used: quizzes: Invalid input: expected record, received number.",
    ],
  ] as const;
  for (const [name, text, reason] of cases) {
    await importFile(page, name, text);
    const alert = page.getByRole("alert").filter({ hasText: `“${name}” was not imported.` });
    await expect(alert).toContainText(reason);
    await expect(alert).toContainText("Your progress has not changed.");
    await expect(page.getByRole("button", { name: "Replace my progress" })).toHaveCount(0);
    await expect(scoreRow(page)).toContainText(`${total - 1} of ${total}`);
  }
  await expectNoSeriousA11yViolations(page, "import refused");

  await page.reload();
  await expect(scoreRow(page)).toContainText(`${total - 1} of ${total}`);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("lease-lab:progress") ?? "null"));
  expect(saved.state.quizzes[set.slug].best).toEqual({ correct: total - 1, total });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

test("See it happen opens the lab on the question's preset in a new tab, and the quiz keeps its explanation", async ({
  page,
}) => {
  const withScenario = quizSets.find((s) => s.questions[0]!.scenario)!;
  const first = withScenario.questions[0]!;
  await page.goto(`/quiz/${withScenario.slug}/`);
  await answerWithMouse(page, first, correctIndex(first));
  const [lab] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "See it happen (opens in a new tab)" }).click(),
  ]);
  await expect(lab).toHaveURL(new RegExp(`/lab/\\?preset=${first.scenario!.preset}`));
  await expect(lab.getByRole("combobox", { name: "Scenario" })).toHaveValue(first.scenario!.preset, {
    timeout: 30_000,
  });
  // Back on the quiz, the answer is still explained, and Next still leads on.
  await lab.close();
  await page.bringToFront();
  await expect(question(page).getByRole("heading", { name: "Correct" })).toBeVisible();
  await expect(question(page).getByText(snippet(first.options[correctIndex(first)]!.explanationHtml))).toBeVisible();
  await expect(page).toHaveURL(`/quiz/${withScenario.slug}/`);
});

test("after a low score, the result links each lesson behind the missed questions once, with the questions it covers", async ({
  page,
}) => {
  const { lessons } = lessonContentLoad();
  // The set whose questions name the most lessons, read from the content.
  const lessonsOf = (quiz: (typeof quizSets)[number]) => new Set(quiz.questions.map((q) => q.lesson));
  const quiz = [...quizSets].sort((a, b) => lessonsOf(b).size - lessonsOf(a).size)[0]!;
  expect(lessonsOf(quiz).size).toBeGreaterThan(1);
  await answerSet(page, quiz.questions.length, quiz);

  const revisit = page.getByRole("region", { name: "Read these lessons again" });
  await expect(revisit).toContainText("Under 70% right");
  const expected = lessons.filter((lesson) => lessonsOf(quiz).has(lesson.slug));
  await expect(revisit.getByRole("link")).toHaveText(
    expected.map((lesson) => `Lesson ${lesson.number}: ${lesson.title}`),
  );
  for (const lesson of expected) {
    const numbers = quiz.questions.flatMap((q, i) => (q.lesson === lesson.slug ? [i + 1] : []));
    const covers =
      numbers.length === 1
        ? `question ${numbers[0]}`
        : `questions ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
    await expect(revisit.getByRole("listitem").filter({ hasText: `Lesson ${lesson.number}:` })).toContainText(
      `covers ${covers}`,
    );
  }
  await expectNoSeriousA11yViolations(page, "lessons to read again", 'section[aria-labelledby="revisit-heading"]');

  await revisit.getByRole("link", { name: `Lesson ${expected[0]!.number}: ${expected[0]!.title}` }).click();
  await expect(page).toHaveURL(`/learn/${expected[0]!.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: expected[0]!.title })).toBeVisible();
});

test("a score of 70% or more lists no lessons to read again", async ({ page }) => {
  await answerSet(page, Math.floor(total * 0.3));
  await expect(page.getByRole("region", { name: "Your score" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Read these lessons again" })).toHaveCount(0);
});
