/**
 * Build-time loaders for content/decks, beside the quiz and drill loaders (load.ts) and in the
 * same manner: a bad deck stops `next build` and `npm run content:check` with its file, line and
 * reason. Never import this from a client component: it reads the file system.
 */
import { deckParse } from "./deck";
import { deckSummary, type Deck, type DeckSummary } from "./deckTypes";
import { ContentValidationError, type ContentProblem } from "./errors";
import { folderParse } from "./load";

/** Parses and validates every deck under `root`; returns what parsed and every problem. */
export function deckCheck(root = process.cwd()): { decks: Deck[]; problems: ContentProblem[] } {
  const { values, problems } = folderParse(root, "content/decks", deckParse);
  return { decks: values.sort((a, b) => a.title.localeCompare(b.title)), problems };
}

let cached: Deck[] | null = null;

/** Every deck, validated; throws ContentValidationError if any file is bad. */
export function decksLoad(): Deck[] {
  if (!cached) {
    const { decks, problems } = deckCheck();
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = decks;
  }
  return cached;
}

export function deckLoad(slug: string): Deck {
  const deck = decksLoad().find((candidate) => candidate.slug === slug);
  if (!deck) throw new Error(`No deck "${slug}" in content/decks`);
  return deck;
}

export function deckSummaries(): DeckSummary[] {
  return decksLoad().map(deckSummary);
}
