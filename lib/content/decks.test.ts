import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./errors";
import { deckCheck } from "./decks";

describe("the instructor decks", () => {
  it("are valid: every deck in content/decks parses, each slide with notes", () => {
    const { decks, problems } = deckCheck();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(decks.map((deck) => deck.slug)).toEqual(["redlock-vs-consensus", "the-fencing-token-story", "you-probably-dont-need-a-lock"]);
    for (const deck of decks) expect(deck.slides.every((slide) => slide.notesHtml.length > 0)).toBe(true);
  });
});

describe("deckCheck", () => {
  it("collects the problems of every bad deck under a content root, with repository-relative paths", () => {
    const root = mkdtempSync(join(tmpdir(), "lease-lab-decks-"));
    mkdirSync(join(root, "content/decks"), { recursive: true });
    const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");
    writeFileSync(join(root, "content/decks/good.md"), fixture("valid-deck.md"));
    writeFileSync(join(root, "content/decks/bad.md"), fixture("bad-deck.md"));
    const { decks, problems } = deckCheck(root);
    expect(decks.map((deck) => deck.slug)).toEqual(["good"]);
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(["content/decks/bad.md:5", "content/decks/bad.md:10", "content/decks/bad.md:18", "content/decks/bad.md:26", "content/decks/bad.md:32"]);
  });
});
