/**
 * The shapes the content pipeline hands to pages: plain, serialisable data with markdown already
 * rendered to HTML at build time. Client components import these types, never the loaders.
 */

/** A quiz question's link to a lab preset ("See it happen"). */
export interface ScenarioLink {
  preset: string;
  /** The preset's title, shown beside the link. */
  title: string;
}

export interface QuizOption {
  /** Inline HTML of the option's text. */
  html: string;
  correct: boolean;
  /** HTML of the explanation of why this option is right or wrong. */
  explanationHtml: string;
}

export interface QuizQuestion {
  /** Stable id: `<set slug>/<slugified heading>`. Progress is keyed by it. */
  id: string;
  setSlug: string;
  /** The heading as plain text, for lists and accessible names. */
  title: string;
  /** The heading as inline HTML. */
  titleHtml: string;
  contextHtml: string | null;
  scenario: ScenarioLink | null;
  /** Slug of the lesson that teaches what the question asks: its own "Lesson:" line, else its set's. */
  lesson: string | null;
  /** More than one option may be correct, and the learner picks all of them. */
  multiple: boolean;
  options: QuizOption[];
}

export interface QuizSet {
  slug: string;
  title: string;
  topic: string;
  order: number;
  questions: QuizQuestion[];
}

/** What list pages and the home page need of a set, without the questions' text. */
export interface QuizSetSummary {
  slug: string;
  title: string;
  topic: string;
  questionIds: string[];
}

export interface Drill {
  slug: string;
  title: string;
  topic: string;
  /** Suggested time for an answer, in minutes; the countdown starts from it. */
  minutes: number;
  /** The lab run the drill is about. */
  scenario: ScenarioLink;
  promptHtml: string;
  /** Inline HTML of each rubric item. */
  rubric: string[];
  /** Indices of the rubric items marked "Must have:", the points an answer fails without. */
  mustHaves: number[];
  modelAnswerHtml: string;
  followUpsHtml: string | null;
}

export type DrillSummary = Pick<Drill, "slug" | "title" | "topic" | "minutes">;
