import type { Metadata } from "next";
import { PresenterView } from "@/components/present/PresenterView";
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
  return { title: `${deck.title} · presenter`, robots: { index: false } };
}

export default async function PresenterPage({ params }: Props) {
  return <PresenterView deck={deckLoad((await params).deck)} />;
}
