import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/presets";
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
      rubric: ["Walks through the timeline.", "Defines the <code>fencing token</code>."],
      modelAnswerHtml: "<p>c1 pauses; its lease expires.</p>\n<p>Storage rejects 33 after 34.</p>",
      followUpsHtml: "<ul>\n<li>Does etcd fix it? <em>Hint: no.</em></li>\n</ul>",
    });
  });

  it("names every problem with its line: unknown preset, unknown field, ticked rubric item, unknown and missing sections", () => {
    const result = fixture("bad-drill");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'lib/content/fixtures/bad-drill.md:5: front-matter field "preset": unknown preset "no-such-run": it must be the id of a preset in content/presets/',
      'lib/content/fixtures/bad-drill.md:6: unknown front-matter field "level" (allowed: title, topic, minutes, preset)',
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
      '18: the "## Model answer" section appears twice (first on line 14)',
    ]);
  });
});
