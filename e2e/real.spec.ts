import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab, scrollToPanel } from "./lab";

const panel = (page: Page) => page.getByRole("region", { name: "Real vs model" });
const shipped = (page: Page) => panel(page).getByRole("group", { name: "Shipped recordings" });

async function openGcPause(page: Page) {
  await openLab(page, "?preset=gc-pause");
  await scrollToPanel(page, "real");
}

/** Opening runs the model beside the recording in a worker: on a busy machine that takes a while. */
const OPENED = { timeout: 60_000 };

const gcPauseTrace = () => JSON.parse(readFileSync(path.resolve("content/traces/gc-pause.json"), "utf8"));

test("a shipped recording opens beside the model's run, and they agree", async ({ page }) => {
  // Two axe runs over two timelines on top of opening the run: slow on a crowded machine.
  test.slow();
  const errors = watchForErrors(page);
  await openGcPause(page);
  await shipped(page).getByRole("button", { name: "A GC pause outlives the lease" }).click();
  await expect(panel(page).getByRole("table")).toContainText("The real run and the model agree on every field", OPENED);
  await expect(panel(page).getByRole("row", { name: /Lost updates/ })).toContainText("1");
  // Tokens read as a list in words, not as a programmer's array.
  await expect(panel(page).getByRole("row", { name: /Tokens/ })).toHaveText(/^Tokens(none|\d+(, \d+)*){2}same$/);
  await expect(panel(page).getByRole("group", { name: "Run R: Recorded on real servers" })).toBeVisible();
  await expect(panel(page).getByRole("group", { name: "Run M: The model, same scenario" })).toBeVisible();
  await expect(panel(page).getByText(/Each client is its own OS process/)).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "real vs model", "section[aria-labelledby='real-heading']");
  expect(errors).toEqual([]);
});

test("a user's trace file that differs from the model shows where", async ({ page }) => {
  await openGcPause(page);
  // c1's late write never happened in this edited recording: the counter and the lost update differ.
  const trace = gcPauseTrace();
  const lateWrite = trace.events.findLastIndex(
    (e: { kind: string; client?: string }) => e.kind === "write" && e.client === "c1",
  );
  trace.events.splice(lateWrite, 1);
  await panel(page)
    .getByLabel("Open a recorded run")
    .setInputFiles({ name: "edited.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(trace)) });
  await expect(panel(page).getByRole("table")).toContainText(/differ on \d fields/, OPENED);
  await expect(panel(page).getByRole("row", { name: /Lost updates/ })).toContainText("≠ differs");
});

test("garbage and a file too large get a clear message, and the page stays usable", async ({ page }) => {
  await openGcPause(page);
  const input = panel(page).getByLabel("Open a recorded run");
  await input.setInputFiles({
    name: "garbage.json",
    mimeType: "application/json",
    buffer: Buffer.from("this is not a trace\n"),
  });
  await expect(panel(page).getByRole("alert")).toContainText("garbage.json is not JSON", OPENED);
  const huge = test.info().outputPath("huge.json");
  writeFileSync(huge, Buffer.alloc(100 * 1024 * 1024, 32));
  await input.setInputFiles(huge);
  await expect(panel(page).getByRole("alert")).toContainText(
    "huge.json is 100.0 MB; a recorded run or a lock history can be at most 20.0 MB",
    OPENED,
  );
  // The page still answers: a shipped recording opens after both.
  await shipped(page).getByRole("button", { name: "Redis failover loses the lock" }).click();
  await expect(panel(page).getByRole("table")).toContainText("agree on every field", OPENED);
});

test("the Redis primary frozen past its TTL, then a failover, opens as recorded beside the model, and they agree", async ({
  page,
}) => {
  await openGcPause(page);
  await shipped(page).getByRole("button", { name: "Redis primary frozen past its TTL, then failover" }).click();
  await expect(panel(page).getByRole("table")).toContainText("The real run and the model agree on every field", OPENED);
  await expect(panel(page).getByRole("row", { name: /Lost updates/ })).toContainText("1");
  // The freeze was a real SIGSTOP of the server the recorder started, and the failover ended it.
  await expect(
    panel(page).getByText(/redis is frozen at 1000 ms by SIGSTOP of the redis-server process the recorder started/),
  ).toBeVisible();
  await expect(panel(page).getByRole("group", { name: "Run R: Recorded on real servers" })).toBeVisible();
});
