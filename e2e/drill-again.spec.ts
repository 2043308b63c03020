import { expect, test } from "@playwright/test";
import { contentLoad } from "@/lib/content/load";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";

// Issue 18, items 2 and 20: a drill that comes due again, and the timer of an attempt.

const { drills } = contentLoad();
const drill = drills.find((d) => d.slug === "gc-pause-and-fencing-tokens") ?? drills[0]!;
const url = `/drill/${drill.slug}/`;
const oldAnswer = "The lease runs out in the pause; fence every write with a token.";

test("a due drill opens from /review on the prompt alone, an empty draft and a fresh timer, the last attempt behind a disclosure", async ({
  page,
}) => {
  test.slow();
  await page.clock.install();
  await page.goto(url);
  const answer = page.getByRole("textbox", { name: "Your answer" });
  await answer.fill(oldAnswer);
  await page.getByRole("button", { name: "Start timer" }).click();
  await page.clock.runFor(65_000);
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await page
    .getByRole("region", { name: "Check your answer against the rubric" })
    .getByRole("checkbox")
    .first()
    .check();
  await page.getByRole("button", { name: /^Again\b/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "You rated this attempt Again." })).toBeVisible();

  // A day later the drill is due.
  await page.clock.runFor(24 * 3600_000);
  await page.goto("/review/");
  await page.getByRole("link", { name: drill.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: drill.title })).toBeVisible();
  await expect(answer).toHaveValue("");
  await expect(page.getByRole("heading", { name: "Model answer" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Check your answer against the rubric" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "How did it go?" })).toHaveCount(0);
  await expect(page.getByRole("timer", { name: /minutes suggested/ })).toHaveText(
    `${String(drill.minutes).padStart(2, "0")}:00`,
  );
  await expect(page.getByRole("button", { name: "Start timer" })).toBeVisible();

  const last = page.getByRole("group").filter({ hasText: "Your last attempt, rated Again" });
  await expect(last.getByText(oldAnswer)).toBeHidden();
  await last.getByText("Your last attempt, rated Again").click();
  await expect(last.getByText(oldAnswer)).toBeVisible();

  // The old attempt is replaced only once the new one starts.
  await answer.fill("A new try.");
  await page.reload();
  await expect(answer).toHaveValue("A new try.");
});

test("the timer survives a reload, stops at the reveal, and the model answer sits beside the draft on a wide screen", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.clock.install();
  await page.goto(url);
  const timer = page.getByRole("timer", { name: /minutes suggested/ });
  // Seconds left on the timer; the page's clock also runs in real time, so the checks are bounds.
  const left = async () => {
    const [m, s] = (await timer.innerText()).split(":").map(Number);
    return m! * 60 + s!;
  };
  await page.getByRole("button", { name: "Start timer" }).click();
  await page.clock.runFor(61_000);
  await expect.poll(left).toBeLessThanOrEqual(drill.minutes * 60 - 61);
  // Paused, it shows the same after a reload.
  await page.getByRole("button", { name: "Pause timer" }).click();
  await expect(page.getByRole("button", { name: "Resume timer" })).toBeVisible();
  const paused = await timer.innerText();
  await page.reload();
  await expect(page.getByRole("button", { name: "Resume timer" })).toBeVisible();
  await expect(timer).toHaveText(paused);
  await page.getByRole("button", { name: "Resume timer" }).click();

  // After a reload it is still running, from where it was (the page's clock also runs while it reloads).
  await page.reload();
  await expect(page.getByRole("button", { name: "Pause timer" })).toBeVisible();
  await page.clock.runFor(60_000);
  await expect.poll(left).toBeLessThanOrEqual(drill.minutes * 60 - 121);
  expect(await left()).toBeGreaterThan(0);

  await page.getByRole("textbox", { name: "Your answer" }).fill("Fence it.");
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expect(page.getByText(/Stopped when you revealed the model answer, with \d\d:\d\d left\./)).toBeVisible();
  const stoppedAt = await timer.innerText();
  await page.clock.runFor(120_000);
  await expect(timer).toHaveText(stoppedAt);
  await page.reload();
  await expect(timer).toHaveText(stoppedAt);

  const draft = (await page.getByRole("textbox", { name: "Your answer" }).boundingBox())!;
  const model = (await page.getByRole("heading", { name: "Model answer" }).boundingBox())!;
  expect(model.x).toBeGreaterThan(draft.x + draft.width - 1);
  expect(Math.abs(model.y - draft.y)).toBeLessThan(200);
});

test("a revealed drill side by side has no serious accessibility violations in either theme", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await page.getByRole("textbox", { name: "Your answer" }).fill("Fence it.");
  await page.getByRole("button", { name: "Reveal the model answer" }).click();
  await expect(page.getByRole("heading", { name: "Model answer" })).toBeFocused();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
