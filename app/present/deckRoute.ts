/**
 * What every page of a deck shares (the audience view, the presenter view and the two handouts):
 * one page per deck in content/decks, built ahead, and the deck its URL names.
 */
import type { Metadata } from "next";
import { deckLoad, decksLoad } from "@/lib/content/decks";
import type { Deck } from "@/lib/content/deckTypes";

export interface DeckRouteProps {
  params: Promise<{ deck: string }>;
}

export function deckStaticParams(): { deck: string }[] {
  return decksLoad().map((deck) => ({ deck: deck.slug }));
}

export async function deckOfRoute({ params }: DeckRouteProps): Promise<Deck> {
  return deckLoad((await params).deck);
}

/** A deck page's metadata, from its deck. */
export function deckMetadata(describe: (deck: Deck) => Metadata): (props: DeckRouteProps) => Promise<Metadata> {
  return async (props) => describe(await deckOfRoute(props));
}
