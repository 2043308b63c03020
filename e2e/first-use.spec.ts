import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab } from "./lab";

// Issue 18: the lab and the site as a first-time user meets them, on a phone and by keyboard.

const phone = { width: 390, height: 844 };
const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const scenarioPicker = (page: Page) => page.getByRole("combobox", { name: "Scenario", exact: true });
const ttl = (page: Page) => page.getByRole("slider", { name: "Lease TTL" });

/** The lab, with its first run drawn: on a busy machine that takes a while. */
async function openLabDrawn(page: Page, query: string) {
  await openLab(page, query, { timeout: 30_000 });
  await expect(timeline(page).getByRole("group", { name: "Space-time diagram" })).toBeVisible({ timeout: 30_000 });
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the navigation folds behind a Menu button that opens, leads on and closes", async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Lab", exact: true })).toBeHidden();
    // The header is one row, not three.
    expect((await page.locator("header").boundingBox())!.height).toBeLessThan(80);

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Lab", exact: true }).click();
    await expect(page).toHaveURL(/\/lab\/$/, { timeout: 30_000 });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Lab", exact: true })).toBeHidden();

    // Escape closes it and gives focus back to the button.
    await menu.click();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("the lab puts the timeline and Play on the first screen, the sliders after them", async ({ page }) => {
    await openLabDrawn(page, "?preset=gc-pause");
    const play = timeline(page).getByRole("button", { name: "Play", exact: true });
    // Measured again if the drawn lab is swapped for the live one between the two measurements.
    await expect(async () => {
      const playBox = await play.boundingBox();
      const ttlBox = await ttl(page).boundingBox();
      expect(playBox && ttlBox).toBeTruthy();
      expect(playBox!.y + playBox!.height).toBeLessThan(phone.height);
      expect(ttlBox!.y).toBeGreaterThan(playBox!.y);
    }).toPass();
  });

  test("the phone lab, menu open, has no serious accessibility violations in either theme", async ({ page }) => {
    test.slow();
    await openLabDrawn(page, "?preset=gc-pause");
    await page.getByRole("button", { name: "Menu" }).click();
    await expectNoSeriousA11yViolationsInBothThemes(page, "phone");
  });
});

test("the scenario picker finds presets by words and by failure, and tags the chosen one", async ({ page }) => {
  await openLabDrawn(page, "?preset=gc-pause");
  const options = scenarioPicker(page).locator("option:not([disabled])");
  const all = await options.count();
  expect(all).toBeGreaterThan(40);
  await expect(page.getByRole("list", { name: "Tags" })).toHaveText(/Redis \(one node\)\s*Process pause/);

  await page.getByRole("searchbox", { name: "Find a scenario" }).fill("fencing token");
  await expect(page.getByRole("status").filter({ hasText: /of \d+ scenarios match/ })).toBeVisible();
  const found = await options.count();
  expect(found).toBeLessThan(all);
  await expect(
    scenarioPicker(page).locator("option", { hasText: "The same pause, stopped by a fencing token" }),
  ).toHaveCount(1);

  await page.getByRole("searchbox", { name: "Find a scenario" }).fill("");
  await page.getByRole("combobox", { name: "Failure" }).selectOption({ label: "Failover" });
  await scenarioPicker(page).selectOption("redis-failover");
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("Failover");
  // Every listed preset but the one shown is a failover.
  await page.getByRole("searchbox", { name: "Find a scenario" }).fill("zzz no such scenario");
  await expect(page.getByRole("status").filter({ hasText: "No scenario matches" })).toBeVisible();
  await expect(options).toHaveCount(1);
});

test("an edit says what it changed from the preset, and turning Traffic on says what came with it", async ({
  page,
}) => {
  await openLabDrawn(page, "?preset=gc-pause");
  const about = page.getByText("c1 takes a 10 s Redis lock");
  await expect(about).toBeVisible();
  await ttl(page).focus();
  await ttl(page).press("ArrowRight");
  await expect(page.getByText("Edited from “A GC pause outlives the lease”")).toBeVisible();
  await expect(page.getByText(/^Lease TTL: 10 s → 1\d(\.\d)? s$/)).toBeVisible();
  // The preset's description no longer describes the run: it waits behind a disclosure.
  await expect(about).toBeHidden();

  const traffic = page.getByRole("slider", { name: "Traffic" });
  await traffic.focus();
  await traffic.press("ArrowRight");
  await expect(page.getByRole("status").filter({ hasText: "The lab also changed" })).toContainText(
    "Clients: 2 → 8, Work time: 2 s → 50 ms",
  );
});

