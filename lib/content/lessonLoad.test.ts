import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { presetById } from "../scenario/presets";
import { comparisonParse } from "./comparison";
import { decisionGuideParse } from "./decisionGuide";
import { formatProblem } from "./errors";
import { lessonContentCheck } from "./lessonLoad";
import { referencesParse } from "./references";
import { contentCheck } from "./load";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");
const quizSets = contentCheck().quizSets;

describe("the lessons in content/lessons", () => {
  it("are valid, with the decision guide and the comparison table", () => {
    const { lessons, guide, comparison, problems } = lessonContentCheck(process.cwd(), quizSets);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(guide.nodes[guide.start]!.kind).toBe("question");
    expect(comparison.rows.every((row) => row.cells.length === comparison.columns.length)).toBe(true);
    // Lesson 10 holds the guide and the table; lesson 2 the calculator.
    expect(lessons[9]!.blocks.map((block) => block.kind)).toEqual(expect.arrayContaining(["decision-guide", "comparison-table"]));
    expect(lessons[1]!.blocks.map((block) => block.kind)).toContain("ttl-calculator");
  });
});

describe("decisionGuideParse", () => {
  it("names missing nodes, lessons and presets, loops and unreachable nodes", () => {
    const lessons = [{ slug: "06-redis-and-redlock", number: 6, title: "Redis", summary: "" }];
    const result = decisionGuideParse("content/lessons/decision-guide.yaml", fixture("bad-guide.yaml"), lessons, presetById);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'content/lessons/decision-guide.yaml:9: nodes.first.answers.1.next: no node is called "nowhere"',
      'content/lessons/decision-guide.yaml:13: nodes.cheap.lesson: unknown lesson "99-missing": it must be a file in content/lessons, without ".md"',
      'content/lessons/decision-guide.yaml:14: nodes.cheap.preset: unknown preset "no-such-preset": it must be the id of a preset in content/presets/',
    ]);
    const fixed = fixture("bad-guide.yaml").replace("nowhere", "cheap").replace("99-missing", "06-redis-and-redlock").replace("no-such-preset", "gc-pause");
    const walked = decisionGuideParse("g.yaml", fixed, lessons, presetById);
    expect(walked.ok ? [] : walked.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      "16: nodes.loop: no answer leads to this node, so no learner can reach it",
    ]);
    const looping = decisionGuideParse("g.yaml", fixed.replace("next: cheap\n      - label: \"Correctness\"", "next: loop\n      - label: \"Correctness\""), lessons, presetById);
    expect(looping.ok ? [] : looping.problems.map((p) => p.reason)).toEqual([
      'nodes.loop.answers.0.next: "loop" leads back along the path (first → loop → loop), so the guide would never end',
    ]);
  });

  it("reports a node that is neither a question nor an ending", () => {
    const result = decisionGuideParse("g.yaml", "start: a\nnodes:\n  a:\n    question: Q\n    answers:\n      - label: Only\n        next: a\n  b:\n    recommendation: R\n", [], presetById);
    expect(result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      "6: nodes.a.answers: a question needs at least two answers",
      "9: nodes.b.why: Invalid input: expected string, received undefined",
      "9: nodes.b.lesson: Invalid input: expected string, received undefined",
      "9: nodes.b.preset: Invalid input: expected string, received undefined",
    ]);
  });
});

describe("comparisonParse", () => {
  it("names unknown columns and presets, missing cells and unknown fields", () => {
    const result = comparisonParse("content/lessons/comparison.yaml", fixture("bad-comparison.yaml"), presetById);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'content/lessons/comparison.yaml:14: unknown field "extra" at rows.1.cells.token',
    ]);
    const typed = comparisonParse("content/lessons/comparison.yaml", fixture("bad-comparison.yaml").replace(", extra: 1", ""), presetById);
    expect(typed.ok ? [] : typed.problems.map(formatProblem)).toEqual([
      'content/lessons/comparison.yaml:9: rows.0.cells.pause.preset: unknown preset "gc-pause-typo": it must be the id of a preset in content/presets/',
      'content/lessons/comparison.yaml:9: rows.0 ("Redis") has no cell for column "token"',
      'content/lessons/comparison.yaml:10: rows.0.cells: unknown column "colour" (columns: pause, token)',
    ]);
  });
});

