/** One problem in a content file: where it is and what is wrong, in words an author can act on. */
export interface ContentProblem {
  /** Path from the repository root, e.g. `content/quizzes/fencing.md`. */
  file: string;
  /** 1-based line in that file. */
  line: number;
  reason: string;
}

export function formatProblem({ file, line, reason }: ContentProblem): string {
  return `${file}:${line}: ${reason}`;
}

/** Thrown by the loaders so that `next build` stops and names every bad file, line and reason. */
export class ContentValidationError extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem[]) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(`Invalid course content (${count}):\n${problems.map(formatProblem).join("\n")}`);
    this.name = "ContentValidationError";
    this.problems = problems;
  }
}

/** A parse result: the value, or every problem found (never both). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] };

/** Collects the problems of one file as a parser walks it. */
export class ProblemList {
  readonly problems: ContentProblem[] = [];

  constructor(readonly file: string) {}

  add(line: number, reason: string): void {
    this.problems.push({ file: this.file, line, reason });
  }

  get empty(): boolean {
    return this.problems.length === 0;
  }

  /** The value, or the problems in line order. */
  result<T>(value: () => T): Parsed<T> {
    return this.empty ? { ok: true, value: value() } : { ok: false, problems: [...this.problems].sort((a, b) => a.line - b.line) };
  }
}