test("undo and redo take back the last twenty edits, by buttons and by Ctrl+Z", async ({ page }) => {
  // Twenty-odd edits, each simulated: slow on a busy machine.
  test.slow();
  await openLabDrawn(page, "?preset=gc-pause");
  const undo = page.getByRole("button", { name: "Undo" });
  const redo = page.getByRole("button", { name: "Redo" });
  await expect(undo).toBeDisabled();
  await ttl(page).focus();
  const values: string[] = [(await ttl(page).getAttribute("aria-valuetext"))!];
  for (let i = 0; i < 22; i++) {
    await ttl(page).press("ArrowRight");
    await expect(ttl(page)).not.toHaveAttribute("aria-valuetext", values.at(-1)!);
    values.push((await ttl(page).getAttribute("aria-valuetext"))!);
  }
  // Ctrl+Z from the slider itself, twenty times; the single-key shortcuts being off does not matter.
  await page.getByRole("checkbox", { name: "Keyboard shortcuts" }).uncheck();
  await ttl(page).focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press("ControlOrMeta+z");
  await expect(ttl(page)).toHaveAttribute("aria-valuetext", values[2]!);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(ttl(page)).toHaveAttribute("aria-valuetext", values[3]!);

  await undo.click();
  await undo.click();
  await undo.click();
  await expect(ttl(page)).toHaveAttribute("aria-valuetext", values[0]!);
  await expect(page.getByText("Edited", { exact: true })).toBeHidden();
  await redo.click();
  await expect(ttl(page)).toHaveAttribute("aria-valuetext", values[1]!);

  // Choosing another preset is an edit too.
  await scenarioPicker(page).selectOption("etcd-fenced");
  await undo.click();
  await expect(scenarioPicker(page)).toHaveValue("gc-pause");
  await expect(ttl(page)).toHaveAttribute("aria-valuetext", values[1]!);
});

test("the keyboard skips to the timeline, reaches Play at once and reads a focused mark's tooltip", async ({
  page,
}) => {
  await openLabDrawn(page, "?preset=gc-pause");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the timeline" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(timeline(page)).toBeFocused();
  const play = timeline(page).getByRole("button", { name: "Play", exact: true });
  for (let i = 0; i < 3 && !(await play.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(play).toBeFocused();

  const write = timeline(page).getByRole("button", { name: /^c1 write at 17\.0 s/ });
  const name = (await write.getAttribute("aria-label"))!;
  const tip = page.getByTestId("mark-tooltip");
  await expect(tip).toBeHidden();
  await write.focus();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(name);
  await page.keyboard.press("Tab");
  await expect(tip).toBeHidden();
});

test("the nav marks the section a sub-page belongs to", async ({ page }) => {
  await page.goto("/learn/04-fencing-tokens/");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Learn", exact: true }),
  ).toHaveAttribute("aria-current", "true");
});

const playhead = (page: Page) => page.getByRole("slider", { name: "Playhead" });
const playheadSeconds = async (page: Page) =>
  Number.parseFloat((await playhead(page).getAttribute("aria-valuetext")) ?? "NaN");
const zoomNote = (page: Page) => timeline(page).getByRole("status").filter({ hasText: "The view is zoomed" });

test("stepping moves between key events; Shift steps through every message", async ({ page }) => {
  test.slow();
  await openLabDrawn(page, "?preset=gc-pause&t=0");
  const forward = page.getByRole("button", { name: "Step forward" });
  // From the start to c1's stale write at 17 s in a handful of steps, not two hundred.
  let steps = 0;
  while ((await playheadSeconds(page)) < 17 && steps < 40) {
    await forward.click();
    steps++;
  }
  expect(steps).toBeLessThan(15);
  await expect(timeline(page).getByRole("button", { name: /^c1 write at 17\.0 s/ })).toBeVisible();

  // Shift + → steps through every event, messages included: five of them go far less far than five key steps.
  const fromStart = async (keys: string) => {
    await page.keyboard.press("Home");
    await expect.poll(() => playheadSeconds(page)).toBe(0);
    for (let i = 0; i < 5; i++) await page.keyboard.press(keys);
    return playheadSeconds(page);
  };
  await page.getByRole("heading", { name: "The lab", level: 1 }).click();
  const fine = await fromStart("Shift+ArrowRight");
  const coarse = await fromStart("ArrowRight");
  expect(fine).toBeGreaterThan(0);
  expect(coarse).toBeGreaterThan(fine * 3);
});

// A grant, the belief it starts and a refusal land a few ms apart: at a 60 s scale they are one
// spot, so one step. Zoomed in on them, each is a step of its own.
test("each step from 0 s changes what is seen: events drawn at one spot are one step", async ({ page }) => {
  await openLabDrawn(page, "?preset=gc-pause&t=0");
  const forward = page.getByRole("button", { name: "Step forward" });
  const landed: number[] = [0];
  for (let i = 0; i < 6; i++) {
    await forward.click();
    await expect.poll(() => playheadSeconds(page)).not.toBe(landed.at(-1));
    landed.push(await playheadSeconds(page));
  }
  // The first step shows the start's events (c1's lease and belief, c2's first refusal) at once, on the last of them;
  // every later step moves to a moment apart from the one before.
  expect(landed[1]).toBeGreaterThan(0);
  expect(landed[1]).toBeLessThan(0.05);
  for (let i = 2; i < landed.length; i++)
    expect(landed[i]! - landed[i - 1]!, `steps ${landed.join(", ")} s`).toBeGreaterThan(0.05);
});

test("with reduced motion, playing keeps its speed and jumps between key events", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLabDrawn(page, "?preset=gc-pause&t=0");
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "10 s per second" });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  // 17 simulated seconds at 10 s per second: about 2 s, never 200 steps of 0.9 s.
  await expect.poll(() => playheadSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(17);
});