describe("lessonContentCheck", () => {
  it("reports bad lessons, a duplicate number and a missing guide, with repository-relative paths", () => {
    const root = mkdtempSync(join(tmpdir(), "lease-lab-lessons-"));
    mkdirSync(join(root, "content/lessons"), { recursive: true });
    writeFileSync(join(root, "content/lessons/03-the-pause.md"), fixture("valid-lesson.md"));
    writeFileSync(join(root, "content/lessons/03-again.md"), fixture("valid-lesson.md"));
    writeFileSync(join(root, "content/lessons/04-bad.md"), fixture("bad-lesson.md"));
    cpSync(join(process.cwd(), "content/lessons/comparison.yaml"), join(root, "content/lessons/comparison.yaml"));
    const { lessons, problems } = lessonContentCheck(root, quizSets);
    expect(lessons.map((lesson) => lesson.slug)).toEqual(["03-again", "03-the-pause"]);
    const where = problems.map((p) => `${p.file}:${p.line}`);
    expect(where).toContain("content/lessons/03-the-pause.md:1");
    expect(where).toContain("content/lessons/04-bad.md:11");
    expect(problems.map(formatProblem)).toContain("content/lessons/decision-guide.yaml:1: the decision guide is missing");
    expect(problems.find((p) => p.file.endsWith("03-the-pause.md"))?.reason).toBe("lesson number 3 is taken by content/lessons/03-again.md too: each lesson needs its own two digits");
  });

  it("reports a broken quiz set or lesson in its own file only, not in the files that name it", () => {
    const root = mkdtempSync(join(tmpdir(), "lease-lab-content-"));
    cpSync(join(process.cwd(), "content"), join(root, "content"), { recursive: true });
    const quiz = join(root, "content/quizzes/fencing.md");
    writeFileSync(quiz, readFileSync(quiz, "utf8").replace(/^title: .*$/m, "title: [unclosed"));
    const lesson = join(root, "content/lessons/06-redis-and-redlock.md");
    writeFileSync(lesson, readFileSync(lesson, "utf8").replace(/^## /m, '::sim{preset="gc-pause"\n\n## '));
    const quizzes = contentCheck(root);
    const { problems } = lessonContentCheck(root, quizzes.quizSets);
    expect([...quizzes.problems, ...problems].map((problem) => problem.file)).toEqual(["content/quizzes/fencing.md", "content/lessons/06-redis-and-redlock.md"]);
    expect(problems.map(formatProblem)[0]).toMatch(/^content\/lessons\/06-redis-and-redlock\.md:\d+: malformed directive "::sim\{preset="gc-pause"": ::sim\{… has no closing "\}"$/);
  });

  it("points a YAML error at the line to fix: the one that opened an unclosed bracket", () => {
    const source = readFileSync(join(process.cwd(), "content/lessons/comparison.yaml"), "utf8").split("\n");
    source[15] = '  - name: ["Redis single instance"';
    const result = comparisonParse("content/lessons/comparison.yaml", source.join("\n"), presetById);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      "content/lessons/comparison.yaml:16: not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
  });
});

describe("the references page", () => {
  it("groups primary sources that each link over http(s), and lessons name its groups", () => {
    const result = referencesParse("content/references.md", "---\ntitle: R\nsummary: S\n---\n\n## Redis\n\n- [Docs](https://redis.io/): what it says.\n- A book with no link.\n\n## Redis\n\nText, not a list.\n");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      "content/references.md:9: a source must link to where it can be read, over http(s)",
      'content/references.md:11: the group "Redis" has the same id "redis" as the one on line 6: rename one',
      'content/references.md:11: the group "Redis" lists no sources: a group is a "## " heading followed by one list of sources, each "- [Title](https://…): what it supports"',
      'content/references.md:13: unexpected paragraph: a group is a "## " heading followed by one list of sources, each "- [Title](https://…): what it supports"',
    ]);
    const { lessons, references } = lessonContentCheck(process.cwd(), quizSets);
    expect(references.groups.length).toBeGreaterThan(5);
    for (const lesson of lessons) expect(lesson.sources.length, lesson.slug).toBeGreaterThan(0);
  });
});
