import { HandoutView } from "@/components/present/HandoutView";
import { deckForAudience } from "@/lib/content/deckTypes";
import { deckMetadata, deckOfRoute, deckStaticParams, type DeckRouteProps } from "../../deckRoute";

export const dynamicParams = false;

export const generateStaticParams = deckStaticParams;

export const generateMetadata = deckMetadata((deck) => ({
  title: `${deck.title} · student handout`,
  description: deck.summary,
}));

/** The students' handout: only the audience's part of the deck is passed, so no note and no answer is in the page. */
export default async function StudentHandoutPage(props: DeckRouteProps) {
  return <HandoutView for="students" deck={deckForAudience(await deckOfRoute(props))} />;
}
