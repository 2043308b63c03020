import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { contentLoad } from "@/lib/content/load";
import { deckLoad } from "@/lib/content/decks";
import { presenterStorageKey } from "@/lib/room/presenterStore";
import { challengeSolved } from "@/lib/store/progressChallenges";
import { PROGRESS_VERSION, progressEmpty } from "@/lib/store/progressSchema";
import { PROGRESS_KEY } from "@/lib/store/progressStorage";
import { progressExport } from "@/lib/store/progressTransfer";
import { lessonUnderstood, predictionAnswer, quizAnswer } from "@/lib/store/progressUpdate";
import { watchForErrors } from "./pageErrors";

test.use({ reducedMotion: "reduce" });

test("a damaged room kept by the presenter's tab is dropped with a notice, and the presenter view still loads", async ({
  page,
}) => {
  const deck = deckLoad("the-fencing-token-story");
  // The tab kept a room whose relay address is a number (hand-edited, or saved by another version).
  await page.addInitScript((key) => {
    if (sessionStorage.getItem("test:seeded")) return;
    sessionStorage.setItem("test:seeded", "yes");
    sessionStorage.setItem(key, JSON.stringify({ relay: 5 }));
  }, presenterStorageKey(deck.slug));
  const errors = watchForErrors(page);
  await page.goto(`/present/${deck.slug}/presenter/`);

  await expect(page.getByRole("navigation", { name: "Slide controls" })).toContainText(
    `Slide 1 of ${deck.slides.length}`,
  );
  const room = page.getByRole("region", { name: "Prediction room" });
  await expect(room.getByRole("alert")).toHaveText(
    /saved room could not be read, so it was dropped: open a room again/,
  );
  // With no room to resume, the presenter can open a new one.
  await expect(room.getByRole("textbox", { name: "Vote relay address" })).toBeVisible();
  await expect(room.getByRole("button", { name: "Open a room" })).toBeVisible();

  // The damaged value is gone, so a reload meets a plain presenter view.
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Slide controls" })).toContainText(
    `Slide 1 of ${deck.slides.length}`,
  );
  await expect(room.getByRole("button", { name: "Open a room" })).toBeVisible();
  await expect(room.getByRole("alert")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("with this browser's storage full, answering a quiz question says at once that progress could not be saved, and offers the export", async ({
  page,
}) => {
  const [set] = [...contentLoad().quizSets].sort((a, b) => a.questions.length - b.questions.length);
  const first = set!.questions[0]!;
  // Other data fills the site's storage to the last character before the learner arrives.
  await page.addInitScript(() => {
    if (localStorage.getItem("test:filler:0") !== null) return;
    let chunk = "x".repeat(1 << 20);
    for (let i = 0; chunk.length > 0; i++) {
      try {
        localStorage.setItem(`test:filler:${i}`, chunk);
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
  });
  await page.goto(`/quiz/${set!.slug}/`);
  await page
    .getByRole("article")
    .getByRole("radio")
    .nth(first.options.findIndex((o) => o.correct))
    .check();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("heading", { name: "Correct" })).toBeVisible();

  const notice = page.getByRole("alert").filter({ hasText: "Your progress could not be saved" });
  await expect(notice).toContainText("this browser's storage for Lease Lab is full");
  await expect(notice).toContainText("lost when you leave or reload");

  // The export holds the answer the browser could not keep.
  const downloading = page.waitForEvent("download");
  await notice.getByRole("button", { name: "Export progress" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lease-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(Object.keys(exported.progress.quizzes[set!.slug].answers)).toHaveLength(1);
  await expect(notice).toContainText(`Downloaded ${download.suggestedFilename()}.`);
});

test("importing a progress file says what this browser's progress holds and will lose before replacing it", async ({
  page,
}) => {
  const now = new Date("2025-03-01T09:00:00.000Z");
  const missed = (slug: string) =>
    quizAnswer(
      progressEmpty(),
      { setSlug: slug, questionIds: [`${slug}/q1`], questionId: `${slug}/q1`, chosen: [1], correct: false },
      now,
    );
  // A learner who has done a good deal here: a quiz set, two lessons, a challenge and a prediction.
  let rich = lessonUnderstood(lessonUnderstood(missed("leases"), "leases", true, now), "fencing", true, now);
  rich = challengeSolved(rich, "fence-the-pause", { changes: 1 }, now);
  rich = predictionAnswer(
    rich,
    { lesson: "leases", id: "predict-1", fingerprint: "f1", chosen: 0, correct: true, confidence: "sure", reason: "" },
    now,
  );
  await page.addInitScript(
    ([key, save]) => {
      if (localStorage.getItem(key!) === null) localStorage.setItem(key!, save!);
    },
    [PROGRESS_KEY, JSON.stringify({ state: rich, version: PROGRESS_VERSION })],
  );
  await page.goto("/");

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import progress" }).click();
  const file = progressExport(missed("other"), now);
  await (await chooser).setFiles({ name: "old.json", mimeType: "application/json", buffer: Buffer.from(file) });

  const confirm = page.getByRole("group", { name: /^Replace your progress with “old\.json”/ });
  await expect(confirm).toContainText("The file holds 1 quiz set and 1 review card.");
  await expect(confirm).toContainText(
    "This browser's progress now holds 1 quiz set, 2 lessons understood, 1 challenge won, 1 review card and 1 prediction answered. Replacing it loses all of that: export it first to keep a copy.",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
});
