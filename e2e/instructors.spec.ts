import { expect, test, type Page } from "@playwright/test";
import { heroMoments } from "@/components/home/HeroDiagram";
import { deckLoad, decksLoad } from "@/lib/content/decks";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";

// Issue 18, item 21: a student handout beside the presenter's, for every deck, and the home
// page's picture that plays its run on request.

/** A note's first words as plain text, enough to find it in a page's HTML. */
function noteSnippet(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .slice(2, 9)
    .join(" ");
}

for (const { slug } of decksLoad()) {
  test(`the student handout of "${slug}" shows every slide and question, with no note and no answer in the page`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const deck = deckLoad(slug);
    const url = `/present/${slug}/student/`;
    const raw = await (await request.get(url)).text();
    await page.goto(`/present/${slug}/handout/`);
    await expect(page.getByRole("link", { name: "Student handout", exact: true })).toHaveAttribute("href", url);
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(deck.title);
    await expect(page.getByRole("listitem", { name: /^Slide \d+:/ })).toHaveCount(deck.slides.length);
    // Every question is asked, with its options.
    for (const slide of deck.slides.filter((s) => s.sim?.predict)) {
      const item = page.getByRole("listitem", { name: `Slide ${slide.number}: ${slide.title}` });
      await expect(item.getByText(slide.sim!.predict!.question)).toBeVisible();
      await expect(item.getByRole("list", { name: "Options" }).getByRole("listitem")).toHaveCount(
        slide.sim!.predict!.options.length,
      );
    }
    // Every slide's run is drawn, stopped at the slide's moment.
    await expect(page.getByText("Loading the simulation…")).toHaveCount(0, { timeout: 60_000 });
    // The presenter's notes are not there; the students' own ruled "Your notes" are.
    await expect(page.getByRole("heading", { name: "Notes", exact: true })).toHaveCount(0);
    await expect(page.getByText("Answer", { exact: true })).toHaveCount(0);
    const live = await page.content();
    for (const html of [raw, live]) {
      expect(html).not.toContain("notesHtml");
      expect(html).not.toMatch(/\\?"answer\\?"\s*:/);
      for (const s of deck.slides) if (s.notesHtml) expect(html).not.toContain(noteSnippet(s.notesHtml));
    }
    await expect(page.getByRole("link", { name: "Presenter's handout", exact: true })).toHaveAttribute(
      "href",
      `/present/${slug}/handout/`,
    );
  });
}

test("the student handout has no serious accessibility violations in either theme, and prints slides packed onto pages", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/present/the-fencing-token-story/student/");
  await expect(page.getByText("Loading the simulation…")).toHaveCount(0, { timeout: 60_000 });
  await expectNoSeriousA11yViolationsInBothThemes(page, "student handout");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print the handout" })).toBeHidden();
  // A slide is never split across pages, and the next one follows it on the same page if it fits (present.spec checks the lines to write on).
  expect(
    await page.getByRole("listitem", { name: /^Slide 1:/ }).evaluate((el) => getComputedStyle(el).breakAfter),
  ).toBe("auto");
});

const hero = (page: Page) => page.getByRole("figure");
const heroTime = async (page: Page) =>
  Number.parseFloat(await hero(page).getByRole("timer", { name: "Time in the picture" }).innerText());

test("the home page's picture plays its run on request, from the keyboard, and can be paused and played again", async ({
  page,
}) => {
  await page.goto("/");
  const caption = hero(page).getByRole("status");
  await expect(caption).toHaveText("");
  await hero(page).getByRole("button", { name: "Play the run" }).focus();
  await page.keyboard.press("Enter");
  await expect(hero(page).getByRole("button", { name: "Pause" })).toBeFocused();
  await expect.poll(() => heroTime(page), { timeout: 15_000 }).toBeGreaterThan(4);
  await page.keyboard.press("Space");
  await expect(hero(page).getByRole("button", { name: "Resume" })).toBeVisible();
  const paused = await heroTime(page);
  expect(paused).toBeLessThan(20);
  // The caption tells the last moment the playhead passed (the time shown is rounded to 0.1 s).
  const words = [paused - 0.05, paused + 0.05].map((t) => heroMoments.findLast((m) => m.t <= t)!.words);
  expect(words).toContain(await caption.innerText());
  expect(await heroTime(page)).toBe(paused);
  await page.keyboard.press("Enter");
  await expect(hero(page).getByRole("button", { name: "Play it again" })).toBeVisible({ timeout: 15_000 });
  await expect(caption).toHaveText(heroMoments[heroMoments.length - 1]!.words);
  expect(await heroTime(page)).toBe(20);
});

test("with reduced motion the picture plays at the same pace without the sweep, jumping from moment to moment", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await hero(page).getByRole("button", { name: "Play the run" }).click();
  const moments = new Set(heroMoments.map((m) => m.t));
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const t = await heroTime(page);
        expect(moments.has(t), `${t} s is one of the picture's moments`).toBe(true);
        seen.add(t);
        return seen.size;
      },
      { intervals: [100], timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(5);
  await expect(hero(page).getByRole("button", { name: "Play it again" })).toBeVisible({ timeout: 15_000 });
});

test("the home page playing its picture has no serious accessibility violations in either theme", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await hero(page).getByRole("button", { name: "Play the run" }).click();
  await expect(hero(page).getByRole("status")).not.toHaveText("");
  await expectNoSeriousA11yViolationsInBothThemes(page, "home, playing");
});
