import { expect, test, type Page } from "@playwright/test";
import { deckLoad } from "@/lib/content/decks";
import { expectNoSeriousA11yViolations } from "./axe";

const deck = deckLoad("the-fencing-token-story");
const count = deck.slides.length;
const audienceUrl = `/present/${deck.slug}/`;
const presenterUrl = `/present/${deck.slug}/presenter/`;
// The first prediction in the deck, and its right option's text.
const predictIndex = deck.slides.findIndex((s) => s.sim?.predict);
const predict = deck.slides[predictIndex]!;
const answerText = predict.sim!.predict!.options[predict.answer!]!;

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

const slideRegion = (page: Page, n: number) =>
  page.getByRole("region", { name: new RegExp(`^Slide ${n} of ${count}:`) });
const presenterAt = (page: Page, n: number) =>
  expect(page.getByRole("navigation", { name: "Slide controls" })).toContainText(`Slide ${n} of ${count}`);
const captionTime = (page: Page) =>
  page.getByRole("group", { name: "What happened by the playhead" }).locator("span").first();

test.use({ reducedMotion: "reduce" });

test("the list of decks links each one's audience, presenter and handout views, and the nav has Present", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Present" }).click();
  await expect(page.getByRole("heading", { name: "Present", level: 1 })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: deck.title }) });
  await expect(card.getByText(`${deck.minutes} minutes · ${count} slides`)).toBeVisible();
  await expect(page.getByRole("link", { name: `Presenter view: ${deck.title}` })).toHaveAttribute("href", presenterUrl);
  await expect(page.getByRole("link", { name: `Presenter's handout: ${deck.title}` })).toHaveAttribute(
    "href",
    `/present/${deck.slug}/handout/`,
  );
  await expect(page.getByRole("link", { name: `Student handout: ${deck.title}` })).toHaveAttribute(
    "href",
    `/present/${deck.slug}/student/`,
  );
  await page.getByRole("link", { name: `Audience view: ${deck.title}` }).click();
  await expect(slideRegion(page, 1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "audience view");
});

test("no note and no answer is in the audience page before the reveal", async ({ page, request }) => {
  const raw = await (await request.get(audienceUrl)).text();
  await page.goto(`${audienceUrl}#${predictIndex + 1}`);
  await expect(slideRegion(page, predictIndex + 1)).toBeVisible();
  await expect(page.getByText(answerText)).toBeVisible(); // the options themselves are shown
  const live = await page.content();
  for (const html of [raw, live]) {
    expect(html).not.toContain("notesHtml");
    expect(html).not.toMatch(/\\?"answer\\?"\s*:/);
    for (const slide of deck.slides) expect(html).not.toContain(noteSnippet(slide.notesHtml));
  }
  await expect(page.getByText("Answer", { exact: true })).toHaveCount(0);
});

test("presenter and audience follow each other: slides, reveal, and the playhead", async ({ context }) => {
  const presenter = await context.newPage();
  await presenter.goto(presenterUrl);
  await presenterAt(presenter, 1);
  const audience = await context.newPage();
  await audience.goto(audienceUrl);
  await expect(slideRegion(audience, 1)).toBeVisible();

  await presenter.getByRole("button", { name: "Next →" }).click();
  await expect(slideRegion(audience, 2)).toBeVisible();
  await audience.keyboard.press("ArrowRight");
  await presenterAt(presenter, 3);
  await expect(slideRegion(audience, 3)).toBeVisible();

  // Slide 3 asks a prediction: the presenter sees the answer, the room does not, until the reveal.
  expect(predictIndex).toBe(2);
  await expect(presenter.getByText("Answer", { exact: true })).toBeVisible();
  await expect(audience.getByText("Answer", { exact: true })).toHaveCount(0);
  await presenter.getByRole("button", { name: "Reveal the answer" }).click();
  const right = audience.getByRole("listitem").filter({ hasText: answerText });
  await expect(right.getByText("Answer", { exact: true })).toBeVisible();
  // The reveal plays the run past the question's moment, in both windows, up to its stop point.
  await expect.poll(async () => captionTime(audience).textContent()).not.toBe("10.000 s");
  await expect(captionTime(audience)).toHaveText(`${(predict.sim!.predict!.stop!.t / 1000).toFixed(3)} s`, {
    timeout: 30_000,
  });

  // P from the stop point plays again from the start; P again pauses both at the same moment;
  // stepping in the presenter moves both.
  await audience.keyboard.press("p");
  await expect(captionTime(presenter)).not.toHaveText(`${(predict.sim!.predict!.stop!.t / 1000).toFixed(3)} s`);
  await audience.keyboard.press("p");
  await expect
    .poll(async () => (await captionTime(presenter).textContent()) === (await captionTime(audience).textContent()))
    .toBe(true);
  const paused = await captionTime(audience).textContent();
  // Events can be less than a millisecond apart: step until the presenter's clock reads another time.
  for (let i = 0; i < 20 && (await captionTime(presenter).textContent()) === paused; i++) {
    await presenter.getByRole("button", { name: "Step forward" }).click();
  }
  await expect(captionTime(audience)).not.toHaveText(paused ?? "");
  await expect
    .poll(async () => (await captionTime(presenter).textContent()) === (await captionTime(audience).textContent()))
    .toBe(true);

  // The reveal can start in the audience window too; the presenter fills in the answer.
  await presenter.getByRole("button", { name: "Next →" }).click();
  await expect(slideRegion(audience, 4)).toBeVisible();
  await audience.keyboard.press("r");
  const fourth = deck.slides[3]!;
  await expect(
    audience
      .getByRole("listitem")
      .filter({ hasText: fourth.sim!.predict!.options[fourth.answer!] })
      .getByText("Answer", { exact: true }),
  ).toBeVisible();
  await expect(presenter.getByRole("button", { name: "Revealed" })).toBeDisabled();

  // Blanking from the presenter blanks the room.
  await presenter.getByRole("button", { name: "Blank screen" }).click();
  await expect(audience.getByText("The screen is blank")).toBeAttached();
  await expect(slideRegion(audience, 4)).toBeHidden();
  await expectNoSeriousA11yViolations(presenter, "presenter view");
});

