import { expect, type Page } from "@playwright/test";
import type { QuizSet } from "@/lib/content/types";

/** Opens a quiz set and answers its first question wrong, as a learner who misses it: it is then due for review. */
export async function missFirstQuestion(page: Page, set: QuizSet): Promise<void> {
  await page.goto(`/quiz/${set.slug}/`);
  await page
    .getByRole("article")
    .getByRole("radio")
    .nth(set.questions[0]!.options.findIndex((o) => !o.correct))
    .check();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("heading", { name: "Not quite" })).toBeVisible();
}
