import { expect, test, type Page } from "@playwright/test";
import { deckLoad } from "@/lib/content/decks";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";

// Issue 18, item 8: read from the back of a room, every text on a slide is at least 24 px as
// seen on a 1920 × 1080 screen, the diagrams' too: the timeline's ticks, marks and notes, the
// topology's cards, their key, and the footer.

const ROOM_TEXT_PX = 24;
const redlock = deckLoad("redlock-vs-consensus");
/** The deck's slides that open on both diagrams, the timeline beside the topology. */
const bothSlides = redlock.slides.flatMap((s, i) =>
  s.sim?.view === "both" ? [{ n: i + 1, preset: s.sim.preset }] : [],
);

interface SeenText {
  text: string;
  /** Where it is: the nearest named region or group, or the element's tag. */
  where: string;
  /** Its font size as a viewer sees it, in screen px. */
  px: number;
}

/**
 * Every text a viewer can see in the audience view, with the size it is seen at: its computed
 * font size times the scale it is drawn at. For SVG text that scale is the text's screen CTM
 * (the slide's viewBox scaling the diagram); for HTML it is the product of its ancestors' CSS
 * transforms (the topology canvas's zoom). Text hidden from sight (display, visibility, opacity,
 * a closed dialog, a screen reader's 1 px box, an SVG title) is left out.
 */
function seenTexts(page: Page): Promise<SeenText[]> {
  return page.locator(".present-room").evaluate((root) => {
    const out: { text: string; where: string; px: number }[] = [];
    const transformScale = (el: Element) => {
      let scale = 1;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const t = getComputedStyle(a).transform;
        if (t && t !== "none") {
          const m = new DOMMatrixReadOnly(t);
          scale *= Math.hypot(m.a, m.b);
        }
      }
      return scale;
    };
    const hiddenInABox = (el: Element) => {
      for (let a: Element | null = el; a && a !== root; a = a.parentElement) {
        const r = a.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
      const el = node.parentElement;
      if (!text || !el || el.closest("title, style, script")) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || hiddenInABox(el)) continue;
      const fontPx = Number.parseFloat(getComputedStyle(el).fontSize);
      let scale: number;
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM();
        scale = m ? Math.hypot(m.a, m.b) : 0;
      } else scale = transformScale(el);
      const named = el.closest("[aria-label]");
      out.push({ text, where: named?.getAttribute("aria-label")?.slice(0, 40) ?? el.tagName, px: fontPx * scale });
    }
    return out;
  });
}

test.use({ reducedMotion: "reduce", viewport: { width: 1920, height: 1080 } });

test.describe("a slide with both diagrams at 1920 × 1080", () => {
  test.setTimeout(180_000);

  test("the deck has slides that open on both diagrams", () => {
    expect(bothSlides.length).toBeGreaterThan(0);
  });

  for (const { n, preset } of bothSlides) {
    test(`slide ${n} (${preset}): every text is at least ${ROOM_TEXT_PX} px as seen`, async ({ page }) => {
      await page.goto(`/present/${redlock.slug}/#${n}`);
      const topology = page.getByRole("region", { name: "Topology at the playhead" });
      // The topology's diagram library loads after the slide: on a busy machine that takes a while.
      await expect(topology.getByRole("img", { name: /^storage: / })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("group", { name: "Space-time diagram" })).toBeVisible({ timeout: 60_000 });
      // The canvas settles its zoom a frame after its nodes are measured: wait until two reads agree.
      let texts: SeenText[] = [];
      await expect
        .poll(async () => {
          const before = JSON.stringify(texts);
          texts = await seenTexts(page);
          return texts.length > 0 && JSON.stringify(texts) === before;
        })
        .toBe(true);
      // The diagrams' own text is among what was read: tick labels, lane names, the cards.
      expect(texts.some((t) => t.where === "Space-time diagram" && /^\d+(\.\d+)? s$/.test(t.text))).toBe(true);
      expect(texts.some((t) => t.text === "storage" && t.where.startsWith("storage:"))).toBe(true);
      const small = texts.filter((t) => t.px < ROOM_TEXT_PX - 0.01);
      expect(
        small.map((t) => `«${t.text}» in ${t.where}: ${t.px.toFixed(1)} px`).join("\n"),
        "text under 24 px as seen",
      ).toBe("");
    });
  }

  test("the enlarged slide passes axe", async ({ page }) => {
    await page.goto(`/present/${redlock.slug}/#${bothSlides[0]!.n}`);
    await expect(
      page.getByRole("region", { name: "Topology at the playhead" }).getByRole("img", { name: /^storage: / }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("group", { name: "Space-time diagram" })).toBeVisible({ timeout: 60_000 });
    await expectNoSeriousA11yViolationsInBothThemes(page, "a slide with both diagrams at room scale");
  });
});
