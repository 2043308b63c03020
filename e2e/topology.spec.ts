import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab, scrollToPanel } from "./lab";

const outcome = (page: Page) => page.getByRole("region", { name: "Outcome" });
const timeline = (page: Page) => page.getByRole("region", { name: "Timeline" });
const topology = (page: Page) => page.getByRole("region", { name: "Topology" });
const compare = (page: Page) => page.getByRole("region", { name: "Compare" });
const verdict = (page: Page, word: "Safe" | "Unsafe") => outcome(page).getByText(word, { exact: true });

/** gc-pause without its pause: c1 takes a 10 s Redis lock at 0 s and works 2 s; c2 waits. Safe. */
const unpaused = {
  version: 1,
  name: "No pause yet",
  service: { kind: "redis", ttlMs: 10000 },
  clients: { count: 2, startMs: [0, 100], workMs: 2000 },
  workload: { kind: "counter", jobsPerClient: 1 },
};
const code = Buffer.from(JSON.stringify(unpaused)).toString("base64url");

test("a pause injected on c1 from the topology with the keyboard breaks the run, and removing it mends it", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await openLab(page, `?s=${code}&t=1000`);
  await expect(verdict(page, "Safe")).toBeVisible();
  const faults = topology(page).getByRole("list", { name: "Injected faults" });
  await expect(topology(page).getByText("None.", { exact: false })).toBeVisible();

  const c1 = topology(page).getByRole("button", { name: /^c1: [^;]+; working, believes it holds the lock/ });
  await c1.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Inject a fault on c1 at 1.000 s" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Pause for…" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Crash" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  const length = page.getByRole("textbox", { name: "Pause length (seconds)" });
  await expect(length).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("15");
  await page.keyboard.press("Enter");

  await expect(verdict(page, "Unsafe")).toBeVisible();
  await expect(faults.getByRole("listitem")).toHaveText([/Pause c1 at 1 s for 15 s/]);
  // Focus goes back to the node, which now says what the pause did to it.
  await expect(topology(page).getByRole("button", { name: /^c1: [^;]+; paused/ })).toBeFocused();
  await expect(page).toHaveURL(/[?&]z=/);

  await faults.getByRole("button", { name: "Remove: Pause c1 at 1 s for 15 s" }).focus();
  await page.keyboard.press("Enter");
  await expect(verdict(page, "Safe")).toBeVisible();
  await expect(faults).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a bad amount in the fault form is named and nothing is added", async ({ page }) => {
  await openLab(page, `?s=${code}&t=1000`);
  await topology(page).getByRole("button", { name: /^c2:/ }).click();
  await page.getByRole("menuitem", { name: "Clock jump…" }).click();
  await page.getByRole("textbox", { name: /Jump by/ }).fill("soon");
  await page.getByRole("button", { name: "Add clock jump" }).click();
  await expect(topology(page).getByRole("alert")).toHaveText('By: "soon" is not a number of seconds.');
  await page.getByRole("textbox", { name: /Jump by/ }).fill("-2");
  await page.getByRole("button", { name: "Add clock jump" }).click();
  await expect(topology(page).getByRole("list", { name: "Injected faults" })).toContainText(
    "Clock jump on c2 at 1 s by −2 s",
  );
});

test("editing a fault with a bad length marks that field invalid, names why, and changes nothing", async ({ page }) => {
  await openLab(page, "?preset=gc-pause");
  const faults = topology(page).getByRole("list", { name: "Injected faults" });
  await faults.getByRole("button", { name: "Edit: Pause c1 at 1 s for 15 s" }).click();
  const editor = topology(page).getByRole("form", { name: "Edit: Pause c1 at 1 s for 15 s" });
  await editor.getByRole("textbox", { name: /^For/ }).fill("0");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("For: must be at least 1 ms.");
  await expect(editor.getByRole("textbox", { name: /^For/ })).toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByRole("textbox", { name: /^At/ })).toHaveAttribute("aria-invalid", "false");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(faults.getByRole("listitem")).toHaveText([/Pause c1 at 1 s for 15 s/]);
});

