/**
 * Build-time loaders for content/quizzes and content/drills. Pages call these from server code
 * (generateStaticParams and the pages themselves), so a bad file stops `next build` with a
 * ContentValidationError naming every file, line and reason. Never import this from a client
 * component: it reads the file system.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { presetById } from "../scenario/presets";
import { drillParse } from "./drill";
import { ContentValidationError, type ContentProblem, type Parsed } from "./errors";
import { quizSetParse } from "./quiz";
import { fileSlug } from "./slug";
import type { Drill, DrillSummary, QuizSet, QuizSetSummary } from "./types";

export interface Content {
  quizSets: QuizSet[];
  drills: Drill[];
}

const presetTitle = (id: string) => presetById(id)?.title;

/** Lesson slugs from the file names in content/lessons, so a quiz is checked even when a lesson file is itself broken. */
function lessonSlugs(root: string): Set<string> {
  return new Set(readdirSync(join(root, "content/lessons")).filter((name) => name.endsWith(".md")).map(fileSlug));
}

export function folderParse<T>(root: string, folder: string, parse: (file: string, source: string) => Parsed<T>) {
  const values: T[] = [];
  const problems: ContentProblem[] = [];
  const names = readdirSync(join(root, folder)).filter((name) => name.endsWith(".md")).sort();
  for (const name of names) {
    const file = `${folder}/${name}`;
    const result = parse(file, readFileSync(join(root, file), "utf8"));
    if (result.ok) values.push(result.value);
    else problems.push(...result.problems);
  }
  return { values, problems };
}

/** Parses and validates every quiz set and drill under `root`; returns what parsed and every problem. */
export function contentCheck(root = process.cwd()): Content & { problems: ContentProblem[] } {
  const lessons = lessonSlugs(root);
  const quizzes = folderParse(root, "content/quizzes", (file, source) => quizSetParse(file, source, presetTitle, (slug) => lessons.has(slug)));
  // A low score links the lessons behind the missed questions (QuizSummary): every question needs one.
  for (const set of quizzes.values) {
    for (const question of set.questions.filter((q) => q.lesson === null)) {
      quizzes.problems.push({ file: `content/quizzes/${set.slug}.md`, line: 1, reason: `question "${question.title.slice(0, 60)}…" names no lesson: add "lesson: <lesson slug>" to the front matter or a "Lesson:" line to the question` });
    }
  }
  const drills = folderParse(root, "content/drills", (file, source) => drillParse(file, source, presetTitle));
  return {
    quizSets: quizzes.values.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)),
    drills: drills.values.sort((a, b) => a.title.localeCompare(b.title)),
    problems: [...quizzes.problems, ...drills.problems],
  };
}

let cached: Content | null = null;

/** All course content, validated; throws ContentValidationError if any file is bad. */
export function contentLoad(): Content {
  if (!cached) {
    const { problems, ...content } = contentCheck();
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = content;
  }
  return cached;
}

export function quizSetLoad(slug: string): QuizSet {
  const set = contentLoad().quizSets.find((candidate) => candidate.slug === slug);
  if (!set) throw new Error(`No quiz set "${slug}" in content/quizzes`);
  return set;
}

export function drillLoad(slug: string): Drill {
  const drill = contentLoad().drills.find((candidate) => candidate.slug === slug);
  if (!drill) throw new Error(`No drill "${slug}" in content/drills`);
  return drill;
}

export function quizSetSummaries(): QuizSetSummary[] {
  return contentLoad().quizSets.map(({ slug, title, topic, questions }) => ({ slug, title, topic, questionIds: questions.map((q) => q.id) }));
}

export function drillSummaries(): DrillSummary[] {
  return contentLoad().drills.map(({ slug, title, topic, minutes }) => ({ slug, title, topic, minutes }));
}
