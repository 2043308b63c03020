import type { Metadata } from "next";
import { DeckList } from "@/components/present/DeckList";
import { Container } from "@/components/ui/Container";
import { deckSummaries } from "@/lib/content/decks";

export const metadata: Metadata = {
  title: "Present",
  description:
    "Instructor decks with live simulations: stop before the stale write lands, ask the room to predict, then play it.",
};

export default function PresentPage() {
  return (
    <Container className="py-12">
      <h1 className="text-4xl font-bold tracking-tight">Present</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Talks for a class, with the lab&apos;s simulations on the slides. Project the audience view, keep the presenter
        view with your notes on your own screen, and the two follow each other. Stop before the stale write lands, ask
        the room to predict, then reveal.
      </p>
      <DeckList decks={deckSummaries()} />
    </Container>
  );
}