test("the room sees the timeline, the topology or both: T and the presenter switch them in both windows, and a new slide opens in its own view", async ({
  context,
}) => {
  const presenter = await context.newPage();
  await presenter.goto(presenterUrl);
  await presenterAt(presenter, 1);
  const audience = await context.newPage();
  await audience.goto(audienceUrl);
  await expect(slideRegion(audience, 1)).toBeVisible();
  const timelineOf = (page: Page) => page.getByRole("group", { name: "Space-time diagram" });
  const topologyOf = (page: Page) => page.getByRole("region", { name: "Topology at the playhead" });
  const views = presenter.getByRole("group", { name: "Diagrams the room sees" });

  // The first slide's view is the timeline, but its run has not started: the room sees what the scenario is.
  await expect(views.getByRole("button", { name: "Timeline" })).toHaveAttribute("aria-pressed", "true");
  await expect(audience.getByRole("region", { name: "The scenario" })).toBeVisible();
  await expect(timelineOf(audience)).toHaveCount(0);
  await expect(topologyOf(audience)).toHaveCount(0);

  await views.getByRole("button", { name: "Topology" }).click();
  const room = topologyOf(audience);
  await expect(room.getByRole("img", { name: /^c1: / })).toBeVisible();
  await expect(room.getByRole("img", { name: /^storage: / })).toBeVisible();
  await expect(timelineOf(audience)).toHaveCount(0);
  // The room's topology is a picture: it offers no fault menus.
  await expect(room.getByRole("button")).toHaveCount(0);

  await audience.keyboard.press("t");
  await expect(views.getByRole("button", { name: "Both" })).toHaveAttribute("aria-pressed", "true");
  await expect(timelineOf(audience)).toBeVisible();
  await expect(topologyOf(audience)).toBeVisible();
  await expect(topologyOf(presenter)).toBeVisible();
  await expectNoSeriousA11yViolations(audience, "audience view with both diagrams");

  await presenter.getByRole("button", { name: "Next →" }).click();
  await expect(slideRegion(audience, 2)).toBeVisible();
  await expect(views.getByRole("button", { name: "Timeline" })).toHaveAttribute("aria-pressed", "true");
  await expect(topologyOf(audience)).toHaveCount(0);
});