test("the timeline re-fits when an edit moves the stale write later, unless it was zoomed by hand", async ({
  page,
}) => {
  await openLabDrawn(page, "?preset=gc-pause");
  const pause = page.getByRole("slider", { name: "Pause length" });
  await pause.focus();
  for (let i = 0; i < 30 && Number.parseFloat((await pause.getAttribute("aria-valuetext")) ?? "0") < 30; i++)
    await pause.press("ArrowRight");
  // The late write now lands after 30 s, past where the old view ended: it is in view all the same.
  await expect(timeline(page).getByRole("button", { name: /^c1 write at [3-9]\d\.\d s/ })).toBeVisible();
  await expect(zoomNote(page)).toHaveCount(0);

  await timeline(page).getByRole("button", { name: "Zoom in" }).click();
  await expect(zoomNote(page)).toBeVisible();
  await pause.focus();
  await pause.press("ArrowLeft");
  await expect(zoomNote(page)).toBeVisible();
  await timeline(page).getByRole("button", { name: "Fit" }).click();
  await expect(zoomNote(page)).toHaveCount(0);
});

// c1's pause is the run's story even when nothing is logged while it lasts: one that outlasts the
// run (the lab shows 59 s of it) must be seen to the run's end, not cut off at c2's last write.
test("the timeline re-fits to a pause that outlasts the run's last event", async ({ page }) => {
  await openLabDrawn(page, "?preset=gc-pause");
  const axisEnd = timeline(page).getByText("60 s", { exact: true });
  await expect(axisEnd).toBeHidden();
  const pause = page.getByRole("slider", { name: "Pause length" });
  await pause.focus();
  await pause.press("End");
  await expect(pause).toHaveAttribute("aria-valuetext", "120 s");
  await expect(timeline(page).getByText("GC pause 59 s")).toBeVisible();
  await expect(axisEnd).toBeVisible();
  await expect(zoomNote(page)).toHaveCount(0);
});

test("Jump to violation brings the timeline into view, framed on the violation, the playhead on it", async ({
  page,
}) => {
  await openLabDrawn(page, "?preset=gc-pause&t=0");
  const jump = page.getByRole("region", { name: "Outcome" }).getByRole("button", { name: "Jump to violation" });
  // The drawn lab can still be swapped for the live one here, detaching the button mid-scroll:
  // scroll again until the timeline is out of view.
  await expect(async () => {
    await jump.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(timeline(page).getByRole("button", { name: "Play", exact: true })).not.toBeInViewport({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await jump.click();
  await expect(timeline(page).getByRole("button", { name: "Play", exact: true })).toBeInViewport();
  await expect.poll(() => playheadSeconds(page)).toBeCloseTo(10, 0);
  const violation = timeline(page).getByRole("button", { name: /^Overlap at 10\.0 s/ });
  await expect(violation).toBeInViewport();
  const note = (await zoomNote(page).innerText()).match(/zoomed to ([\d.]+) s – ([\d.]+) s/);
  expect(note).not.toBeNull();
  const [from, to] = [Number(note![1]), Number(note![2])];
  expect(from).toBeLessThanOrEqual(10);
  // gc-pause's first violation is the overlap from 10.0 s to 12.0 s: all of it, and not the whole run.
  expect(to).toBeGreaterThanOrEqual(12);
  expect(to - from).toBeLessThan(10);
});

test("lesson 10's flowchart draws readable text and says yes or no on every branch", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/learn/10-choosing-and-production/");
  const chart = page.getByRole("group", { name: /^Flowchart of the decision guide/ });
  await chart.scrollIntoViewIfNeeded();
  const question = chart.getByText("If two processes were in the critical section", { exact: false });
  await expect(question).toBeVisible();
  // The text's rendered size: its font size times the chart's zoom.
  const px = await question.evaluate((el) => {
    const html = el as HTMLElement;
    return Number.parseFloat(getComputedStyle(html).fontSize) * (html.getBoundingClientRect().width / html.offsetWidth);
  });
  expect(px).toBeGreaterThanOrEqual(12);
  const labels = chart.locator(".react-flow__edge-text");
  await expect(labels.filter({ hasText: /^Yes$/ }).first()).toBeVisible();
  await expect(labels.filter({ hasText: /^No$/ }).first()).toBeVisible();
  await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(13);
});

test("compare leads with the first difference in outcome, then the first difference at all", async ({ page }) => {
  await openLabDrawn(page, "?preset=gc-pause&compare=guard");
  const compare = page.getByRole("region", { name: "Compare" });
  await expect(compare).toContainText(
    /The first difference in outcome, at 17\.0 s: in A, storage accepts c1's write .*; in B, storage rejects c1's write/,
  );
  const text = await compare.innerText();
  expect(text.indexOf("The first difference in outcome")).toBeLessThan(text.indexOf("The runs first differ at 0.0 s"));
});
