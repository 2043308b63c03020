import type { Metadata } from "next";
import { HandoutView } from "@/components/present/HandoutView";
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
  return { title: `${deck.title} · presenter's handout`, description: deck.summary };
}

export default async function HandoutPage({ params }: Props) {
  return <HandoutView for="presenter" deck={deckLoad((await params).deck)} />;
}
