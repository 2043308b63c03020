import type { Metadata } from "next";
import { AudienceView } from "@/components/present/AudienceView";
import { deckForAudience } from "@/lib/content/deckTypes";
import { deckLoad, decksLoad } from "@/lib/content/decks";

interface Props {
  params: Promise<{ deck: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return decksLoad().map((deck) => ({ deck: deck.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const deck = deckLoad((await params).deck);
  return { title: deck.title, description: deck.summary };
}

/** The audience view. Only the audience's part of the deck is passed: no notes, no answers. */
export default async function AudiencePage({ params }: Props) {
  return <AudienceView deck={deckForAudience(deckLoad((await params).deck))} />;
}