test("a slide can open on both diagrams: Redlock's five nodes, each with its state and clock", async ({ page }) => {
  const redlock = deckLoad("redlock-vs-consensus");
  const n = redlock.slides.findIndex((s) => s.sim?.preset === "redlock-clock-jump" && s.sim.view === "both") + 1;
  expect(n).toBeGreaterThan(0);
  await page.goto(`/present/${redlock.slug}/#${n}`);
  const room = page.getByRole("region", { name: "Topology at the playhead" });
  // The topology's diagram library loads after the slide: on a busy machine that takes a while.
  for (const node of ["r1", "r2", "r3", "r4", "r5"])
    await expect(room.getByRole("img", { name: new RegExp(`^${node}: [^;]+ s \\([^)]+\\); `) })).toBeVisible({
      timeout: 30_000,
    });
  await expect(page.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a slide with both diagrams");

  // The presenter, one slide before, is told which diagrams the next slide opens on.
  await page.goto(`/present/${redlock.slug}/presenter/#${n - 1}`);
  await expect(page.getByRole("region", { name: "Next slide" })).toContainText(
    "opening on the timeline and the topology",
  );
});

test("the keys move, jump, blank, go full screen, open the presenter view and help, and single-letter shortcuts can be turned off", async ({
  page,
}) => {
  await page.goto(audienceUrl);
  await expect(slideRegion(page, 1)).toBeVisible();
  // Slide 1 is in the prerendered HTML; the keys work once the live deck has taken over, which
  // writes the slide into the hash in the same effects that listen for keys. A key pressed before
  // then is lost, as it was here once on a busy machine.
  await expect(page).toHaveURL(/#1$/);
  await page.keyboard.press("PageDown");
  await expect(slideRegion(page, 2)).toBeVisible();
  await page.keyboard.press(" ");
  await expect(slideRegion(page, 3)).toBeVisible();
  await page.keyboard.press("PageUp");
  await expect(slideRegion(page, 2)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(slideRegion(page, 1)).toBeVisible();
  await page.keyboard.press("End");
  await expect(slideRegion(page, count)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#${count}$`));
  await page.keyboard.press("Home");
  await expect(slideRegion(page, 1)).toBeVisible();

  await page.keyboard.press("g");
  const goTo = page.getByRole("dialog", { name: "Go to slide" });
  await goTo.getByRole("textbox", { name: /Slide number/ }).fill("99");
  await goTo.getByRole("button", { name: "Go" }).click();
  await expect(goTo.getByText(`Type a slide number from 1 to ${count}.`)).toBeVisible();
  await goTo.getByRole("textbox", { name: /Slide number/ }).fill("5");
  await goTo.getByRole("textbox", { name: /Slide number/ }).press("Enter");
  await expect(goTo).toBeHidden();
  await expect(slideRegion(page, 5)).toBeVisible();
  // A key pressed while focus is still in the closed dialog belongs to it, not to the deck: once
  // on a busy machine, B was pressed before the browser had moved focus out.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog") ?? null)).toBeNull();

  // Blank hides everything, and B brings it back.
  await page.keyboard.press("b");
  await expect(page.getByText("The screen is blank")).toBeAttached();
  await expect(slideRegion(page, 5)).toBeHidden();
  await expect(page.getByRole("button", { name: "Keys and help" })).toBeHidden();
  await page.keyboard.press("b");
  await expect(slideRegion(page, 5)).toBeVisible();

  // F goes full screen and back; S opens the presenter view on the same slide.
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  const [presenter] = await Promise.all([page.context().waitForEvent("page"), page.keyboard.press("s")]);
  await presenterAt(presenter, 5);
  await presenter.close();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keys" });
  await expect(help).toBeVisible();
  await expectNoSeriousA11yViolations(page, "help dialog");
  await help.getByRole("checkbox", { name: /Single-letter shortcuts/ }).uncheck();
  await help.getByRole("button", { name: "Close" }).click();
  await page.keyboard.press("b");
  await expect(slideRegion(page, 5)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(slideRegion(page, 6)).toBeVisible();
});

test("a deep link opens its slide, with its simulation paused at the slide's moment", async ({ page }) => {
  await page.goto(`${audienceUrl}#4`);
  await expect(slideRegion(page, 4)).toBeVisible();
  await expect(captionTime(page)).toHaveText("17.000 s");
  await expect(page.getByRole("heading", { name: deck.slides[3]!.title })).toBeVisible();
});

test("the handout shows every slide with its notes and prints one slide per page", async ({ page }) => {
  // Fifteen diagrams make axe's pass over this page long on a loaded machine.
  test.setTimeout(120_000);
  await page.goto(`/present/${deck.slug}/handout/`);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(deck.title);
  await expect(page.getByRole("listitem", { name: /^Slide \d+:/ })).toHaveCount(count);
  await expect(page.getByText(noteSnippet(deck.slides[0]!.notesHtml))).toBeVisible();
  await expectNoSeriousA11yViolations(page, "handout");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print the handout" })).toBeHidden();
  expect(
    await page
      .getByRole("listitem", { name: "Slide 1: The fencing token story" })
      .evaluate((el) => getComputedStyle(el).breakAfter),
  ).toBe("page");
});

// A student's handout is for class: ruled lines under every slide, and slides packed onto as few
// pages as fit rather than one a page.
test("the student handout leaves room to write under every slide and packs slides onto pages", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/present/${deck.slug}/student/`);
  await expect(page.getByRole("listitem", { name: /^Slide \d+:/ })).toHaveCount(count);
  await expect(page.getByRole("region", { name: /^Your notes for slide \d+$/ })).toHaveCount(count);
  await page.emulateMedia({ media: "print" });
  const first = page.getByRole("listitem", { name: "Slide 1: The fencing token story" });
  expect(await first.evaluate((el) => getComputedStyle(el).breakAfter)).toBe("auto");
  expect(await first.evaluate((el) => getComputedStyle(el).breakInside)).toBe("avoid");
  // 40 mm of lines: five to write on.
  const lines = first.getByRole("region", { name: "Your notes for slide 1" }).locator(".present-write-lines");
  expect(await lines.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo((40 / 25.4) * 96, 0);
});

/** A box in screen px, as the page lays it out. */
type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, the room's "Both" view shows every node of the topology on the screen, linked`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const n = predictIndex + 1;
    await page.goto(`${audienceUrl}#${n}`);
    await expect(slideRegion(page, n)).toBeVisible();
    const topology = page.getByRole("region", { name: "Topology at the playhead" });
    // From the timeline to the topology alone, then to both: the topology's box narrows under it.
    await page.keyboard.press("t");
    await expect(topology.getByRole("img", { name: /^storage: / })).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press("t");
    await expect(page.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
    const screen = { x: 0, y: 0, ...viewport };
    const nodes = ["c1", "c2", "redis", "storage"];
    // The canvas fits its picture to the narrowed box a frame or two after it changed.
    await expect
      .poll(async () => {
        const region = (await topology.boundingBox())!;
        const outside: string[] = [];
        for (const node of nodes) {
          const box = (await topology.getByRole("img", { name: new RegExp(`^${node}: `) }).boundingBox())!;
          if (!inside(box, screen) || !inside(box, region))
            outside.push(`${node} at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}`);
        }
        return outside;
      })
      .toEqual([]);
    // Each client's links reach redis and storage across the gap between them, on the screen.
    for (const client of ["c1", "c2"]) {
      const from = (await topology.getByRole("img", { name: new RegExp(`^${client}: `) }).boundingBox())!;
      for (const to of ["redis", "storage"]) {
        const target = (await topology.getByRole("img", { name: new RegExp(`^${to}: `) }).boundingBox())!;
        const link = (await topology.getByRole("img", { name: `Edge from ${client} to ${to}` }).boundingBox())!;
        expect(inside(link, screen), `the link from ${client} to ${to} is on the screen`).toBe(true);
        expect(link.x).toBeLessThanOrEqual(from.x + from.width + 1);
        expect(link.x + link.width).toBeGreaterThanOrEqual(target.x - 1);
      }
    }
  });
}

test("with the playhead paused early in the run, the room's timeline shows no label cut at the playhead", async ({
  context,
}) => {
  const n = predictIndex + 1;
  const presenter = await context.newPage();
  await presenter.goto(`${presenterUrl}#${n}`);
  await presenterAt(presenter, n);
  const audience = await context.newPage();
  await audience.setViewportSize({ width: 1280, height: 800 });
  await audience.goto(`${audienceUrl}#${n}`);
  await expect(slideRegion(audience, n)).toBeVisible();
  const diagram = audience.getByRole("group", { name: "Space-time diagram" });
  await expect(diagram).toBeVisible();
  // The presenter moves the playhead back to 1–2 s by clicking the run, just past c1's GC pause
  // and c2's first refusals: their spans go on far past it.
  const desk = presenter.getByRole("group", { name: "Space-time diagram" });
  await expect(desk).toBeVisible();
  const box = (await desk.boundingBox())!;
  await desk.click({ position: { x: 150 + (box.width - 166) * 0.085, y: box.height / 2 } });
  await expect(captionTime(presenter)).toHaveText(/^1\.\d{3} s$/);
  await expect
    .poll(async () => (await captionTime(presenter).textContent()) === (await captionTime(audience).textContent()))
    .toBe(true);
  // The run is drawn in a window that ends at the playhead: every label in it ends inside it too.
  // (A nested <svg>'s client box is its content's, so its edge is its width, placed on the screen.)
  const cut = await diagram.evaluate((svg) =>
    [...svg.querySelectorAll<SVGSVGElement>('svg[overflow="hidden"]')].flatMap((window) => {
      const edge = new DOMPoint(window.width.baseVal.value, 0).matrixTransform(
        (window.parentElement as unknown as SVGGraphicsElement).getScreenCTM()!,
      ).x;
      return [...window.querySelectorAll("text")]
        .filter((t) => t.getBoundingClientRect().right > edge + 0.5)
        .map((t) => t.textContent);
    }),
  );
  expect(cut).toEqual([]);
  // Past the labels' ends they are drawn in full again.
  await presenter.getByRole("button", { name: "Reveal the answer" }).click();
  await expect(captionTime(audience)).toHaveText(`${(predict.sim!.predict!.stop!.t / 1000).toFixed(3)} s`, {
    timeout: 60_000,
  });
  await expect(
    diagram
      .locator("text")
      .filter({ hasText: /^refused ×\d+$/ })
      .first(),
  ).toBeVisible();
});
