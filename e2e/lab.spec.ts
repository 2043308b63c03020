import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab } from "./lab";

const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });
const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const playhead = (page: Page) => page.getByRole("slider", { name: "Playhead" });
/** The playhead's time in seconds, read from the slider's value text ("17.012 s of 60 s"). */
const playheadSeconds = async (page: Page) =>
  Number.parseFloat((await playhead(page).getAttribute("aria-valuetext")) ?? "NaN");

test("a GC pause longer than the lease is unsafe", async ({ page }) => {
  const errors = watchForErrors(page);
  await openLab(page, "?preset=gc-pause");
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause");
  await expect(outcome(page)).toContainText("Unsafe");
  await expect(outcome(page)).toContainText("1 update lost");
  await expect(timeline(page)).toBeVisible();
  await expect(
    timeline(page).getByRole("button", {
      name: /^c1 write at 17\.0 s: accepted after its lease ended, counter 1, c2's increment lost$/,
    }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("raising the lease TTL past the pause with the keyboard makes the run safe", async ({ page }) => {
  await openLab(page, "?preset=gc-pause");
  const ttl = page.getByRole("slider", { name: "Lease TTL" });
  await expect(ttl).toHaveAttribute("aria-valuetext", "10 s");
  await ttl.focus();
  for (let i = 0; i < 20 && !(await outcome(page).getByText("Safe", { exact: true }).isVisible()); i++)
    await ttl.press("ArrowRight");
  await expect(outcome(page).getByText("Safe", { exact: true })).toBeVisible();
  // c1 wakes at 16 s and writes at 17 s: the lease must outlast that.
  expect(Number.parseFloat((await ttl.getAttribute("aria-valuetext")) ?? "0")).toBeGreaterThan(17);
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause");
  await expect(page.getByText("Edited", { exact: true })).toBeVisible();
});

test("with fencing, the stale write is a rejected mark and the run is safe", async ({ page }) => {
  await openLab(page, "?preset=gc-pause-fenced");
  const rejected = timeline(page).getByRole("button", {
    name: "c1 write with token 1 at 17.0 s: rejected, storage has seen 2",
  });
  await expect(rejected).toBeVisible();
  await expect(outcome(page).getByText("Safe", { exact: true })).toBeVisible();
  // The lanes' small figures are explained where they are drawn.
  await expect(timeline(page).getByText(/in brackets how far it is from true time \(±0: not at all\)/)).toBeVisible();
  await expect(timeline(page).getByText(/“refused ×N”: a client's requests for the lock refused so far/)).toBeVisible();
  // The beliefs overlapped, but no data was damaged: that is not told as a violation in the colours of damage.
  await expect(
    outcome(page).getByRole("heading", {
      name: "More than one client believed it held the lock, at 10.0 s: the data was not damaged",
    }),
  ).toBeVisible();
  await expect(outcome(page).getByText(/First violation/)).toHaveCount(0);
  // The mark is reachable and moves the playhead to its moment.
  await rejected.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => playheadSeconds(page)).toBeCloseTo(17.0, 0);
});

test("stepping and the playhead slider move time, revealing events as they pass", async ({ page }) => {
  await openLab(page, "?preset=gc-pause-fenced");
  await playhead(page).fill("5000");
  await expect.poll(() => playheadSeconds(page)).toBeCloseTo(5, 0);
  // At 5 s nothing has been written yet.
  await expect(timeline(page).getByRole("button", { name: /write/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Step forward" }).click();
  await expect.poll(() => playheadSeconds(page)).toBeGreaterThan(5);
  const afterStep = await playheadSeconds(page);
  await page.getByRole("button", { name: "Step back" }).click();
  await expect.poll(() => playheadSeconds(page)).toBeLessThan(afterStep);

  await playhead(page).fill("12500");
  await expect(
    timeline(page).getByRole("button", { name: /^c2 write with token 2 at 12\.0 s: accepted/ }),
  ).toBeVisible();
  await expect(timeline(page).getByRole("button", { name: /^c1 write/ })).toHaveCount(0);

  // The keyboard shortcuts do the same, and can be turned off.
  await page.getByRole("heading", { name: "The lab" }).click();
  await page.keyboard.press("Home");
  await expect.poll(() => playheadSeconds(page)).toBe(0);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => playheadSeconds(page)).toBeGreaterThan(0);
  await page.getByRole("checkbox", { name: "Keyboard shortcuts" }).uncheck();
  await page.getByRole("heading", { name: "The lab" }).click();
  const before = await playheadSeconds(page);
  await page.keyboard.press("End");
  expect(await playheadSeconds(page)).toBe(before);
});

test("a write still in the network when its sender crashed leaves the verdict undecided, and the story says where it would land", async ({
  page,
}) => {
  // Chubby, 90 s: c1's write leaves at 2.0 s and is held up 90 s; c1's host vanishes at 2.5 s.
  const scenario = {
    version: 1,
    durationMs: 90000,
    service: { kind: "chubby" },
    clients: { count: 2, startMs: [0, 100], workMs: 2000 },
    faults: [
      { kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 90000 },
      { kind: "crash", target: "c1", atMs: 2500, host: true },
    ],
  };
  const errors = watchForErrors(page);
  await openLab(page, `?s=${Buffer.from(JSON.stringify(scenario)).toString("base64url")}`);
  // The same words as for a live writer's stale write on its way.
  await expect(outcome(page).getByText("Undecided", { exact: true })).toBeVisible();
  await expect(outcome(page)).toContainText(
    "No data was damaged yet, but a stale write was still on the way when the run ended: the verdict may change if the run were longer.",
  );
  await expect(outcome(page)).toContainText(
    "1 write still to come when the run ended, 1 of them after the writer's lease had ended.",
  );
  const landing = outcome(page).getByRole("button", {
    name: /At 90\.0 s the run ended with c1's write \(token 1\), sent at 2\.0 s, still in the network: it would reach storage at 92\.0 s, after c1's lease ended at 12\.0 s/,
  });
  await landing.click();
  await expect.poll(() => playheadSeconds(page)).toBe(90);
  expect(errors).toEqual([]);
});

test("a story sentence and the first violation move the playhead to their moment", async ({ page }) => {
  await openLab(page, "?preset=gc-pause&t=0");
  await outcome(page).getByRole("button", { name: "Jump to violation" }).click();
  await expect.poll(() => playheadSeconds(page)).toBeCloseTo(10, 0);
  await outcome(page)
    .getByRole("button", { name: /At 1\.0 s c1 froze in a 15 s GC pause/ })
    .click();
  await expect.poll(() => playheadSeconds(page)).toBe(1);
});

test("a copied link reopens the same scenario at the same moment", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openLab(page, "?preset=gc-pause");
  const ttl = page.getByRole("slider", { name: "Lease TTL" });
  await ttl.focus();
  await ttl.press("ArrowRight");
  await ttl.press("ArrowRight");
  await page.getByRole("combobox", { name: "Storage guard" }).selectOption("fencing");
  await expect(page.getByText("Redis now hands out an INCR counter as a fencing token with each grant.")).toBeVisible();
  await playhead(page).fill("12350");
  const ttlText = await ttl.getAttribute("aria-valuetext");
  const verdict = (await outcome(page).getByRole("status").textContent()) ?? "";

  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/lab\/\?preset=gc-pause&z=[\w%-]+&t=12350$/);

  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.getByRole("slider", { name: "Lease TTL" })).toHaveAttribute("aria-valuetext", ttlText!);
  await expect(other.getByRole("combobox", { name: "Storage guard" })).toHaveValue("fencing");
  await expect(other.getByRole("slider", { name: "Playhead" })).toHaveValue("12350");
  await expect(other.getByRole("region", { name: "Outcome" }).getByRole("status")).toHaveText(verdict);
  await other.close();
});

test("every change is written to the address bar", async ({ page }) => {
  await openLab(page, "?preset=gc-pause");
  await page.getByRole("combobox", { name: "Scenario" }).selectOption("redis-failover");
  await expect(page).toHaveURL(/\/lab\/\?preset=redis-failover$/);
  await page.getByRole("slider", { name: "Clients" }).press("ArrowRight");
  await expect(page).toHaveURL(/\/lab\/\?preset=redis-failover&z=[\w%-]+$/);
  await page.reload();
  await expect(page.getByRole("slider", { name: "Clients" })).toHaveValue("2");
});

test("a garbage URL opens the default scenario with a notice saying what was wrong", async ({ page }) => {
  const errors = watchForErrors(page);
  await openLab(page, "?preset=no-such-preset&s=%7B%7Bnot-base64%21&t=soon");
  const notice = page.getByRole("alert").filter({ hasText: "could not be opened" });
  await expect(notice).toContainText('There is no preset named "no-such-preset"');
  await expect(notice).toContainText("not valid base64url");
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause");
  await expect(outcome(page)).toContainText("Unsafe");
  // The lab works: a change re-simulates.
  await page.getByRole("slider", { name: "Pause length" }).fill("0");
  await expect(outcome(page).getByText("Safe", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a tampered scenario is refused with the field and the limit named", async ({ page }) => {
  const tampered = Buffer.from(
    JSON.stringify({ version: 1, service: { kind: "redis", ttlMs: 10000 }, clients: { count: 500 } }),
  ).toString("base64url");
  await openLab(page, `?s=${tampered}`);
  await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toContainText(
    "clients.count: must be ≤ 64",
  );
  await expect(outcome(page)).toContainText("Unsafe");
});

test("switching the service keeps the scenario valid and says what changed", async ({ page }) => {
  await openLab(page, "?preset=gc-pause-fenced");
  await page.getByRole("combobox", { name: "Lock service" }).selectOption("redlock");
  await expect(page.getByText("Storage guard set to none: Redlock issues no fencing token.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Storage guard" })).toHaveValue("none");
  await expect(page.getByRole("option", { name: /Fencing token/ })).toBeDisabled();
  await expect(page.getByText("Fencing token is unavailable: Redlock issues no fencing token.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Fence reads" })).toBeDisabled();
  // Every lane of the new service is drawn.
  for (const node of ["r1", "r5"]) await expect(timeline(page).getByText(node, { exact: true })).toBeVisible();
});

test("predict mode hides the outcome and the rest of the run, then reveals them", async ({ page }) => {
  await openLab(page, "?preset=gc-pause-fenced");
  await page.getByRole("switch", { name: "Predict first" }).check();
  const predict = page.getByRole("region", { name: "Predict" });
  await expect(
    predict.getByRole("group", { name: "Will storage accept c1's write (token 1) at 17.0 s?" }),
  ).toBeVisible();
  await expect(outcome(page)).toContainText("Hidden until you make your prediction");
  await expect(outcome(page)).not.toContainText("Safe");
  // The timeline stops just before the write lands, and the playhead cannot pass it.
  expect(await playheadSeconds(page)).toBeLessThan(17.02);
  await expect(timeline(page).getByRole("button", { name: /^c1 write/ })).toHaveCount(0);
  await page.getByRole("heading", { name: "The lab" }).click();
  await page.keyboard.press("End");
  expect(await playheadSeconds(page)).toBeLessThan(17.02);
  await expect(page.getByRole("button", { name: "Download SVG" })).toBeDisabled();

  await predict.getByRole("radio", { name: "Storage rejects it" }).check();
  // From the keyboard: the button goes away with the answer, and focus moves to the answer, not to the page.
  await predict.getByRole("button", { name: "Reveal the answer" }).focus();
  await page.keyboard.press("Enter");
  await expect(predict.getByRole("status")).toBeFocused();
  await expect(predict).toContainText("You predicted it.");
  await expect(predict).toContainText("storage had already seen 2 and rejected it");
  await expect(predict).toContainText("Your predictions so far: 1 of 1 right.");
  await expect(outcome(page).getByText("Safe", { exact: true })).toBeVisible();
  await page.keyboard.press("End");
  await expect(timeline(page).getByRole("button", { name: /^c1 write with token 1/ })).toBeVisible();

  // The answer is kept in the learner's local progress.
  await page.reload();
  await page.getByRole("switch", { name: "Predict first" }).check();
  await expect(page.getByRole("region", { name: "Predict" })).toContainText("Your predictions so far: 1 of 1 right.");
});

test("with reduced motion, playing steps from event to event", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLab(page, "?preset=gc-pause&t=0");
  await expect(page.getByText("Reduced motion is on")).toBeVisible();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => playheadSeconds(page), { timeout: 5000 }).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
});

test("the timeline downloads as SVG and as PNG", async ({ page }) => {
  await openLab(page, "?preset=gc-pause");
  for (const format of ["SVG", "PNG"]) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: `Download ${format}` }).click();
    expect((await download).suggestedFilename()).toBe(`lease-lab-gc-pause.${format.toLowerCase()}`);
  }
});

