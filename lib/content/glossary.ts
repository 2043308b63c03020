/**
 * The course's glossary (content/glossary.yaml): each term, the other forms it is written in, and
 * the lesson that defines it, where the term stands in bold. `content:check` refuses a lesson that
 * uses a glossary term before the lesson that defines it, in course order (the lessons' numbers),
 * so a reader never meets a word the course has not yet explained. Only the glossary's terms are
 * checked: a word the glossary does not know is not judged.
 */
import { z } from "zod";
import { ProblemList, type ContentProblem, type Parsed } from "./errors";
import { yamlRead } from "./yamlRead";

export interface GlossaryTerm {
  term: string;
  /** Every way the term is written, the term itself first; a trailing "s" or "es" is allowed on each. */
  forms: string[];
  /** The slug of the lesson that defines it. */
  lesson: string;
  /** The line of the entry in the glossary file. */
  line: number;
}

/** A lesson as the check reads it: its slug, its number (course order), its file and its source. */
export interface GlossaryLesson {
  slug: string;
  number: number;
  file: string;
  source: string;
}

const text = z.string().trim().min(1, "must not be empty");
const entrySchema = z.strictObject({ term: text, also: z.array(text).optional(), lesson: text, definition: text });
const glossarySchema = z.strictObject({ terms: z.array(z.unknown()).min(1, "list at least one term") });

/** Parses the glossary; every lesson it names must be one of `lessonSlugs`, and no form may belong to two terms. */
export function glossaryParse(file: string, source: string, lessonSlugs: ReadonlySet<string>): Parsed<GlossaryTerm[]> {
  const problems = new ProblemList(file);
  const yaml = yamlRead(source, problems);
  if (!yaml) return problems.result(() => []);
  const top = glossarySchema.safeParse(yaml.data);
  if (!top.success) {
    for (const issue of top.error.issues) problems.add(yaml.lineAt(issue.path), `${issue.path.join(".") || "the file"}: ${issue.message}`);
    return problems.result(() => []);
  }
  const terms: GlossaryTerm[] = [];
  const owner = new Map<string, string>();
  top.data.terms.forEach((raw, index) => {
    const at = ["terms", index];
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      for (const issue of entry.error.issues) {
        const path = [...at, ...issue.path];
        if (issue.code === "unrecognized_keys") problems.add(yaml.lineAt(path), `unknown field ${issue.keys.map((key) => `"${key}"`).join(", ")} in a glossary term`);
        else problems.add(yaml.lineAt(path), `${path.join(".")}: ${issue.message}`);
      }
      return;
    }
    const { term, also = [], lesson } = entry.data;
    if (!lessonSlugs.has(lesson)) problems.add(yaml.lineAt([...at, "lesson"]), `unknown lesson "${lesson}" for "${term}": it must be a file in content/lessons, without ".md"`);
    const forms = [term, ...also];
    for (const form of forms) {
      const key = form.toLowerCase();
      const taken = owner.get(key);
      if (taken !== undefined) problems.add(yaml.lineAt(at), `"${form}" is already a form of "${taken}": a form belongs to one term`);
      else owner.set(key, term);
    }
    terms.push({ term, forms, lesson, line: yaml.lineAt(at) });
  });
  return problems.result(() => terms);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The form as a whole word or phrase, plural allowed, any case; a hyphen joins words, so "safety" is not found in "stale-holder safety"'s "holder". */
function formPattern(form: string): RegExp {
  return new RegExp(`(?<![\\w-])${escape(form).replace(/ /g, "\\s+")}(?:s|es)?(?![\\w-])`, "i");
}

/**
 * The lines a reader sees, with what is not prose blanked out: code blocks, inline code, HTML
 * comments (sources for authors) and link targets. Front matter is kept: the summary and
 * objectives are on the lesson's page too. Blanking keeps every line where it was.
 */
function proseLines(source: string): string[] {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return source
    .replace(/```[\s\S]*?```/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)\s]*\)/g, blank)
    .split("\n");
}

/** The 1-based line of the first use of any of `forms`, or null. */
function firstUse(lines: readonly string[], forms: readonly string[]): { line: number; form: string } | null {
  const patterns = forms.map((form) => ({ form, pattern: formPattern(form) }));
  for (let i = 0; i < lines.length; i++) {
    for (const { form, pattern } of patterns) if (pattern.test(lines[i]!)) return { line: i + 1, form };
  }
  return null;
}

/** True if the lesson sets one of `forms` in bold, the course's mark of a definition. */
function definedIn(lines: readonly string[], forms: readonly string[]): boolean {
  return forms.some((form) => new RegExp(`\\*\\*${escape(form).replace(/ /g, "\\s+")}(?:s|es)?\\*\\*`, "i").test(lines.join("\n")));
}

/**
 * Every use of a glossary term in a lesson that comes before the lesson defining it, and every
 * term its defining lesson does not set in bold. `glossaryFile` is named in the problems about
 * the glossary itself.
 */
export function glossaryCheck(terms: readonly GlossaryTerm[], lessons: readonly GlossaryLesson[], glossaryFile: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const ordered = [...lessons].sort((a, b) => a.number - b.number);
  const lines = new Map(ordered.map((lesson) => [lesson.slug, proseLines(lesson.source)]));
  for (const term of terms) {
    const home = ordered.find((lesson) => lesson.slug === term.lesson);
    if (!home) continue; // an unknown lesson is reported by glossaryParse
    if (!definedIn(lines.get(home.slug) ?? [], term.forms)) {
      problems.push({ file: glossaryFile, line: term.line, reason: `"${term.term}" is defined in ${home.slug}, but that lesson never sets it in bold (**${term.term}**) where it explains it` });
    }
    for (const lesson of ordered.filter((candidate) => candidate.number < home.number)) {
      const use = firstUse(lines.get(lesson.slug) ?? [], term.forms);
      if (use) {
        problems.push({
          file: lesson.file,
          line: use.line,
          reason: `"${use.form}" is used here, but the course defines it only in lesson ${home.number} (${home.slug}, per ${glossaryFile}): define it here, in bold, and move the glossary entry, or say it another way`,
        });
      }
    }
  }
  return problems;
}
