import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { drillParse } from "./drill";
import { formatProblem } from "./errors";

const presetTitle = (id: string) => presetById(id)?.title;

function fixture(name: string) {
  return drillParse(`lib/content/fixtures/${name}.md`, readFileSync(join(__dirname, "fixtures", `${name}.md`), "utf8"), presetTitle);
}

describe("drillParse", () => {
  it("reads the prompt, the rubric as a checklist, the model answer and the follow-ups as HTML", () => {
    const result = fixture("valid-drill");
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    expect(result.value).toEqual({
      slug: "valid-drill",
      title: "Fixture drill",
      topic: "fencing",
      minutes: 8,
      scenario: { preset: "gc-pause", title: presetById("gc-pause")!.title },
      promptHtml: "<p>Explain the <em>GC-pause</em> bug.</p>",
      rubric: ["<strong>Must have:</strong> walks through the timeline.", "<strong>Must have:</strong> defines the <code>fencing token</code>.", "Names the alternative."],
      mustHaves: [0, 1],
      // The red flags are shown with the model answer, after the learner has written theirs.
      modelAnswerHtml:
        "<p>c1 pauses; its lease expires.</p>\n<p>Storage rejects 33 after 34.</p>\n<h3>Red flags</h3>\n<ul>\n<li>Trusts the client to check its own lease.</li>\n<li>Calls the lease a lock.</li>\n</ul>",
      followUpsHtml: "<ul>\n<li>Does etcd fix it? <em>Hint: no.</em></li>\n</ul>",
    });
  });

  it("names every problem with its line: unknown preset, unknown field, ticked rubric item, unknown and missing sections", () => {
    const result = fixture("bad-drill");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'lib/content/fixtures/bad-drill.md:5: front-matter field "preset": unknown preset "no-such-run": it must be the id of a preset in content/presets/',
      'lib/content/fixtures/bad-drill.md:6: unknown front-matter field "level" (allowed: title, topic, minutes, preset)',
      'lib/content/fixtures/bad-drill.md:13: the rubric marks 0 must-have items: start 2 or 3 of them with "**Must have:**", the points an answer fails without',
      'lib/content/fixtures/bad-drill.md:15: each rubric item starts with an empty checkbox "- [ ]", for the learner to tick',
      'lib/content/fixtures/bad-drill.md:18: unknown section "## Notes" (expected "## Prompt", "## Rubric", "## Model answer", "## Follow-ups")',
      'lib/content/fixtures/bad-drill.md:20: the drill has no "## Model answer" section',
    ]);
  });

  it("rejects an empty section, a duplicated one and a rubric that is not a checklist", () => {
    const source = "---\ntitle: T\ntopic: fencing\nminutes: 5\npreset: gc-pause\n---\n\n## Prompt\n\n## Rubric\n\nJust prose.\n\n## Model answer\n\nA.\n\n## Model answer\n\nB.\n";
    const result = drillParse("content/drills/inline.md", source, presetTitle);
    expect(result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '8: the "## Prompt" section is empty',
      '12: the rubric must be one checklist of "- [ ]" items and nothing else',
      '14: the model answer has no "### Red flags" subsection: end it with one, listing at least 2 things a weak answer says',
      '18: the "## Model answer" section appears twice (first on line 14)',
    ]);
  });
});

describe("a drill's rubric marks its must-haves and its model answer lists red flags", () => {
  const drill = (rubric: string, answer: string) => `---\ntitle: T\ntopic: fencing\nminutes: 5\npreset: gc-pause\n---\n\n## Prompt\n\nP?\n\n## Rubric\n\n${rubric}\n\n## Model answer\n\n${answer}\n`;
  const problems = (rubric: string, answer: string) => {
    const result = drillParse("content/drills/d.md", drill(rubric, answer), presetTitle);
    return result.ok ? [] : result.problems.map(formatProblem);
  };
  const MUSTS = "- [ ] **Must have:** the failure mode.\n- [ ] **Must have:** the fix.\n- [ ] Numbers.";
  const FLAGS = "A.\n\n### Red flags\n\n- Trusts the clock.\n- Retries a charge with a new key.";

  it("passes with two or three must-haves and a list of red flags", () => {
    expect(problems(MUSTS, FLAGS)).toEqual([]);
  });

  it("fails a rubric with one must-have, or four, at the rubric's heading", () => {
    expect(problems("- [ ] **Must have:** the fix.\n- [ ] Numbers.", FLAGS)).toEqual([
      'content/drills/d.md:12: the rubric marks 1 must-have item: start 2 or 3 of them with "**Must have:**", the points an answer fails without',
    ]);
    expect(problems(`${MUSTS}\n- [ ] **Must have:** a.\n- [ ] **Must have:** b.`, FLAGS)[0]).toMatch(/^content\/drills\/d\.md:12: the rubric marks 4 must-have items/);
  });

  it("names a must-have written another way instead of silently not counting it", () => {
    expect(problems(`${MUSTS}\n- [ ] Must-have: a token.`, FLAGS)).toEqual([
      'content/drills/d.md:17: a must-have item starts with "**Must have:**" exactly (bold, colon inside): found "Must-have: a tok…"',
    ]);
    expect(problems(`${MUSTS}\n- [ ] **Must have**: a token.`, FLAGS)[0]).toMatch(/^content\/drills\/d\.md:17: a must-have item starts with "\*\*Must have:\*\*" exactly/);
  });

  it("fails a model answer without red flags, with one, or with text after them", () => {
    expect(problems(MUSTS, "A.")).toEqual(['content/drills/d.md:18: the model answer has no "### Red flags" subsection: end it with one, listing at least 2 things a weak answer says']);
    expect(problems(MUSTS, "A.\n\n### Red flags\n\n- Trusts the clock.")).toEqual(["content/drills/d.md:24: list at least 2 red flags (found 1)"]);
    expect(problems(MUSTS, "A.\n\n### Red flags\n\nTrusts the clock.")).toEqual(['content/drills/d.md:24: "### Red flags" is followed by a bulleted list ("- …"), one red flag an item']);
    expect(problems(MUSTS, `${FLAGS}\n\nMore prose.`)).toEqual(['content/drills/d.md:27: "### Red flags" ends the model answer: move this paragraph above it']);
    expect(problems(MUSTS, "A.\n\n## Red flags\n\n- a\n- b")).toEqual([
      'content/drills/d.md:18: the model answer has no "### Red flags" subsection: end it with one, listing at least 2 things a weak answer says',
      'content/drills/d.md:22: the red flags are a subsection: write "### Red flags" at the end of "## Model answer"',
    ]);
  });
});
