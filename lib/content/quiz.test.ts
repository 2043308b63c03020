import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./errors";
import { quizSetParse } from "./quiz";

const presets: Record<string, string> = { "gc-pause-fenced": "The same pause, stopped by a fencing token" };
const presetTitle = (id: string) => presets[id];

function fixture(name: string) {
  const file = `lib/content/fixtures/${name}.md`;
  return quizSetParse(file, readFileSync(join(__dirname, "fixtures", `${name}.md`), "utf8"), presetTitle);
}

function problemsOf(name: string): string[] {
  const result = fixture(name);
  if (result.ok) throw new Error(`${name} parsed without problems`);
  return result.problems.map(formatProblem);
}

function parseInline(source: string) {
  return quizSetParse("content/quizzes/inline.md", source, presetTitle);
}

const front = "---\ntitle: Inline\ntopic: fencing\norder: 1\n---\n\n";

describe("quizSetParse", () => {
  it("reads a valid set: ids, context, scenario, options and explanations rendered to HTML", () => {
    const result = fixture("valid-quiz");
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    const set = result.value;
    expect(set).toMatchObject({ slug: "valid-quiz", title: "Fixture set", topic: "fencing", order: 1 });
    expect(set.questions.map((q) => q.id)).toEqual([
      "valid-quiz/c1-s-write-carries-token-33-and-storage-has-seen-34-what-happens",
      "valid-quiz/which-value-can-serve-as-a-fencing-token",
    ]);
    const [first, second] = set.questions;
    expect(first!.contextHtml).toBe("<p>Storage fences writes.</p>");
    expect(first!.scenario).toEqual({ preset: "gc-pause-fenced", title: presets["gc-pause-fenced"] });
    expect(first!.options.map((o) => o.correct)).toEqual([false, true]);
    expect(first!.options[1]!.html).toBe("It is <strong>rejected</strong>.");
    expect(first!.options[1]!.explanationHtml).toBe("<p>Right. A token lower than the highest seen is refused.</p>");
    expect(second!.titleHtml).toBe("Which value can serve as a <code>fencing token</code>?");
    expect(second!.title).toBe("Which value can serve as a fencing token?");
    expect(second!.contextHtml).toBeNull();
    expect(second!.scenario).toBeNull();
  });

  it("rejects an option without an explanation, on the option's line", () => {
    expect(problemsOf("missing-explanation")).toEqual([
      'lib/content/fixtures/missing-explanation.md:11: the option has no explanation: add an indented "  > " line under it saying why it is right or wrong',
    ]);
  });

  it("rejects a question with no correct option, on the question's line", () => {
    expect(problemsOf("no-correct-option")).toEqual([
      'lib/content/fixtures/no-correct-option.md:7: no correct option: mark the right one with "- [x]"',
    ]);
  });

  it("rejects two questions with the same id, naming both lines", () => {
    expect(problemsOf("duplicate-id")).toEqual([
      'lib/content/fixtures/duplicate-id.md:14: duplicate question id "duplicate-id/what-does-fenced-storage-do": the question on line 7 has the same heading; reword one of them',
    ]);
  });

  it("rejects a Scenario line naming an unknown preset", () => {
    expect(problemsOf("unknown-preset")).toEqual([
      'lib/content/fixtures/unknown-preset.md:9: unknown preset "traffic-100x" in the Scenario line: it must be the id of a preset in content/presets/',
    ]);
  });

  it("rejects an unknown front-matter field, on its line", () => {
    expect(problemsOf("unknown-field")).toEqual([
      'lib/content/fixtures/unknown-field.md:5: unknown front-matter field "difficulty" (allowed: title, topic, order, multiple, lesson)',
    ]);
  });

  it("reports missing and mistyped front matter", () => {
    const missing = parseInline("---\ntitle: Inline\norder: first\n---\n\n## Q?\n\n- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n");
    expect(missing.ok ? [] : missing.problems.map(formatProblem)).toEqual([
      'content/quizzes/inline.md:1: front matter is missing "topic"',
      'content/quizzes/inline.md:3: front-matter field "order": Invalid input: expected number, received string',
    ]);
    const none = parseInline("## Q?\n\n- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n");
    expect(none.ok ? [] : none.problems.map((p) => p.line)).toEqual([1]);
    const badYaml = parseInline("---\ntitle: [unclosed\n---\n\n## Q?\n");
    expect(badYaml.ok ? [] : badYaml.problems[0]!.reason).toMatch(/^front matter is not valid YAML/);
  });

  it("rejects more than one correct option unless the set allows multiple answers", () => {
    const body = "## Which are tokens?\n\n- [x] etcd revision.\n  > Right.\n- [x] ZooKeeper czxid.\n  > Right.\n- [ ] A timestamp.\n  > Clocks differ.\n";
    const single = parseInline(front + body);
    expect(single.ok ? [] : single.problems.map(formatProblem)).toEqual([
      'content/quizzes/inline.md:7: 2 options are marked correct: mark exactly one, or set "multiple: true" in the front matter',
    ]);
    const multiple = parseInline(front.replace("order: 1", "order: 1\nmultiple: true") + body);
    expect(multiple.ok && multiple.value.questions[0]!.multiple).toBe(true);
  });

  it("explains an explanation that is not indented under its option", () => {
    const result = parseInline(front + "## Q?\n\n- [x] A.\n  > Right.\n- [ ] B.\n\n> Not indented.\n");
    expect(result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '11: the option has no explanation: add an indented "  > " line under it saying why it is right or wrong',
      '13: this explanation is not under an option: indent it by two spaces ("  > …") directly below its option',
    ]);
  });

  it("lets a comment name a claim's source before a question or its options, and shows nothing of it", () => {
    const source = "<!-- Source: RFC 1122 §4.2.3.6. -->";
    const result = parseInline(front + `${source}\n\n## Q?\n\n${source}\n\n- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n`);
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    expect(result.value.questions[0]!.contextHtml).toBeNull();
    expect(JSON.stringify(result.value)).not.toContain("RFC 1122");
  });

  it("rejects options without checkboxes, too few options, stray text and a set with no questions", () => {
    const plain = parseInline(front + "## Q?\n\n- A.\n  > Right.\n");
    expect(plain.ok ? [] : plain.problems.map((p) => p.reason)).toEqual([
      'no correct option: mark the right one with "- [x]"',
      'an option must start with a checkbox: "- [ ]" for a wrong one, "- [x]" for the right one',
      "a question needs at least two options",
    ]);
    const stray = parseInline(front + "Intro text.\n\n## Q?\n\n- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n");
    expect(stray.ok ? [] : stray.problems.map((p) => p.line)).toEqual([7]);
    const empty = parseInline(front);
    expect(empty.ok ? [] : empty.problems.map((p) => p.reason)).toEqual([expect.stringMatching(/^the set has no questions/)]);
  });

  it("wants the Scenario line before the options and only one of it", () => {
    const late = parseInline(front + "## Q?\n\n- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n\nScenario: gc-pause-fenced\n");
    expect(late.ok ? [] : late.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual(["14: the Scenario line must come before the options"]);
  });

  it("gives each question its set's lesson unless its own Lesson line names another, and rejects unknown lessons", () => {
    const lessons = new Set(["03-the-pause", "04-fencing-tokens"]);
    const parse = (source: string) => quizSetParse("content/quizzes/inline.md", source, presetTitle, (slug) => lessons.has(slug));
    const question = (title: string, lessonLine = "") => `## ${title}\n\n${lessonLine}- [x] A.\n  > Right.\n- [ ] B.\n  > No.\n\n`;
    const withLesson = front.replace("order: 1", "order: 1\nlesson: 03-the-pause");
    const good = parse(withLesson + question("Q1?") + question("Q2?", "Lesson: 04-fencing-tokens\n\n"));
    expect(good.ok && good.value.questions.map((q) => q.lesson)).toEqual(["03-the-pause", "04-fencing-tokens"]);
    const bad = parse(front.replace("order: 1", "order: 1\nlesson: 03-pause") + question("Q1?", "Lesson: 4-fencing\n\n"));
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: unknown lesson "03-pause" in "lesson:": it must be the slug of a lesson in content/lessons/, such as 04-fencing-tokens',
      '10: unknown lesson "4-fencing" in the Lesson line: it must be the slug of a lesson in content/lessons/',
    ]);
  });
});
