import { PresenterView } from "@/components/present/PresenterView";
import { deckMetadata, deckOfRoute, deckStaticParams, type DeckRouteProps } from "../../deckRoute";

export const dynamicParams = false;

export const generateStaticParams = deckStaticParams;

export const generateMetadata = deckMetadata((deck) => ({
  title: `${deck.title} · presenter`,
  robots: { index: false },
}));

export default async function PresenterPage(props: DeckRouteProps) {
  return <PresenterView deck={await deckOfRoute(props)} />;
}
