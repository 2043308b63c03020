import { expect, test } from "@playwright/test";
import { deckLoad } from "@/lib/content/decks";
import { presenterStorageKey } from "@/lib/room/presenterStore";
import { watchForErrors } from "./pageErrors";

test.use({ reducedMotion: "reduce" });

test("a damaged room kept by the presenter's tab is dropped with a notice, and the presenter view still loads", async ({ page }) => {
  const deck = deckLoad("the-fencing-token-story");
  // The tab kept a room whose relay address is a number (hand-edited, or saved by another version).
  await page.addInitScript((key) => {
    if (sessionStorage.getItem("test:seeded")) return;
    sessionStorage.setItem("test:seeded", "yes");
    sessionStorage.setItem(key, JSON.stringify({ relay: 5 }));
  }, presenterStorageKey(deck.slug));
  const errors = watchForErrors(page);
  await page.goto(`/present/${deck.slug}/presenter/`);

  await expect(page.getByRole("navigation", { name: "Slide controls" })).toContainText(`Slide 1 of ${deck.slides.length}`);
  const room = page.getByRole("region", { name: "Prediction room" });
  await expect(room.getByRole("alert")).toHaveText(/saved room could not be read, so it was dropped: open a room again/);
  // With no room to resume, the presenter can open a new one.
  await expect(room.getByRole("textbox", { name: "Vote relay address" })).toBeVisible();
  await expect(room.getByRole("button", { name: "Open a room" })).toBeVisible();

  // The damaged value is gone, so a reload meets a plain presenter view.
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Slide controls" })).toContainText(`Slide 1 of ${deck.slides.length}`);
  await expect(room.getByRole("button", { name: "Open a room" })).toBeVisible();
  await expect(room.getByRole("alert")).toHaveCount(0);
  expect(errors).toEqual([]);
});
