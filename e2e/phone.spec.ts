import { expect, test } from "@playwright/test";
import { presetById } from "@/lib/scenario/presets";
import { expectNoSeriousA11yViolations } from "./axe";

// On a phone the pictures keep the words that carry their lesson: the token comparison under a
// fenced write, text big enough to read, and code that a keyboard can scroll.
test.use({ viewport: { width: 390, height: 844 } });

test("the fenced run at 390 px still captions the rejected write with its tokens", async ({ page }) => {
  await page.goto("/lab/?preset=gc-pause-fenced");
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue("gc-pause-fenced");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(
    timeline.getByRole("button", { name: "c1 write with token 1 at 17.0 s: rejected, storage has seen 2" }),
  ).toBeVisible();
  // Three writes within 7 s: on a phone there is room for one caption, and it is the rejected one's.
  await expect(timeline.getByText("1 < 2", { exact: true })).toBeVisible();
  // c1's token is named twice: at its grant, and in the rejected write's caption.
  await expect(timeline.getByText("c1 · token 1", { exact: true })).toHaveCount(2);
});

test("a lesson's run at 390 px still captions the fenced write with its tokens", async ({ page }) => {
  await page.goto("/learn/04-fencing-tokens/");
  const run = page.getByRole("region", { name: `Simulation: ${presetById("delayed-write")!.title}` });
  await run.scrollIntoViewIfNeeded();
  // c1's write with token 2 arrives after c2's with token 3: the caption says why storage refused it.
  await expect(
    run.getByRole("button", { name: /^c1 write with token 2 at .*: rejected, storage has seen 3/ }),
  ).toBeVisible();
  await expect(run.getByText("2 < 3", { exact: true })).toBeVisible();
  await expect(run.getByText("c1 · token 2", { exact: true })).toBeVisible();
});

test("the home page's picture keeps its text at 11 px or more on a phone", async ({ page }) => {
  await page.goto("/");
  const picture = page.getByRole("figure").getByRole("img");
  await expect(picture).toBeVisible();
  const sizes = await picture.evaluate((svg) =>
    [...svg.querySelectorAll("text")].map((text) => ({
      text: text.textContent,
      px: Number.parseFloat(getComputedStyle(text).fontSize) * (svg as SVGSVGElement).getScreenCTM()!.a,
    })),
  );
  expect(sizes.length).toBeGreaterThan(10);
  for (const { text, px } of sizes) expect(px, `"${text}"`).toBeGreaterThanOrEqual(11);
});

test("a lesson's code block wider than a phone can be scrolled from the keyboard", async ({ page }) => {
  await page.goto("/learn/04-fencing-tokens/");
  const code = page.locator("main pre").first();
  await code.scrollIntoViewIfNeeded();
  expect(await code.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
  await code.focus();
  await expect(code).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => code.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, "code blocks at 390 px", "main", ["scrollable-region-focusable"]);
});
