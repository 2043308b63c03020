import { expect, test, type Page } from "@playwright/test";
import { contentLoad } from "@/lib/content/load";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import { expectNoSeriousA11yViolations } from "./axe";

// The tests read the lessons from the content itself.
const { lessons } = lessonContentLoad();
const [first] = lessons;
const leases = lessons.find((lesson) => lesson.slug === "02-leases")!;
const afterLeases = lessons[lessons.indexOf(leases) + 1]!;

const yourProgress = (page: Page) => page.getByRole("region", { name: "Your progress" });

/** Opens a lesson and waits until its progress has loaded, so the visit is recorded. */
async function openLesson(page: Page, slug: string) {
  await page.goto(`/learn/${slug}/`);
  await expect(page.getByRole("button", { name: "Mark as understood" })).toBeEnabled();
}

/** Goes home the way a learner does, by the site's name in the header. */
async function goHome(page: Page) {
  await page.getByRole("link", { name: "Lease Lab" }).first().click();
  await expect(page).toHaveURL("/");
}

test("a first visit starts with the first lesson", async ({ page }) => {
  await page.goto("/");
  const progress = yourProgress(page);
  await expect(progress.getByText("Start here")).toBeVisible();
  await expect(progress.getByText(first!.title, { exact: true })).toBeVisible();
  await expect(progress.getByRole("link", { name: "Start the first lesson" })).toHaveAttribute(
    "href",
    `/learn/${first!.slug}/`,
  );
});

test("the home page continues with the lesson opened last, and its link leads back to it", async ({ page }) => {
  await openLesson(page, leases.slug);
  await goHome(page);
  const progress = yourProgress(page);
  await expect(progress.getByText("Continue where you left off")).toBeVisible();
  await expect(progress.getByText(leases.title, { exact: true })).toBeVisible();
  await expect(
    progress.getByText(`Lesson ${leases.number} of ${lessons.length} · not marked as understood yet`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "continue with a lesson", 'section[aria-labelledby="progress-heading"]');

  await progress.getByRole("link", { name: `Continue with ${leases.title}` }).click();
  await expect(page).toHaveURL(`/learn/${leases.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();
});

test("once the lesson is marked as understood, the home page leads on to the next one", async ({ page }) => {
  await openLesson(page, leases.slug);
  await page.getByRole("button", { name: "Mark as understood" }).click();
  await expect(page.getByRole("button", { name: "Mark as understood" })).toHaveAttribute("aria-pressed", "true");
  await goHome(page);
  const progress = yourProgress(page);
  await expect(progress.getByText(afterLeases.title, { exact: true })).toBeVisible();
  await expect(
    progress.getByText(
      `Next: lesson ${afterLeases.number} of ${lessons.length} · you marked lesson ${leases.number} as understood`,
    ),
  ).toBeVisible();

  await progress.getByRole("link", { name: `Continue with ${afterLeases.title}` }).click();
  await expect(page).toHaveURL(`/learn/${afterLeases.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: afterLeases.title })).toBeVisible();
});

test("a finished quiz is never where the home page continues: it leads on to the next quiz", async ({ page }) => {
  const { quizSets } = contentLoad();
  const [quiz, nextQuiz] = quizSets;
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/quiz/${quiz!.slug}/`);
  for (const question of quiz!.questions) {
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(question.title);
    await page
      .getByRole("article")
      .getByRole("radio")
      .nth(question.options.findIndex((o) => o.correct))
      .check();
    await page.getByRole("button", { name: "Check answer" }).click();
    await page.getByRole("button", { name: /^(Next question|See your score)$/ }).click();
  }
  await expect(page.getByRole("heading", { name: "Your score" })).toBeVisible();

  await goHome(page);
  const progress = yourProgress(page);
  await expect(progress.getByText("Continue where you left off")).toBeVisible();
  await expect(
    progress.getByText(
      `Next quiz · you finished ${quiz!.title} with ${quiz!.questions.length} of ${quiz!.questions.length}`,
    ),
  ).toBeVisible();
  await expect(progress.getByRole("link", { name: /^Continue with / })).not.toHaveAttribute(
    "href",
    `/quiz/${quiz!.slug}/`,
  );
  await progress.getByRole("link", { name: `Continue with ${nextQuiz!.title}` }).click();
  await expect(page).toHaveURL(`/quiz/${nextQuiz!.slug}/`);
  await expect(page.getByText(`Question 1 of ${nextQuiz!.questions.length}`)).toBeVisible();
});
