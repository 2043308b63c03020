/**
 * The shapes the lesson pipeline hands to pages: plain, serialisable data, with markdown already
 * rendered to HTML at build time. Client components import these types, never the loaders.
 */

/** A lab preset as a lesson links it. */
export interface PresetRef {
  id: string;
  title: string;
}

/** A live number bound to the embedded runs of its preset that follow it (`::live{…}`). */
export interface LessonLive {
  kind: "live";
  /** Unique within the lesson; the runs it drives name it. */
  id: number;
  preset: PresetRef;
  /** Dotted path into the scenario: `service.ttlMs`, `faults.0.forMs`, `clocks.per.c2.offsetMs`. */
  field: string;
  min: number;
  max: number;
  step: number;
  unit: string;
  label: string;
  /** The preset's own value at `field`. */
  initial: number;
}

/** A live control that changes an embedded run: its id and the field it sets. */
export type LiveBinding = Pick<LessonLive, "id" | "field">;

/** An embedded simulation (`::sim{preset}`). */
export interface LessonSim {
  kind: "sim";
  preset: PresetRef;
  /** The live controls of the same preset above it, in lesson order. */
  live: LiveBinding[];
}

/**
 * A prediction (`::predict{…}`, or `:::predict{…}` with a body up to a closing `:::`): the run is
 * held at `at` until the learner answers, then plays on, and the body (its reveal) is shown.
 */
export interface LessonPredict {
  kind: "predict";
  /** "predict-<preset>-<at>", unique in its lesson: the page's anchor for it, and its key in the learner's progress. */
  id: string;
  /** A short hash of the question and its options: a saved answer with another was given to a question since reworded. */
  fingerprint: string;
  preset: PresetRef;
  /** ms of true time; nothing after it is shown before the answer. */
  at: number;
  question: string;
  options: string[];
  /** Index of the right option. */
  answer: number;
  /** What the learner reads once they have answered: the explanation, and any pieces that would give the answer away. */
  reveal: LessonBlock[];
}

export type LessonBlock =
  | { kind: "html"; html: string }
  | LessonSim
  | LessonPredict
  | LessonLive
  | { kind: "ttl-calculator" }
  | { kind: "decision-guide" }
  | { kind: "comparison-table" };

export interface LessonSummary {
  /** The file name without ".md", e.g. "02-leases"; the page is /learn/<slug>/. */
  slug: string;
  /** Its place in the path, from the file name's two digits. */
  number: number;
  title: string;
  summary: string;
}

export interface Lesson extends LessonSummary {
  objectives: string[];
  /** The quiz set that checks the lesson. */
  quiz: { slug: string; title: string };
  /** The groups of the references page that hold the lesson's primary sources. */
  sources: { id: string; title: string }[];
  blocks: LessonBlock[];
}

export interface GuideQuestion {
  kind: "question";
  id: string;
  question: string;
  answers: { label: string; next: string }[];
}

export interface GuideEnding {
  kind: "ending";
  id: string;
  recommendation: string;
  why: string;
  lesson: Pick<LessonSummary, "slug" | "number" | "title">;
  preset: PresetRef;
}

export type GuideNode = GuideQuestion | GuideEnding;

/** The decision guide (content/lessons/decision-guide.yaml): a tree of questions ending in recommendations. */
export interface DecisionGuide {
  start: string;
  nodes: Record<string, GuideNode>;
}

export interface ComparisonCell {
  text: string;
  /** The preset that shows this cell in the lab, when the simulator can. */
  preset: PresetRef | null;
}

/** The comparison table (content/lessons/comparison.yaml): the options against each property. */
export interface Comparison {
  columns: { id: string; label: string }[];
  rows: { name: string; cells: ComparisonCell[] }[];
}
