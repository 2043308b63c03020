import { HandoutView } from "@/components/present/HandoutView";
import { deckMetadata, deckOfRoute, deckStaticParams, type DeckRouteProps } from "../../deckRoute";

export const dynamicParams = false;

export const generateStaticParams = deckStaticParams;

export const generateMetadata = deckMetadata((deck) => ({
  title: `${deck.title} · presenter's handout`,
  description: deck.summary,
}));

export default async function HandoutPage(props: DeckRouteProps) {
  return <HandoutView for="presenter" deck={await deckOfRoute(props)} />;
}
