import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ContentValidationError, formatProblem } from "./errors";
import { contentCheck } from "./load";

describe("the course content", () => {
  it("is valid: every quiz set and drill parses, with unique question ids", () => {
    const { quizSets, drills, problems } = contentCheck();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(quizSets.length).toBeGreaterThan(0);
    expect(drills.length).toBeGreaterThan(0);
    const ids = quizSets.flatMap((set) => set.questions.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(quizSets.map((set) => set.order)).toEqual([...quizSets.map((set) => set.order)].sort((a, b) => a - b));
  });
});

describe("contentCheck", () => {
  it("collects the problems of every bad file under a content root, with repository-relative paths", () => {
    const root = mkdtempSync(join(tmpdir(), "lease-lab-content-"));
    mkdirSync(join(root, "content/quizzes"), { recursive: true });
    mkdirSync(join(root, "content/drills"), { recursive: true });
    mkdirSync(join(root, "content/lessons"), { recursive: true });
    writeFileSync(join(root, "content/lessons/04-fencing-tokens.md"), "");
    const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");
    writeFileSync(join(root, "content/quizzes/good.md"), fixture("valid-quiz.md").replace("order: 1", "order: 1\nlesson: 04-fencing-tokens"));
    // A set whose questions name no lesson could not link one after a low score.
    writeFileSync(join(root, "content/quizzes/unlinked.md"), fixture("valid-quiz.md"));
    writeFileSync(join(root, "content/quizzes/bad.md"), fixture("no-correct-option.md"));
    writeFileSync(join(root, "content/drills/bad.md"), fixture("bad-drill.md"));
    // A drill quoting its run with a planted wrong figure fails at that figure's line.
    writeFileSync(join(root, "content/drills/quotes-a-run.md"), fixture("drill-run-figure.md"));

    const { quizSets, problems } = contentCheck(root);
    expect(quizSets.map((set) => set.slug)).toEqual(["good", "unlinked"]);
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual([
      "content/quizzes/bad.md:7",
      ...quizSets[1]!.questions.map(() => "content/quizzes/unlinked.md:1"),
      "content/drills/bad.md:5",
      "content/drills/bad.md:6",
      "content/drills/bad.md:13",
      "content/drills/bad.md:15",
      "content/drills/bad.md:18",
      "content/drills/bad.md:20",
      "content/drills/quotes-a-run.md:19",
    ]);
    expect(problems.at(-1)?.reason).toBe('"11.7 s" — zk-partition shows c1 disconnected (seen by c1) at 10.0 s');
    expect(new ContentValidationError(problems).message).toMatch(/^Invalid course content \(10 problems\):\ncontent\/quizzes\/bad\.md:7: no correct option/);
  });
});
