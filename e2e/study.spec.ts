import { expect, test, type Page } from "@playwright/test";
import { shuffleOptions } from "@/components/review/shuffleOptions";
import { contentLoad } from "@/lib/content/load";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import type { LessonPredict } from "@/lib/content/lessonTypes";
import { presetById } from "@/lib/scenario/presets";
import { PROGRESS_KEY } from "@/lib/store/progressStorage";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { optionWords } from "./optionWords";

// Issue 18, items 19 and 20: a lesson's prediction plays on, review shuffles, "See it happen" from a
// drill, and the nav on sub-pages. The tests read the lessons, questions and drills from the content.

const { lessons } = lessonContentLoad();
const { quizSets, drills } = contentLoad();

const simulation = (page: Page, title: string) => page.getByRole("region", { name: `Simulation: ${title}` });
const playheadSeconds = async (region: ReturnType<typeof simulation>) =>
  Number.parseFloat((await region.getByRole("slider", { name: "Playhead" }).getAttribute("aria-valuetext")) ?? "NaN");

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  test(`a prediction held at the run's last moment plays on past it after the answer (${reducedMotion} motion)`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    // Lesson 3 holds gc-pause at 17.0 s; the run's last event, c1's stale write, lands 14 ms later.
    const lesson = lessons.find((l) => l.slug === "03-the-pause")!;
    const predict = lesson.blocks.find((b): b is LessonPredict => b.kind === "predict" && b.preset.id === "gc-pause")!;
    await page.goto(`/learn/${lesson.slug}/`);
    const held = simulation(page, predict.preset.title).first();
    await held.scrollIntoViewIfNeeded();
    await expect(held.getByText("The outcome is hidden until you answer.")).toBeVisible();
    const form = page.getByRole("group", {
      name: new RegExp(predict.question.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    });
    await form.getByRole("radio", { name: predict.options[predict.answer] }).check();
    await form.locator("xpath=ancestor::form").getByRole("button", { name: "Check my prediction" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Watch the run play on from 17.0 s." })).toBeVisible();
    // It plays on a good second past the moment, to the end of the picture, not 14 ms.
    await expect.poll(() => playheadSeconds(held), { timeout: 15_000 }).toBeGreaterThan(18);
    await expect(held.getByRole("button", { name: "Play" })).toBeVisible();
  });
}

test("review asks a missed question with its options shuffled for that review, and grades the option chosen, wherever it stands", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const set = quizSets[0]!;
  const q = set.questions[0]!;
  const authored = q.options.map((o) => optionWords(o.html));
  await page.goto(`/quiz/${set.slug}/`);
  await page
    .getByRole("article")
    .getByRole("radio", { name: authored[q.options.findIndex((o) => !o.correct)], exact: true })
    .check();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("heading", { name: "Not quite" })).toBeVisible();

  // The order is the question's own for this review: the card's count of reviews seeds it.
  const reps = await page.evaluate(
    ([key, id]) => {
      const find = (value: unknown): number | null => {
        if (!value || typeof value !== "object") return null;
        const record = value as Record<string, unknown>;
        const card = record[id] as { reps?: number } | undefined;
        if (card && typeof card.reps === "number") return card.reps;
        for (const child of Object.values(record)) {
          const found = find(child);
          if (found !== null) return found;
        }
        return null;
      };
      return find(JSON.parse(localStorage.getItem(key) ?? "null"));
    },
    [PROGRESS_KEY, q.id] as const,
  );
  expect(reps).not.toBeNull();
  const expected = shuffleOptions(q, reps!).options.map((o) => optionWords(o.html));
  expect(expected).not.toEqual(authored);

  await page.goto("/review/");
  const due = page.getByRole("region", { name: "Due now" });
  await expect(due.getByRole("heading", { level: 2, name: q.title })).toBeVisible();
  const shown = async () =>
    await due
      .getByRole("radio")
      .evaluateAll((radios) =>
        radios.map((r) => (r as HTMLInputElement).labels?.[0]?.innerText.replace(/^\d+\s*/, "").trim()),
      );
  await expect.poll(shown).toEqual(expected);
  // The same review after a reload: the same order.
  await page.reload();
  await expect(due.getByRole("heading", { level: 2, name: q.title })).toBeVisible();
  await expect.poll(shown).toEqual(expected);

  const right = optionWords(q.options.find((o) => o.correct)!.html);
  await due.getByRole("radio", { name: right, exact: true }).check();
  await due.getByRole("button", { name: "Check answer" }).click();
  await expect(due.getByRole("heading", { name: "Correct" })).toBeFocused();
  // The explanation marks the option chosen as the right one.
  await expect(due.getByRole("listitem").filter({ hasText: "Your answer, correct" })).toContainText(right);
});

test("a drill links to the lab run it is about once the model answer is out, in a new tab that leaves the draft and timer alone", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const drill = drills.find((d) => d.slug === "gc-pause-and-fencing-tokens")!;
  expect(drill.scenario.preset).toBe("gc-pause");
  await page.goto(`/drill/${drill.slug}/`);
  const link = page.getByRole("link", { name: "See it happen (opens in a new tab)" });
  await page.getByRole("textbox", { name: "Your answer" }).fill("Fence the writes.");
  // Before the reveal the run would give the answer away.
  await expect(link).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expect(page.getByText(`in the lab, in a new tab: ${presetById("gc-pause")!.title}`)).toBeVisible();
  const [lab] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  // The lab is a large page: on a busy machine it takes a while to open.
  await expect(lab.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause", { timeout: 30_000 });
  await lab.close();
  await expect(page.getByRole("textbox", { name: "Your answer" })).toHaveValue("Fence the writes.");
  await expect(page.getByRole("heading", { name: "Model answer" })).toBeVisible();
});

test("the nav marks the section of a quiz, a drill and a deck's handout", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [path, section] of [
    [`/quiz/${quizSets[0]!.slug}/`, "Quizzes"],
    [`/drill/${drills[0]!.slug}/`, "Drills"],
    ["/present/the-fencing-token-story/student/", "Present"],
  ] as const) {
    await page.goto(path);
    await expect(nav.getByRole("link", { name: section, exact: true })).toHaveAttribute("aria-current", "true");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  }
});

test("a revealed drill with its lab link has no serious accessibility violations in either theme", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/drill/${drills[0]!.slug}/`);
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expect(page.getByRole("link", { name: /See it happen/ })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "drill with its lab link");
});
