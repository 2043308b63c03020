/**
 * The shapes of an instructor deck (content/decks) that pages receive: plain, serialisable data
 * with the markdown rendered at build time. The audience view gets `AudienceDeck`, which has no
 * speaker notes and no answers, so neither is in its HTML before the presenter reveals one.
 */

/** Which diagrams of a slide's run the room sees: the space-time timeline, the topology, or both. */
export const SLIDE_VIEWS = ["timeline", "topology", "both"] as const;
export type SlideView = (typeof SLIDE_VIEWS)[number];

/** A live simulation on a slide: a lab preset that starts paused at `at` (ms of true time). */
export interface SlideSim {
  preset: string;
  /** The preset's title, for the caption under the diagram. */
  presetTitle: string;
  at: number;
  /** The diagrams the slide opens with; the presenter can switch them during the talk. */
  view: SlideView;
  /** A prediction: the room votes on `options` before the simulation plays past `at`. */
  predict: { question: string; options: string[]; stop: PredictStop | null } | null;
}

/**
 * Where a prediction's reveal stops playing, so it does not give away a later question: the
 * slide's `until=`, else the moment of the deck's next question on the same run. Null: the run
 * plays to its end.
 */
export interface PredictStop {
  t: number;
  /** The 1-based slide whose question sets the stop; null when the slide's `until=` does. */
  nextQuestion: number | null;
}

export interface AudienceSlide {
  /** 1-based, as the room and deep links (`#3`) count. */
  number: number;
  /** The slide's first heading as plain text, or "Slide n". */
  title: string;
  html: string;
  sim: SlideSim | null;
}

export interface PresenterSlide extends AudienceSlide {
  notesHtml: string;
  /** The 0-based index of the prediction's right option; null on a slide without a prediction. */
  answer: number | null;
}

export interface DeckSummary {
  slug: string;
  title: string;
  /** The planned length of the talk. */
  minutes: number;
  summary: string;
  slideCount: number;
}

export interface Deck extends Omit<DeckSummary, "slideCount"> {
  slides: PresenterSlide[];
}

export interface AudienceDeck extends Omit<DeckSummary, "slideCount"> {
  slides: AudienceSlide[];
}

/** The deck as the audience may see it: the same slides without their notes and answers. */
export function deckForAudience({ slides, ...meta }: Deck): AudienceDeck {
  return { ...meta, slides: slides.map(({ number, title, html, sim }) => ({ number, title, html, sim })) };
}

export function deckSummary({ slides, ...meta }: Deck): DeckSummary {
  return { ...meta, slideCount: slides.length };
}
