import type { Metadata } from "next";
import { HandoutView } from "@/components/present/HandoutView";
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
  return { title: `${deck.title} · student handout`, description: deck.summary };
}

/** The students' handout: only the audience's part of the deck is passed, so no note and no answer is in the page. */
export default async function StudentHandoutPage({ params }: Props) {
  return <HandoutView for="students" deck={deckForAudience(deckLoad((await params).deck))} />;
}
