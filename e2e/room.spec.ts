import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { deckLoad } from "@/lib/content/decks";
import { expectNoSeriousA11yViolations } from "./axe";
import { watchForErrors } from "./pageErrors";
import { startRoom } from "./roomServer";

// The real relay and site, as `npm run room` serves them, on a free port of 127.0.0.1.
let room: Awaited<ReturnType<typeof startRoom>>;
test.beforeAll(async () => {
  room = await startRoom();
});
test.afterAll(async () => {
  await room?.stop();
});

const deck = deckLoad("the-fencing-token-story");
// Slide 3 asks whether c2 gets the lock; the reveal plays to slide 4's moment.
const n = deck.slides.findIndex((s) => s.sim?.predict) + 1;
const slide = deck.slides[n - 1]!;
const [optionA, optionB] = slide.sim!.predict!.options;
const stop = slide.sim!.predict!.stop!;
const captionTime = (page: Page) =>
  page.getByRole("group", { name: "What happened by the playhead" }).locator("span").first();
const roomPanel = (page: Page) => page.getByRole("region", { name: "Prediction room" });
const voting = (page: Page) => page.getByRole("group", { name: "Voting on this slide" });
const phoneStatus = (phone: Page) => phone.getByRole("status").filter({ hasText: /vote|Voting|answer/ });
const roomStatus = (audience: Page) => audience.getByRole("status").filter({ hasText: /^Room / });
const option = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

async function phoneContext(
  browser: Browser,
  colorScheme: "light" | "dark",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    colorScheme,
  });
  return { context, page: await context.newPage() };
}

test.use({ reducedMotion: "reduce" });

/**
 * The presenter view and the audience screen of the deck's prediction slide, served by the relay's
 * server, with a room opened: returns both pages and the room's code. `watch` is called with the
 * presenter's page before it loads (to watch it for errors).
 */
async function openRoom(
  context: BrowserContext,
  options: { viewport?: { width: number; height: number }; watch?: (presenter: Page) => void } = {},
) {
  const presenter = await context.newPage();
  options.watch?.(presenter);
  await presenter.goto(`${room.origin}/present/${deck.slug}/presenter/#${n}`);
  const audience = await context.newPage();
  if (options.viewport) await audience.setViewportSize(options.viewport);
  await audience.goto(`${room.origin}/present/${deck.slug}/#${n}`);
  // A first load on a busy machine is slow: the later steps wait the usual time.
  await expect(audience.getByRole("region", { name: new RegExp(`^Slide ${n} of`) })).toBeVisible({ timeout: 30_000 });
  // The served site knows its relay: the address is filled in, and a room opens with a short code.
  await expect(roomPanel(presenter).getByRole("textbox", { name: "Vote relay address" })).toHaveValue("/relay", {
    timeout: 30_000,
  });
  await roomPanel(presenter).getByRole("button", { name: "Open a room" }).click();
  await expect(roomPanel(presenter)).toContainText(/Room [A-Z0-9]{5} · 0 joined/);
  const code = /Room ([A-Z0-9]{5})/.exec((await roomPanel(presenter).textContent()) ?? "")![1]!;
  return { presenter, audience, code };
}