test("a partition on a link shows on both views: the timeline's cut-off span and the topology's broken link", async ({
  page,
}) => {
  await openLab(page, "?preset=gc-pause&t=3000");
  await topology(page)
    .getByRole("button", { name: /^Link c2 – redis/ })
    .click();
  await page.getByRole("menuitem", { name: "Partition for…" }).click();
  await page.getByRole("textbox", { name: "Partition length (seconds)" }).fill("10");
  await page.getByRole("button", { name: "Add partition" }).click();
  await expect(topology(page).getByRole("list", { name: "Injected faults" })).toContainText(
    "Partition c2 from redis at 3 s for 10 s",
  );

  await page.getByRole("slider", { name: "Playhead" }).fill("8000");
  await expect(topology(page).getByRole("button", { name: /^Link c2 – redis: cut by a partition/ })).toBeVisible();
  await expect(topology(page).getByRole("button", { name: /^Link c1 – redis: [^c]/ })).toBeVisible();
  await expect(topology(page).getByRole("button", { name: /^c2: .*cut off/ })).toBeVisible();
  await expect(timeline(page).getByText("cut off").first()).toBeVisible();

  // After it heals, the link is whole again.
  await page.getByRole("slider", { name: "Playhead" }).fill("14000");
  await expect(topology(page).getByRole("button", { name: /^Link c2 – redis: [^c]/ })).toBeVisible();
});

test("a ZooKeeper client cut off from the ensemble shows its session disconnected in both views, until it learns the session expired", async ({
  page,
}) => {
  // zk-partition: cut off at 5 s, Disconnected at about 10 s, told Expired at about 25.7 s. At 20 s
  // the playhead is past the end of the timeline's label, which is drawn only whole.
  await openLab(page, "?preset=zk-partition&t=20000");
  await expect(topology(page).getByRole("button", { name: /^c1: .*cut off · session disconnected/ })).toBeVisible();
  await expect(timeline(page).getByText("session disconnected")).toBeVisible();
  await page.getByRole("slider", { name: "Playhead" }).fill("30000");
  await expect(topology(page).getByRole("button", { name: /^c1: / })).not.toHaveAccessibleName(/session disconnected/);
});

test("on a phone the topology keeps its nodes readable and scrolls sideways, and its menus still open", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, "?preset=redlock-clock-jump&t=5000");
  // Screens below the lab's top on a phone, its picture loads as the reader scrolls to it.
  await topology(page).scrollIntoViewIfNeeded();
  await expect(topology(page).getByText("Scroll sideways to see all of it")).toBeVisible();
  const c1 = topology(page).getByRole("button", { name: /^c1: / });
  // Drawn at 184 px wide, a node shrunk below about 0.8 of that has type too small to read.
  expect((await c1.boundingBox())!.width).toBeGreaterThanOrEqual(0.78 * 184);
  const r5 = topology(page).getByRole("button", { name: /^r5: / });
  await r5.focus();
  await expect(r5).toBeInViewport();
  await r5.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Crash" })).toBeVisible();
});

test("comparing gc-pause with fencing flipped shows Unsafe and Safe side by side, and where they part", async ({
  page,
}) => {
  await openLab(page, "?preset=gc-pause&compare=guard");
  const runA = compare(page).getByRole("group", { name: /^Run A: As set · Storage guard: None/ });
  const runB = compare(page).getByRole("group", { name: /^Run B: Flipped · Storage guard: Fencing token/ });
  await expect(runA.getByText("Unsafe", { exact: true })).toBeVisible();
  await expect(runB.getByText("Safe", { exact: true })).toBeVisible();
  await expect(compare(page)).toContainText("The runs first differ at 0.0 s");
  await expect(compare(page)).toContainText(
    "For the twin: Redis now hands out an INCR counter as a fencing token with each grant.",
  );
  await expect(
    runB.getByRole("button", { name: "c1 write with token 1 at 17.0 s: rejected, storage has seen 2" }),
  ).toBeVisible();

  // The flip is in the URL; choosing nothing takes it out.
  await compare(page).getByRole("combobox", { name: "Flip one thing" }).selectOption("");
  await expect(page).not.toHaveURL(/compare=/);
  await compare(page).getByRole("combobox", { name: "Flip one thing" }).selectOption("check");
  await expect(page).toHaveURL(/compare=check/);
});

test("a flip that cannot apply is disabled with its reason, and a malformed one is a notice", async ({ page }) => {
  await openLab(page, "?preset=redlock-clock-jump");
  await scrollToPanel(page, "compare");
  await expect(compare(page).getByRole("combobox", { name: "Flip one thing" })).toBeVisible({ timeout: 30_000 });
  await expect(compare(page).getByRole("option", { name: /Storage guard/ })).toBeDisabled();
  // With nothing chosen, no reasons for flips nobody asked for; once a comparison is chosen, they are said.
  await expect(compare(page)).not.toContainText("cannot be flipped here");
  await compare(page).getByRole("combobox", { name: "Flip one thing" }).selectOption("service");
  await expect(compare(page)).toContainText("Storage guard cannot be flipped here: Redlock issues no fencing token.");

  await openLab(page, "?preset=gc-pause-fenced&compare=fencing");
  await expect(
    page.getByText("The comparison compare=fencing is not one the lab knows; the lab opened without it."),
  ).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause-fenced");
  await scrollToPanel(page, "compare");
  await expect(compare(page).getByRole("combobox", { name: "Flip one thing" })).toHaveValue("");
});

