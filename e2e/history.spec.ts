import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";
import { openLab, scrollToPanel } from "./lab";

const panel = (page: Page) => page.getByRole("region", { name: "Real vs model" });
const picker = (page: Page) => panel(page).getByLabel("Open a recorded run or a lock history");
const historyRun = (page: Page) => panel(page).getByRole("group", { name: "Run H: The lock history" });
/** Opening runs the checker in a worker: on a busy machine that takes a while. */
const OPENED = { timeout: 60_000 };

const EXAMPLES = [
  {
    file: "fenced-safe.jsonl",
    title: "Fenced: a paused worker's late write is rejected",
    verdict: "Safe",
    story: "storage had already seen 42 and rejected it",
  },
  {
    file: "stale-write-accepted.jsonl",
    title: "Unfenced: a write accepted after the lease ended",
    verdict: "Unsafe",
    story: "storage accepted it and c2's increment was lost",
  },
] as const;
const example = (file: string) => readFileSync(path.resolve("content/histories", file), "utf8");

async function openGcPause(page: Page) {
  await openLab(page, "?preset=gc-pause");
  await scrollToPanel(page, "real");
}

/** What every opened history shows: its verdict and title, its timeline, and its story. */
async function expectHistoryShown(page: Page, ex: (typeof EXAMPLES)[number]) {
  await expect(panel(page).getByText(`Lock history: ${ex.title}.`)).toBeVisible(OPENED);
  await expect(historyRun(page)).toBeVisible();
  await expect(historyRun(page).getByText(ex.verdict, { exact: true })).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "What happened" })).toBeVisible();
  // The story line itself (the timeline also marks the violation, with the same words in its title).
  await expect(panel(page).getByRole("listitem").filter({ hasText: ex.story })).toBeVisible();
  await expect(panel(page).getByText("c1 is “worker-a”, c2 is “worker-b”", { exact: false })).toBeVisible();
}

/** A drop as a browser makes it: a DataTransfer holding the file, dispatched on the panel's drop area. */
async function dropFile(page: Page, name: string, text: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: "application/x-ndjson" }));
      return dt;
    },
    { name, text },
  );
  const target = panel(page).getByRole("heading", { name: "Real vs model" });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
}

for (const ex of EXAMPLES) {
  test(`the example history ${ex.file} opens from the file picker and by drag and drop`, async ({ page }) => {
    const errors = watchForErrors(page);
    await openGcPause(page);
    await picker(page).setInputFiles(path.resolve("content/histories", ex.file));
    await expectHistoryShown(page, ex);
    // The same file dropped on the panel after a reload opens the same way.
    await openGcPause(page);
    // This drop is on the loaded panel (the next test drops on its placeholder).
    await expect(picker(page)).toBeEnabled(OPENED);
    await dropFile(page, ex.file, example(ex.file));
    await expectHistoryShown(page, ex);
    expect(errors).toEqual([]);
  });
}

test("a history dropped on Real vs model before the panel has loaded opens once it has", async ({ page }) => {
  const errors = watchForErrors(page);
  // The panel's own chunk (the one that holds its file picker's label) is held until the file has been dropped.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldPanel = false;
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("Open a recorded run or a lock history")) {
      heldPanel = true;
      await released;
    }
    await route.fulfill({ response, body });
  });
  await openLab(page, "?preset=gc-pause");
  // Scrolled to, as a reader does to drop a file there, the panel starts loading.
  await panel(page).scrollIntoViewIfNeeded();
  await expect(panel(page).getByText("Loading the recorded runs…")).toBeVisible();
  await expect.poll(() => heldPanel, OPENED).toBe(true);
  const ex = EXAMPLES[1];
  await dropFile(page, ex.file, example(ex.file));
  await expect(panel(page).getByRole("status")).toHaveText(
    `Loading the panel; “${ex.file}” opens as soon as it is here…`,
  );
  release();
  await expectHistoryShown(page, ex);
  expect(errors).toEqual([]);
});

test("a history with a bad line names it, and the history already open stays", async ({ page }) => {
  await openGcPause(page);
  const ex = EXAMPLES[0];
  await picker(page).setInputFiles(path.resolve("content/histories", ex.file));
  await expectHistoryShown(page, ex);
  const lines = example(ex.file).split("\n");
  lines[2] = lines[2]!.replace('"token": 41', '"token": "abc"');
  await picker(page).setInputFiles({
    name: "broken.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(lines.join("\n")),
  });
  const alert = panel(page).getByRole("alert");
  await expect(alert).toContainText('broken.jsonl: line 3: token: expected a whole number, got "abc"', OPENED);
  await expect(alert).toContainText(`${ex.title} is still open below`);
  await expect(panel(page).getByText(`Lock history: ${ex.title}.`)).toBeVisible();
  await expect(historyRun(page)).toBeVisible();
});

test("a pasted history opens too", async ({ page }) => {
  await openGcPause(page);
  await panel(page).getByText("Paste a lock history").click();
  await panel(page)
    .getByLabel("Lock history, one JSON event a line after its header line")
    .fill(example(EXAMPLES[1].file));
  await panel(page).getByRole("button", { name: "Open the pasted history" }).click();
  await expectHistoryShown(page, EXAMPLES[1]);
});

test("a very large paste opens at once, in the worker, without being laid out in the box", async ({ page }) => {
  await openGcPause(page);
  await panel(page).getByText("Paste a lock history").click();
  const box = panel(page).getByLabel("Lock history, one JSON event a line after its header line");
  // 6 MB of text that is not a history: what matters is where it goes, and that the page says what was wrong.
  await box.evaluate((textarea) => {
    const data = new DataTransfer();
    data.setData("text/plain", "x".repeat(6_000_000));
    textarea.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(panel(page).getByRole("alert")).toContainText(
    "the pasted history (6,000,000 characters, opened without showing it here)",
    OPENED,
  );
  await expect(box).toHaveValue("");
});

test("an open history and the format page pass axe in both themes", async ({ page }) => {
  test.slow();
  await openGcPause(page);
  await picker(page).setInputFiles(path.resolve("content/histories", EXAMPLES[1].file));
  await expectHistoryShown(page, EXAMPLES[1]);
  await expectNoSeriousA11yViolationsInBothThemes(page, "lock history", "section[aria-labelledby='real-heading']");
  await panel(page).getByRole("link", { name: "lock history format" }).click();
  await expect(page.getByRole("heading", { name: "The lock history format", level: 1 })).toBeVisible();
  await expect(page.getByRole("figure").filter({ hasText: "fenced-safe.jsonl" })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page, "history format page");
});
