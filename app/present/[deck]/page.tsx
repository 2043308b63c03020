import { AudienceView } from "@/components/present/AudienceView";
import { deckForAudience } from "@/lib/content/deckTypes";
import { deckMetadata, deckOfRoute, deckStaticParams, type DeckRouteProps } from "../deckRoute";

export const dynamicParams = false;

export const generateStaticParams = deckStaticParams;

export const generateMetadata = deckMetadata((deck) => ({ title: deck.title, description: deck.summary }));

/**
 * The audience view. Only the audience's part of the deck is passed (deckForAudience): no notes
 * and no answers, so neither is in this page's static HTML nor in its serialised props. On a
 * static site every page is public, the presenter's included; what matters is that the projected
 * window cannot show an answer, even in its source, before the reveal. The answer arrives at the
 * reveal from the presenter window over BroadcastChannel; without a presenter window open, a
 * reveal still plays the run out, and the room reads the result from the diagram.
 */
export default async function AudiencePage(props: DeckRouteProps) {
  return <AudienceView deck={deckForAudience(await deckOfRoute(props))} />;
}