test("with reduced motion the links count their messages instead of moving dots", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLab(page, "?preset=gc-pause&t=5000");
  await expect(topology(page)).toContainText("The number on a link counts its messages in flight.");
  await expect(topology(page).locator("svg circle")).toHaveCount(0);
});

test("the topology, its fault menu and the twin runs have no serious accessibility violations in either theme", async ({
  page,
}) => {
  // Two stacked runs, the timeline and the topology make a large page for axe to read, twice.
  test.setTimeout(120_000);
  await openLab(page, "?preset=gc-pause&t=5000&compare=guard");
  await expect(compare(page).getByText("Safe", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await topology(page)
    .getByRole("button", { name: /^redis:/ })
    .click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "fault menu open");
});

test("scrolled out of view while the run plays, the topology holds still, and shows the playhead's moment once playing stops", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openLab(page, `?s=${code}&t=0`);
  const c1 = topology(page).getByRole("button", { name: /^c1:/ });
  await expect(c1).toHaveAccessibleName(/^c1: 0\.000 s /);
  await timeline(page).getByRole("button", { name: "Play", exact: true }).scrollIntoViewIfNeeded();
  await expect(topology(page)).not.toBeInViewport();
  await timeline(page).getByRole("button", { name: "Play", exact: true }).click();
  await expect(timeline(page).getByRole("slider", { name: "Playhead" })).not.toHaveAttribute(
    "aria-valuetext",
    /^0\.000 s/,
  );
  // Out of view, the node still says where the playhead was when it left the view.
  await expect(c1).toHaveAccessibleName(/^c1: 0\.000 s /);
  await timeline(page).getByRole("button", { name: "Pause", exact: true }).click();
  const at = (await timeline(page).getByRole("slider", { name: "Playhead" }).getAttribute("aria-valuetext"))!.match(
    /^[\d.]+ s/,
  )![0];
  // c1's clock has no skew: paused, its clock reads the playhead's true time.
  await expect(c1).toHaveAccessibleName(new RegExp(`^c1: ${at.replace(".", "\\.")}`));
});

// WCAG 2.5.3 (Label in Name): a speech-input user says the words they see. A process card's name
// reads its words in the order shown, and a violation mark's name starts with the word it shows;
// a write's caption is its data, drawn beside the button rather than in it. Axe's rule for this is
// experimental (off in the other checks), so this test runs it by name.
test("every process card and timeline mark has the words it shows in its name", async ({ page }) => {
  await openLab(page, "?preset=gc-pause&t=60000");
  await expect(timeline(page).getByRole("button", { name: /^Lost update at 17\.0 s: / })).toBeVisible();
  await expect(timeline(page).getByRole("button", { name: /^Overlap at 10\.0 s: / })).toBeVisible();
  await expect(topology(page).getByRole("button", { name: /^redis: 60\.000 s \(±0\); up/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "label in name", undefined, ["label-content-name-mismatch"]);
});

// A busy card (c2 working, believing it holds the lock, with its token) keeps every word inside it.
test("every process card's words fit inside the card", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page, "?preset=redlock-clock-jump&t=9000");
  await topology(page).scrollIntoViewIfNeeded();
  const c2 = topology(page).getByRole("button", { name: /^c2: .*believes it holds the lock/ });
  await expect(c2).toBeVisible();
  const cards = topology(page).getByRole("button", { name: /^(c\d+|r\d+|redis|storage|etcd|zk\d*|postgres)\b.*: / });
  expect(await cards.count()).toBeGreaterThan(2);
  for (const card of await cards.all()) {
    const fits = await card.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth);
    expect(fits, (await card.getAttribute("aria-label")) ?? "a card").toBe(true);
  }
});

test("a link with many faults lists the first fifty, and the rest on request", async ({ page }) => {
  const errors = watchForErrors(page);
  const faults = Array.from({ length: 60 }, (_, i) => ({
    kind: "partition",
    between: ["c2", "redis"],
    atMs: 20_000 + i * 100,
    forMs: 50,
  }));
  await openLab(
    page,
    `?s=${Buffer.from(JSON.stringify({ ...unpaused, durationMs: 30_000, faults })).toString("base64url")}`,
  );
  const list = topology(page).getByRole("list", { name: "Injected faults" });
  await expect(list.getByRole("listitem")).toHaveCount(50);
  await topology(page).getByRole("button", { name: "Show all 60 faults (10 more)" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(60);
  await expect(topology(page).getByRole("button", { name: /^Show all/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