test("a prediction room: phones join by QR link and by code, vote twice, and the reveal shows the room's answer beside the run's", async ({
  browser,
  context,
}) => {
  // Five pages, three of them checked by axe, on a shared two-core machine.
  test.setTimeout(480_000);
  let errors: string[] = [];
  const { presenter, audience, code } = await openRoom(context, { watch: (page) => (errors = watchForErrors(page)) });
  const join = audience.getByRole("complementary", { name: "Join the room" });
  await expect(join.getByRole("img", { name: `QR code: join room ${code}` })).toBeVisible();
  await expect(join).toContainText(code);
  await audience.screenshot({ path: test.info().outputPath("audience-join-card.png") });

  // Three phones: two open the QR code's link, one types the code.
  const phones = await Promise.all([
    phoneContext(browser, "light"),
    phoneContext(browser, "dark"),
    phoneContext(browser, "light"),
  ]);
  const [{ page: p1 }, { page: p2 }, { page: p3 }] = phones;
  await p1.goto(`${room.origin}/room/?code=${code}`);
  await p3.goto(`${room.origin}/room/?code=${code}`);
  await p2.goto(`${room.origin}/room/`);
  await expectNoSeriousA11yViolations(p2, "phone join form, dark");
  await p2.getByRole("textbox", { name: "Room code" }).fill("nope");
  await p2.getByRole("button", { name: "Join" }).click();
  await expect(p2.getByRole("alert").filter({ hasText: "A room code is 5 letters or digits" })).toBeVisible();
  await p2.getByRole("textbox", { name: "Room code" }).fill(code.toLowerCase());
  await p2.getByRole("button", { name: "Join" }).click();
  for (const phone of [p1, p2, p3]) await expect(phone.getByText("You are in.")).toBeVisible({ timeout: 30_000 });
  await expect(roomPanel(presenter)).toContainText(`Room ${code} · 3 joined`);
  await expect(roomStatus(audience)).toContainText(`Room ${code} · 3 joined`);

  // Round 1: the question reaches every phone; each votes once, and one changes its mind.
  await voting(presenter).getByRole("button", { name: "Start voting" }).click();
  await expect(join).toBeHidden(); // it would cover the question: the presenter may show it again
  for (const phone of [p1, p2, p3])
    await expect(phone.getByRole("group", { name: slide.sim!.predict!.question })).toBeVisible();
  await p1.getByRole("radio", { name: new RegExp(optionA!) }).check();
  await p2.getByRole("radio", { name: new RegExp(optionA!) }).check();
  await p3.getByRole("radio", { name: new RegExp(optionB!) }).check();
  await expect(phoneStatus(p1)).toHaveText(`Your vote: A, “${optionA}”. You can change it until voting closes.`);
  await p2.getByRole("radio", { name: new RegExp(optionB!) }).check();
  await expect(phoneStatus(p2)).toContainText(`Your vote: B, “${optionB}”`);
  await expect(voting(presenter)).toContainText("Round 1: 3 votes of 3 joined, voting open.");
  await expect(option(presenter, optionA!)).toContainText("1 (33%)");
  await expect(option(presenter, optionB!)).toContainText("2 (67%)");
  // The room sees how many voted, never the live distribution.
  await expect(roomStatus(audience)).toContainText("round 1: 3 votes");
  await expect(option(audience, optionB!)).not.toContainText("%");
  await p2.screenshot({ path: test.info().outputPath("phone-voting-dark.png"), fullPage: true });
  await presenter.screenshot({ path: test.info().outputPath("presenter-voting.png"), fullPage: true });
  await expectNoSeriousA11yViolations(p1, "phone voting, light");
  await expectNoSeriousA11yViolations(p2, "phone voting, dark");

  // A phone that forges the presenter's messages is ignored: voting stays open.
  await p3.evaluate(
    async ({ code }) => {
      const socket = new WebSocket(`ws://${location.host}/relay`);
      await new Promise((resolve) => (socket.onopen = resolve));
      socket.send(JSON.stringify({ type: "join", code, device: "forger-0123456789abcdef" }));
      for (const type of ["close", "reveal", "end"])
        socket.send(JSON.stringify({ type, secret: "guessed-secret-0123456789", answer: 0 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.close();
    },
    { code },
  );
  await p1.getByRole("radio", { name: new RegExp(optionB!) }).check();
  await expect(phoneStatus(p1)).toContainText(`Your vote: B, “${optionB}”. You can change it until voting closes.`);
  await expect(voting(presenter)).toContainText("voting open");

  // A phone that reloads keeps its vote.
  await p3.reload();
  await expect(phoneStatus(p3)).toContainText(`Your vote: B, “${optionB}”`, { timeout: 30_000 });
  await expect(p3.getByRole("radio", { name: new RegExp(optionB!) })).toBeChecked();

  await voting(presenter).getByRole("button", { name: "Close voting" }).click();
  await expect(phoneStatus(p1)).toHaveText(`Voting is closed. Your vote: B, “${optionB}”.`);
  await expect(p1.getByRole("radio", { name: new RegExp(optionA!) })).toBeDisabled();

  // Round 2, after discussion: fresh votes, and round 1's result is hidden from the room.
  await voting(presenter).getByRole("button", { name: "Start round 2" }).click();
  await expect(p1.getByText("Round 2: vote again")).toBeVisible();
  await expect(phoneStatus(p1)).toHaveText("Choose an option to vote.");
  for (const phone of [p1, p2, p3]) await phone.getByRole("radio", { name: new RegExp(optionA!) }).check();
  await expect(voting(presenter)).toContainText("Round 2: 3 votes of 3 joined");
  await expect(option(presenter, optionA!)).toContainText(/Round 1\s*0 \(0%\)/);
  await expect(option(presenter, optionA!)).toContainText(/Round 2\s*3 \(100%\)/);
  await expect(option(audience, optionA!)).not.toContainText("Round 1");
  await voting(presenter).getByRole("button", { name: "Close voting" }).click();
  await voting(presenter).getByRole("button", { name: "Show round 1 to the room" }).click();
  await expect(option(audience, optionB!)).toContainText(/Round 1\s*3 \(100%\)/);
  await expect(option(audience, optionA!)).not.toContainText("Round 2");

  // The presenter's page reloads: the room, its phones and its votes are still there.
  await presenter.reload();
  await expect(roomPanel(presenter)).toContainText(`Room ${code} · 3 joined`, { timeout: 30_000 });
  await expect(voting(presenter)).toContainText("Round 2: 3 votes of 3 joined, voting closed.");

  // Reveal: the distribution beside the run's answer, and the run plays to its stop point only.
  await presenter.getByRole("button", { name: "Reveal the answer" }).click();
  await expect(option(audience, optionA!).getByText("Answer", { exact: true })).toBeVisible();
  await expect(option(audience, optionA!)).toContainText(/Round 2\s*3 \(100%\)/);
  await expect(captionTime(audience)).toHaveText(`${(stop.t / 1000).toFixed(3)} s`, { timeout: 60_000 });
  await expect(presenter.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  for (const phone of [p1, p2, p3])
    await expect(phoneStatus(phone)).toHaveText(`The run's answer: A, “${optionA}”. You voted A, “${optionA}”.`);
  await expect(p2.getByText(`3 of 3 votes (100%)`)).toBeVisible();
  await p2.screenshot({ path: test.info().outputPath("phone-revealed-dark.png"), fullPage: true });
  await audience.screenshot({ path: test.info().outputPath("audience-revealed.png") });
  await expectNoSeriousA11yViolations(p2, "phone after the reveal, dark");

  // After class: the session's questions and distributions, as CSV and JSON.
  const [csv] = await Promise.all([
    presenter.waitForEvent("download"),
    roomPanel(presenter).getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const rows = (await readFile((await csv.path())!, "utf8")).trim().split("\r\n");
  expect(rows[0]).toBe("deck,room,slide,question,round,option,answer,votes,share");
  // The question has no comma or quote, so it is not quoted; "Yes, right away" is.
  expect(rows).toContain(`${deck.slug},${code},${n},${slide.sim!.predict!.question},2,"${optionA}",yes,3,1.000`);
  const [json] = await Promise.all([
    presenter.waitForEvent("download"),
    roomPanel(presenter).getByRole("button", { name: "Export JSON" }).click(),
  ]);
  expect(JSON.parse(await readFile((await json.path())!, "utf8"))).toMatchObject({
    deck: deck.slug,
    room: code,
    questions: [{ slide: n, answer: 0, rounds: { 1: [0, 3], 2: [3, 0] } }],
  });

  // Closing the room tells the phones, and the relay forgets it.
  await roomPanel(presenter).getByRole("button", { name: "Close the room" }).click();
  await expect(p1.getByText("The presenter closed the room.")).toBeVisible();
  await expect(audience.getByRole("complementary", { name: "Join the room" })).toHaveCount(0);
  await p2.goto(`${room.origin}/room/?code=${code}`);
  await expect(p2.getByRole("alert").filter({ hasText: `There is no room ${code}` })).toBeVisible();
  expect(errors).toEqual([]);
  for (const phone of phones) await phone.context.close();
});

test("a join link whose code is not valid says so, without repeating the link's words", async ({ page }) => {
  // A link can carry any text as its code; the join page must not seem to say it.
  const bait = "Call 555-0100 to claim your prize";
  await page.goto(`/room/?code=${encodeURIComponent(bait)}`);
  await expect(page.getByRole("alert").filter({ hasText: "room code" })).toHaveText(
    "This link's room code is not valid: type the code on the screen, 5 letters or digits.",
  );
  await expect(page.locator("body")).not.toContainText("555-0100");
  await expect(page.getByRole("textbox", { name: "Room code" })).toBeVisible();
});

test("a join link carrying a message and a web address shows none of it, and a valid code still joins", async ({
  page,
}) => {
  // The kind of link a prankster would put on a slide: words that seem to come from the page, and where to go.
  const bait =
    "ROOM CLOSED. Your school account must be verified before you can vote: sign in at https://evil.example/login?next=vote within 10 minutes";
  await page.goto(`/room/?code=${encodeURIComponent(bait)}`);
  await expect(page.getByRole("alert").filter({ hasText: "room code" })).toHaveText(
    "This link's room code is not valid: type the code on the screen, 5 letters or digits.",
  );
  await expect(page.getByRole("textbox", { name: "Room code" })).toHaveValue("");
  for (const words of ["evil.example", "ROOM CLOSED", "verified", "sign in"]) {
    await expect(page.locator("body")).not.toContainText(words, { ignoreCase: true });
    expect(await page.content()).not.toContain(words);
  }
  await expect(page).toHaveTitle(/^Join a room/);

  // A code as a person might type it in a link, in small letters with a dash, is the room's code.
  await page.goto(`/room/?code=${encodeURIComponent("abc-de")}`);
  await expect(page.getByRole("heading", { name: "Room ABCDE" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "room code" })).toHaveCount(0);
});

test("a join link whose relay address is not valid says so, without repeating the link's words", async ({ page }) => {
  const bait = "javascript:call 555-0100";
  await page.goto(`/room/?code=ABCDE&relay=${encodeURIComponent(bait)}`);
  await expect(page.getByRole("alert").filter({ hasText: "relay" })).toHaveText(
    "This link's relay address is not valid: ask the presenter for the room's link.",
  );
  await expect(page.locator("body")).not.toContainText("555-0100");
});

test("without a relay, the presenter view says so and instructor mode works as before", async ({ page }) => {
  // The Playwright server serves the site alone, as a static host would: the build's /room.json says it knows no relay.
  const errors = watchForErrors(page);
  const failed: string[] = [];
  page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
  await page.goto(`/present/${deck.slug}/presenter/#${n}`);
  await expect(roomPanel(page)).toContainText("No vote relay is known here");
  expect(failed).toEqual([]);
  await expect(roomPanel(page).getByRole("button", { name: "Open a room" })).toBeDisabled();
  await page.getByRole("button", { name: "Reveal the answer" }).click();
  await expect(option(page, optionA!).getByText("Answer", { exact: true })).toBeVisible();
  // The pressed button, now done, keeps the keyboard's focus rather than dropping it to the page.
  const revealed = page.getByRole("button", { name: "Revealed" });
  await expect(revealed).toBeDisabled();
  await expect(revealed).toBeFocused();
  expect(errors).toEqual([]);
});

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, the join card steps aside when voting opens, and the presenter can show it again beside the question`, async ({
    context,
  }) => {
    test.setTimeout(180_000);
    const presenter = await context.newPage();
    await presenter.goto(`${room.origin}/present/${deck.slug}/presenter/#${n}`);
    const audience = await context.newPage();
    await audience.setViewportSize(viewport);
    await audience.goto(`${room.origin}/present/${deck.slug}/#${n}`);
    await expect(audience.getByRole("region", { name: new RegExp(`^Slide ${n} of`) })).toBeVisible({ timeout: 30_000 });
    await expect(roomPanel(presenter).getByRole("textbox", { name: "Vote relay address" })).toHaveValue("/relay", {
      timeout: 30_000,
    });
    await roomPanel(presenter).getByRole("button", { name: "Open a room" }).click();
    const join = audience.getByRole("complementary", { name: "Join the room" });
    await expect(join).toBeVisible();

    await voting(presenter).getByRole("button", { name: "Start voting" }).click();
    await expect(roomStatus(audience)).toContainText("round 1: 0 votes");
    await expect(join).toBeHidden();
    const showJoin = roomPanel(presenter).getByRole("button", { name: "Show the join code" });
    await expect(showJoin).toHaveAttribute("aria-pressed", "false");
    await showJoin.click();
    await expect(join).toBeVisible();
    await expect(join.getByRole("img", { name: /^QR code: join room / })).toBeVisible();

    // Shown during the vote, and after it closes, it covers neither the question nor any option, and is on the screen.
    const question = audience.getByText(slide.sim!.predict!.question, { exact: true });
    const covered = async () => {
      const card = (await join.boundingBox())!;
      const parts = {
        "the question": question,
        "option A": option(audience, optionA!),
        "option B": option(audience, optionB!),
      };
      const names = [];
      for (const [name, part] of Object.entries(parts))
        if (overlap(card, (await part.boundingBox())!)) names.push(name);
      if (card.x + card.width > viewport.width || card.y + card.height > viewport.height)
        names.push("the screen's edge");
      return names;
    };
    expect(await covered()).toEqual([]);
    // Its address wraps, if at all, only after a slash.
    const lineEnds = await join.getByText(/^Scan the code, or go to/).evaluate((p) => {
      const address = p.querySelector(".font-mono")!;
      const chars: { char: string; top: number }[] = [];
      const walker = document.createTreeWalker(address, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ char: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      return chars.flatMap((c, i) => (i + 1 < chars.length && chars[i + 1]!.top > c.top ? [c.char] : []));
    });
    expect(lineEnds.filter((c) => c !== "/")).toEqual([]);
    await audience.screenshot({ path: test.info().outputPath(`audience-voting-join-${viewport.width}.png`) });
    await voting(presenter).getByRole("button", { name: "Close voting" }).click();
    await expect(roomStatus(audience)).toContainText("voting closed");
    await expect(join).toBeVisible();
    expect(await covered()).toEqual([]);
    await expectNoSeriousA11yViolations(
      audience,
      `audience view, the join card beside a closed vote, ${viewport.width} px`,
    );
  });
}

test("the room's vote bars are drawn to scale: the answer's 67 % is longer than the other's 33 %", async ({
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  const { presenter, audience, code } = await openRoom(context);
  const phones = await Promise.all([
    phoneContext(browser, "light"),
    phoneContext(browser, "light"),
    phoneContext(browser, "light"),
  ]);
  for (const { page } of phones) await page.goto(`${room.origin}/room/?code=${code}`);
  for (const { page } of phones) await expect(page.getByText("You are in.")).toBeVisible({ timeout: 30_000 });
  await voting(presenter).getByRole("button", { name: "Start voting" }).click();
  // Two of three vote for the run's answer, A.
  for (const [i, { page }] of phones.entries())
    await page.getByRole("radio", { name: new RegExp(i < 2 ? optionA! : optionB!) }).check();
  await expect(voting(presenter)).toContainText("Round 1: 3 votes of 3 joined");
  await voting(presenter).getByRole("button", { name: "Close voting" }).click();
  await presenter.getByRole("button", { name: "Reveal the answer" }).click();

  for (const page of [presenter, audience]) {
    await expect(option(page, optionA!).getByText("Answer", { exact: true })).toBeVisible();
    await expect(option(page, optionA!)).toContainText("2 (67%)");
    await expect(option(page, optionB!)).toContainText("1 (33%)");
    const bar = async (text: string) => {
      // The bar is the filled part of its track, which is hidden from screen readers (the numbers say it).
      const fill = option(page, text).locator('span[aria-hidden="true"] > span');
      return { fill: (await fill.boundingBox())!.width, track: (await fill.locator("..").boundingBox())!.width };
    };
    const [a, b] = [await bar(optionA!), await bar(optionB!)];
    // Every option's track is as long as the others', badge or none, so each bar's length is its share.
    expect(Math.abs(a.track - b.track)).toBeLessThan(1);
    expect(a.fill).toBeGreaterThan(b.fill);
    expect(a.fill / b.fill).toBeCloseTo(2, 1);
  }
  await expectNoSeriousA11yViolations(audience, "audience view, the room's votes beside the answer");
  for (const phone of phones) await phone.context.close();
});
