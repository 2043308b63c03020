import { expect, test, type Page } from "@playwright/test";
import { deckLoad } from "@/lib/content/decks";

const deck = deckLoad("the-fencing-token-story");
const count = deck.slides.length;
const slideRegion = (page: Page, n: number) =>
  page.getByRole("region", { name: new RegExp(`^Slide ${n} of ${count}:`) });
const captionTime = (page: Page) =>
  page.getByRole("group", { name: "What happened by the playhead" }).locator("span").first();
const seconds = async (page: Page) => Number.parseFloat((await captionTime(page).textContent()) ?? "NaN");

test.describe("a reveal plays to its stop point, not to the end (issue 18, item 1)", () => {
  test.use({ reducedMotion: "reduce" });

  test("slide 3's reveal stops at the moment slide 4 asks about, and the presenter view says so beforehand", async ({
    context,
  }) => {
    const third = deck.slides[2]!;
    const fourth = deck.slides[3]!;
    expect(third.sim?.predict?.stop).toEqual({ t: fourth.sim!.at, nextQuestion: 4 });
    const presenter = await context.newPage();
    await presenter.goto(`/present/${deck.slug}/presenter/#3`);
    const audience = await context.newPage();
    await audience.goto(`/present/${deck.slug}/#3`);
    // First loads on a busy machine are slow; the rest waits the usual time.
    await expect(slideRegion(audience, 3)).toBeVisible({ timeout: 30_000 });
    await expect(presenter.getByRole("region", { name: "Current slide" })).toContainText(
      "The reveal plays the run to 17.000 s, the moment slide 4 asks about.",
      { timeout: 30_000 },
    );

    await presenter.getByRole("button", { name: "Reveal the answer" }).click();
    // Both windows play on to 17 s and stop there: slide 4's question is not given away.
    for (const page of [audience, presenter])
      await expect(captionTime(page)).toHaveText("17.000 s", { timeout: 60_000 });
    await expect(presenter.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    expect(await seconds(audience)).toBe(17);
  });

  test("a window opened after the reveal plays to the same stop point", async ({ context }) => {
    const presenter = await context.newPage();
    await presenter.goto(`/present/${deck.slug}/presenter/#3`);
    await presenter.getByRole("button", { name: "Reveal the answer" }).click({ timeout: 30_000 });
    // The projector's window is opened late: its slide's run starts already revealed and playing.
    const audience = await context.newPage();
    await audience.goto(`/present/${deck.slug}/#3`);
    await expect(slideRegion(audience, 3)).toBeVisible({ timeout: 30_000 });
    for (const page of [audience, presenter])
      await expect(captionTime(page)).toHaveText("17.000 s", { timeout: 60_000 });
  });

  test("a slide without a later question on its run still plays to the end", async ({ page }) => {
    const last = deck.slides.findLastIndex((s) => s.sim?.predict) + 1;
    await page.goto(`/present/${deck.slug}/presenter/#${last}`);
    await expect(page.getByRole("region", { name: "Current slide" })).toContainText(
      "The reveal plays the run to its end.",
      { timeout: 30_000 },
    );
  });
});

test.describe("presenter and audience stay together while playing (issue 18, item 6)", () => {
  test.use({ reducedMotion: "no-preference" });

  test("a window that stops drawing frames for 3 s is at the same playhead as the other once it draws again", async ({
    context,
  }) => {
    const presenter = await context.newPage();
    await presenter.goto(`/present/${deck.slug}/presenter/#2`);
    const audience = await context.newPage();
    await audience.goto(`/present/${deck.slug}/#2`);
    await expect(slideRegion(audience, 2)).toBeVisible({ timeout: 30_000 });
    await expect(captionTime(audience)).toHaveText("1.000 s");
    // Half a simulated second per real second: the run (to 17 s) lasts 32 s, longer than this
    // test on a busy machine, and 3 s without frames would cost a frame-counting window 1.5 s.
    await presenter.getByRole("combobox", { name: /speed/i }).selectOption("0.5");
    await presenter.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => seconds(audience)).toBeGreaterThan(1.2);

    // The audience window's main thread is busy for 3 s: it draws no frame in that time.
    const blockedAt = Date.now();
    const before = await seconds(audience);
    await audience.evaluate(() => {
      const until = Date.now() + 3000;
      while (Date.now() < until);
    });
    // Once it draws again it is where the presenter is, and it has moved on as far as the clock
    // has (half a second per second), not 1.5 s less: it did not lose the time it could not draw.
    await expect
      .poll(async () => {
        const [a, p] = await Promise.all([seconds(audience), seconds(presenter)]);
        return Math.abs(a - p);
      })
      .toBeLessThan(0.4);
    await expect
      .poll(async () => (await seconds(audience)) - before - (0.5 * (Date.now() - blockedAt)) / 1000)
      .toBeGreaterThan(-0.75);
  });
});
