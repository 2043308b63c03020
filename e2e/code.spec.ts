import { expect as baseExpect, test, type Page } from "@playwright/test";
import { codeLevelPath } from "@/lib/challenges/codeLevel";
import { codeLevelsLoad } from "@/lib/content/codeLevels";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";

// A check runs hundreds of simulations with the learner's code in a worker, and a silent worker is
// stopped only after seconds of real time: on a busy two-core machine both outlast the default.
const expect = baseExpect.configure({ timeout: 40_000 });

const levels = codeLevelsLoad().filter((level) => level.interview === null);
const first = levels[0]!;
const editor = (page: Page) => page.getByRole("textbox", { name: "Your lock client's code" });
const status = (page: Page) => page.getByRole("status").filter({ hasText: /./ }).first();

async function openLevel(page: Page, slug: string, search = "") {
  await page.goto(`${codeLevelPath(slug)}${search}`);
  await expect(editor(page)).toBeVisible();
}

/** Replaces the editor's code, as typed (insertText skips the editor's bracket closing, as pasting would). */
async function typeCode(page: Page, source: string) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(source);
}

test.describe("Code it yourself", () => {
  test("a learner fixes three levels in the editor, sees a counterexample on the timeline, passes, and /code shows it", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchForErrors(page);
    const three = levels.slice(0, 3);
    for (const [i, level] of three.entries()) {
      await openLevel(page, level.slug);
      if (i === 1) {
        // The starter breaks: Check finds a schedule, and it opens on the timeline with the bad write's line marked.
        await page.getByRole("button", { name: "Check every schedule" }).click();
        await expect(page.getByRole("heading", { name: /^Breaks on [\d,]+ of [\d,]+ schedules?$/ })).toBeVisible();
        await page.getByRole("button", { name: "Show it on the timeline" }).click();
        await expect(
          page.getByRole("region", { name: "The run" }).getByRole("heading", { name: "What happened" }),
        ).toBeVisible();
        await expect(status(page)).toHaveText(
          /storage damaged.*The write that broke it was sent from line \d+, marked in the editor\./,
        );
        await expect(page.locator(".cm-code-marked")).toHaveCount(1);
      }
      if (i === 0) {
        // Keyboard only: Tab into the editor, type the fix, Escape then Tab out to Run and Submit.
        for (let n = 0; n < 60 && !(await editor(page).evaluate((el) => el === document.activeElement)); n++)
          await page.keyboard.press("Tab");
        await expect(editor(page)).toBeFocused();
        await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.press("Delete");
        await page.keyboard.insertText(level.solution);
        // The first Escape closes the completion list typing opened; the next lets Tab leave.
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
        await page.keyboard.press("Tab");
        await expect(page.getByRole("button", { name: "Run", exact: true })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(status(page)).toHaveText(/Run shown on the timeline/);
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
        await page.keyboard.press("Enter");
      } else {
        await typeCode(page, level.solution);
        await page.getByRole("button", { name: "Submit" }).click();
      }
      await expect(page.getByRole("heading", { name: "Passed" })).toBeVisible();
      await expect(page.getByText(/Safety: storage was never damaged/)).toBeVisible();
    }
    await page.goto("/code/");
    for (const level of three)
      await expect(page.getByRole("listitem").filter({ hasText: level.title })).toContainText("Passed");
    await expect(page.getByText(`${three.length} of `)).toBeVisible();
    expect(errors).toEqual([]);
  });

  const hostile: { what: string; body: string; says: RegExp }[] = [
    {
      what: "an endless loop",
      body: "while (true) {}",
      says: /stopped: it ran for \d+ s of real time without yielding/,
    },
    {
      what: "a huge allocation",
      body: "const huge = new ArrayBuffer(2 ** 40);\n  yield sleep(huge.byteLength);",
      says: /threw at line 2: c1: RangeError: (Array buffer allocation failed|Invalid array buffer length)/,
    },
    {
      what: "fetch",
      body: 'yield fetch("https://example.com/");',
      says: /fetch is not available: the network is not reachable from a lock client/,
    },
    {
      what: "Date.now",
      body: "yield sleep(Date.now());",
      says: /true time is not available to a lock client: read this machine's clocks with `clock.wall\(\)`/,
    },
    {
      what: "a thrown error",
      body: 'throw new Error("my own mistake");',
      says: /line 2.*my own mistake|my own mistake.*line 2/,
    },
    {
      what: "while (true) yield",
      body: "while (true) {\n    try {\n      yield;\n    } catch {}\n  }",
      says: /took more than 10,000 steps at one moment/,
    },
  ];
  for (const { what, body, says } of hostile) {
    test(`hostile code: ${what} is stopped with a clear message, and the page stays responsive`, async ({ page }) => {
      await openLevel(page, first.slug);
      await typeCode(page, `function* client({ sleep }) {\n  ${body}\n}\n`);
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await expect(status(page)).toHaveText(says);
      // The page still answers: a hint opens, and the next Run works.
      await page.getByRole("button", { name: "Show a hint" }).click();
      await expect(page.getByRole("region", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);
      await typeCode(page, first.starter);
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await expect(status(page)).toHaveText(/Run shown on the timeline/);
    });
  }

  test("the learner's log lines and the error that stopped the code are told in the story", async ({ page }) => {
    await openLevel(page, first.slug);
    await typeCode(
      page,
      'function* client({ log, sleep, me }) {\n  log(`${me} starts`);\n  yield sleep(10);\n  throw new Error("my own mistake");\n}\n',
    );
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const story = page.getByRole("region", { name: "The run" });
    await expect(story.getByRole("heading", { name: "What happened" })).toBeVisible();
    const all = story.getByRole("button", { name: /^Show all \d+ sentences$/ });
    if (await all.isVisible()) await all.click();
    await expect(story.getByRole("button", { name: /c1 logged “c1 starts”/ })).toBeVisible();
    await expect(
      story.getByRole("button", { name: /c1's code stopped with an error at line 4: Error: my own mistake/ }),
    ).toBeVisible();
  });

  test("a shared link reopens the code, and runs it only when the reader presses Run", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const level = first;
    await openLevel(page, level.slug);
    const mine = level.starter.replace("// Take the lock", "// shared by a classmate\n    // Take the lock");
    await typeCode(page, mine);
    await page.getByRole("button", { name: "Copy a link to this code" }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const other = await context.newPage();
    await other.goto(link);
    await expect(editor(other)).toContainText("shared by a classmate");
    await expect(other.getByRole("note")).toContainText("It runs only when you press Run");
    await expect(other.getByRole("region", { name: "The run" })).toHaveCount(0);
    await other.getByRole("button", { name: "Run", exact: true }).click();
    await expect(status(other)).toHaveText(/Run shown on the timeline/);
  });

  test("an interview level hides its world until it is submitted, then grades pass or fail and shows the counterexample", async ({
    page,
  }) => {
    const interview = codeLevelsLoad().find((level) => level.interview !== null);
    test.skip(!interview, "no interview level in content/code yet");
    await openLevel(page, interview!.slug);
    await expect(page.getByRole("timer")).toBeVisible();
    await expect(page.getByText(/stay hidden until you submit/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Check every schedule" })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Fail" })).toBeVisible();
    await expect(page.getByText(/^Every schedule of up to/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Show it on the timeline" })).toBeVisible();
  });

  test("the editor completes and documents the API, and marks a syntax error as it is typed", async ({ page }) => {
    await openLevel(page, first.slug);
    await typeCode(page, "function* client({ redis }) {\n  yield redis.");
    await expect(page.getByRole("listbox")).toBeVisible();
    await expect(page.getByRole("option", { name: /^eval/ })).toBeVisible();
    await page.keyboard.type("se");
    await expect(page.getByRole("option", { name: /^set/, selected: true })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(editor(page)).toContainText("yield redis.set");
    // Hover the word `set` itself: find it in the editor's text and point at its middle.
    const at = await editor(page).evaluate((content) => {
      const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const i = node.textContent!.indexOf("set");
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 3);
        const box = range.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }
      return null;
    });
    expect(at).not.toBeNull();
    await page.mouse.move(at!.x, at!.y);
    await expect(page.getByText(/SET key value NX PX ms/)).toBeVisible();
    // The generator is not closed yet: acorn's error is marked in the editor.
    await expect(page.locator(".cm-lintRange-error, .cm-lintPoint-error").first()).toBeAttached();
    await page.keyboard.insertText('("lock", "me", { NX: true });\n}\n');
    await expect(page.locator(".cm-lintRange-error, .cm-lintPoint-error")).toHaveCount(0);
  });

  test("the index and a level are axe clean in both themes", async ({ page }) => {
    await page.goto("/code/");
    await expect(page.getByRole("heading", { name: "Code it yourself", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page, "/code");
    await openLevel(page, first.slug);
    await page.getByRole("button", { name: "Check every schedule" }).click();
    await expect(page.getByRole("heading", { name: /^Breaks on/ })).toBeVisible();
    await page.getByRole("button", { name: "Show it on the timeline" }).click();
    await expect(status(page)).toHaveText(/Run shown on the timeline/);
    await expectNoSeriousA11yViolationsInBothThemes(page, "a code level with a counterexample");
  });
});
