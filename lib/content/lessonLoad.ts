/**
 * Build-time loader for content/lessons: the lessons, the decision guide and the comparison table,
 * validated against the presets, the quiz sets and each other. Pages call `lessonContentLoad` from
 * server code, so a bad file stops `next build` with every file, line and reason;
 * `npm run content:check` reports the same. Never import this from a client component.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { presetById } from "../scenario/presets";
import { comparisonParse } from "./comparison";
import { decisionGuideParse } from "./decisionGuide";
import { ContentValidationError, type ContentProblem } from "./errors";
import { lessonParse, type LessonContext } from "./lesson";
import type { Comparison, DecisionGuide, Lesson, LessonSummary } from "./lessonTypes";
import { contentLoad } from "./load";
import { glossaryCheck, glossaryParse, type GlossaryLesson } from "./glossary";
import { fileSlug } from "./slug";
import { referencesParse, type References } from "./references";

const FOLDER = "content/lessons";
const QUIZ_FOLDER = "content/quizzes";
const REFERENCES_FILE = "content/references.md";
const GUIDE_FILE = `${FOLDER}/decision-guide.yaml`;
const COMPARISON_FILE = `${FOLDER}/comparison.yaml`;
const GLOSSARY_FILE = "content/glossary.yaml";

export interface LessonContent {
  lessons: Lesson[];
  references: References;
  guide: DecisionGuide;
  comparison: Comparison;
}

/** Parses and validates everything under `root`/content/lessons; returns what parsed and every problem. */
export function lessonContentCheck(root: string, quizSets: readonly { slug: string; title: string }[]): LessonContent & { problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  // A quiz set or lesson that is itself broken is reported in its own file: the files that name
  // it are not wrong, so they are checked against every file present, parsed or not.
  const quizFolder = join(root, QUIZ_FOLDER);
  const quizFiles = new Set((existsSync(quizFolder) ? readdirSync(quizFolder) : []).filter((entry) => entry.endsWith(".md")).map(fileSlug));
  const quizTitle = (slug: string) => quizSets.find((set) => set.slug === slug)?.title ?? (quizFiles.has(slug) ? slug : undefined);
  const referencesSource = existsSync(join(root, REFERENCES_FILE)) ? readFileSync(join(root, REFERENCES_FILE), "utf8") : null;
  const referencesParsed = referencesSource === null ? null : referencesParse(REFERENCES_FILE, referencesSource);
  if (!referencesParsed) problems.push({ file: REFERENCES_FILE, line: 1, reason: "the references page is missing" });
  else if (!referencesParsed.ok) problems.push(...referencesParsed.problems);
  const references: References = referencesParsed?.ok ? referencesParsed.value : { title: "", summary: "", groups: [] };
  // A broken references file is reported there, not as an unknown group in every lesson.
  const referenceTitle = (id: string) => references.groups.find((group) => group.id === id)?.title ?? (referencesParsed?.ok ? undefined : id);
  const context: LessonContext = { preset: presetById, quizTitle, referenceTitle };
  const lessons: Lesson[] = [];
  const brokenLessons: LessonSummary[] = [];
  const lines = new Map<number, string>();
  const sources: GlossaryLesson[] = [];
  for (const name of readdirSync(join(root, FOLDER)).filter((entry) => entry.endsWith(".md")).sort()) {
    const file = `${FOLDER}/${name}`;
    const source = readFileSync(join(root, file), "utf8");
    const result = lessonParse(file, source, context);
    if (!result.ok) {
      problems.push(...result.problems);
      const slug = fileSlug(file);
      brokenLessons.push({ slug, number: Number(slug.slice(0, 2)), title: slug, summary: "" });
      continue;
    }
    const taken = lines.get(result.value.number);
    if (taken) problems.push({ file, line: 1, reason: `lesson number ${result.value.number} is taken by ${taken} too: each lesson needs its own two digits` });
    else lines.set(result.value.number, file);
    lessons.push(result.value);
    sources.push({ slug: result.value.slug, number: result.value.number, file, source });
  }
  const summaries: LessonSummary[] = lessons.map(lessonSummary);
  const read = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : null);
  const guideSource = read(GUIDE_FILE);
  const comparisonSource = read(COMPARISON_FILE);
  const guide = guideSource === null ? null : decisionGuideParse(GUIDE_FILE, guideSource, [...summaries, ...brokenLessons], presetById);
  const comparison = comparisonSource === null ? null : comparisonParse(COMPARISON_FILE, comparisonSource, presetById);
  if (!guide) problems.push({ file: GUIDE_FILE, line: 1, reason: "the decision guide is missing" });
  else if (!guide.ok) problems.push(...guide.problems);
  if (!comparison) problems.push({ file: COMPARISON_FILE, line: 1, reason: "the comparison table is missing" });
  else if (!comparison.ok) problems.push(...comparison.problems);
  const glossarySource = read(GLOSSARY_FILE);
  const lessonFiles = new Set([...summaries, ...brokenLessons].map((lesson) => lesson.slug));
  const glossary = glossarySource === null ? null : glossaryParse(GLOSSARY_FILE, glossarySource, lessonFiles);
  if (!glossary) problems.push({ file: GLOSSARY_FILE, line: 1, reason: "the glossary is missing" });
  else if (!glossary.ok) problems.push(...glossary.problems);
  else problems.push(...glossaryCheck(glossary.value, sources, GLOSSARY_FILE));
  return {
    lessons,
    references,
    guide: guide?.ok ? guide.value : { start: "", nodes: {} },
    comparison: comparison?.ok ? comparison.value : { columns: [], rows: [] },
    problems,
  };
}

function lessonSummary({ slug, number, title, summary }: LessonSummary): LessonSummary {
  return { slug, number, title, summary };
}

let cached: LessonContent | null = null;

/** The lessons, the decision guide and the comparison, validated; throws ContentValidationError if any file is bad. */
export function lessonContentLoad(): LessonContent {
  if (!cached) {
    const { problems, ...content } = lessonContentCheck(process.cwd(), contentLoad().quizSets);
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = content;
  }
  return cached;
}

export function lessonLoad(slug: string): Lesson {
  const lesson = lessonContentLoad().lessons.find((candidate) => candidate.slug === slug);
  if (!lesson) throw new Error(`No lesson "${slug}" in ${FOLDER}`);
  return lesson;
}

export function lessonSummaries(): LessonSummary[] {
  return lessonContentLoad().lessons.map(lessonSummary);
}