test("the lab has no serious accessibility violations in either theme", async ({ page }) => {
  // Four axe runs over a page with a large SVG: allow them more than the default time.
  test.slow();
  await openLab(page, "?preset=gc-pause-fenced");
  await expect(outcome(page).getByText("Safe", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await page.getByRole("switch", { name: "Predict first" }).check();
  await expectNoSeriousA11yViolationsInBothThemes(page, "predicting");
});

// At a laptop's size the run's action is on the first screen: every lane of the timeline (storage,
// where a stale write lands, is the last) and Play, whatever sits above them: a prediction, notices
// about a link, the list of what an edit changed.
test.describe("at 1280×800 the timeline's lanes and Play are on the first screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const onFirstScreen = async (page: Page) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const diagram = await timeline(page).getByRole("group", { name: "Space-time diagram" }).boundingBox();
    const play = await page.getByRole("button", { name: "Play", exact: true }).boundingBox();
    expect(diagram!.y + diagram!.height).toBeLessThanOrEqual(800);
    expect(play!.y + play!.height).toBeLessThanOrEqual(800);
  };

  test("with the default run, and after an edit", async ({ page }) => {
    await openLab(page, "?preset=gc-pause");
    await onFirstScreen(page);
    const pause = page.getByRole("slider", { name: "Pause length" });
    await pause.focus();
    await pause.press("ArrowRight");
    await page.getByRole("slider", { name: "Lease TTL" }).press("ArrowRight");
    await expect(page.getByText("Edited", { exact: true })).toBeVisible();
    await onFirstScreen(page);
  });

  test("predicting first", async ({ page }) => {
    await openLab(page, "?preset=gc-pause&predict=1");
    await expect(page.getByRole("heading", { name: "Predict", level: 2 })).toBeVisible();
    await onFirstScreen(page);
  });

  test("with notices about a link that could not be opened", async ({ page }) => {
    await openLab(page, "?preset=no-such-preset&s=%7B%7Bnot-base64%21&t=soon");
    await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toBeVisible();
    await onFirstScreen(page);
  });
});
