import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { drillParse } from "./drill";
import { formatProblem } from "./errors";
import { quizSetParse } from "./quiz";
import { presetById } from "../scenario/presets";

const presetTitle = (id: string) => presetById(id)?.title;
const quizProblems = (source: string, file = "content/quizzes/consensus-services.md") => {
  const result = quizSetParse(file, source, presetTitle);
  return result.ok ? [] : result.problems.map(formatProblem);
};
const QUIZ_HEAD = "---\ntitle: T\ntopic: t\norder: 1\n---\n\n## Q\n\n";
/** A one-question quiz whose right option's explanation is `text` (on line 10). */
const explained = (text: string) => `${QUIZ_HEAD}- [x] A\n  > ${text}\n- [ ] B\n  > Why not.\n`;

describe("a figure quoted from a run", () => {
  it("fails with its file and line when it is not what the run shows, and passes when it is", () => {
    const source = readFileSync(join(__dirname, "fixtures", "run-figures.md"), "utf8");
    expect(quizProblems(source)).toEqual([
      'content/quizzes/consensus-services.md:14: "11.7 s" — zk-partition shows c1 disconnected at 10.0 s',
    ]);
    const fixed = quizSetParse("q.md", source.replace("11.7 s", "10.0 s"), presetTitle);
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    // The rendered form shows the run's own figure, formatted as the story formats it.
    expect(fixed.value.questions[0]!.options[0]!.explanationHtml).toBe(
      '<p>c1 sees Disconnected at <span class="run-figure" data-run="zk-partition">10.0 s</span>, and c2 is granted the lock at <span class="run-figure" data-run="zk-partition">about 13.3 s</span>.</p>',
    );
  });

  it("reads summary fields, violations, grants, beliefs, writes and pauses", () => {
    const html = (fact: string, preset = "gc-pause") => {
      const result = quizSetParse("q.md", explained(`:run{preset="${preset}" fact="${fact}"}`), presetTitle);
      if (!result.ok) return result.problems.map(formatProblem).join("; ");
      return result.value.questions[0]!.options[0]!.explanationHtml.replace(/<[^>]+>/g, "");
    };
    expect(html("summary.lostUpdates")).toBe("1");
    expect(html("summary.verdict")).toBe("unsafe");
    expect(html("first violation time")).toBe("10.0 s");
    expect(html("first lost-update violation time")).toBe("17.0 s");
    expect(html("overlap violation end")).toBe("12.0 s");
    expect(html("grant 2 client")).toBe("c2");
    expect(html("belief of c1 end")).toBe("16.0 s");
    expect(html("pause of c1 length")).toBe("15.0 s");
    expect(html("last write of c1 outcome")).toBe("accepted");
    expect(html("write 1 token", "gc-pause-fenced")).toBe("2");
    expect(html("last write of c1 outcome", "gc-pause-fenced")).toBe("accepted");
    // Storage fails over to a replica 1 s behind, losing c2's write and its token mark with it.
    expect(html("storage-failover time", "storage-failover-fenced")).toBe("12.5 s");
    expect(html("storage-failover lag", "storage-failover-fenced")).toBe("1.0 s");
    expect(html("storage-failover lost", "storage-failover-fenced")).toBe("1");
    expect(html("failover time", "storage-failover-fenced")).toMatch(/the run has no failover of the lock service/);
  });

  it("names what is wrong with a fact the run does not have", () => {
    expect(quizProblems(explained(':run{preset="gc-pause" fact="grant 9 time"}'))).toEqual([
      'content/quizzes/consensus-services.md:10: :run{fact="grant 9 time"} in gc-pause: the run has only 2 grants',
    ]);
    expect(quizProblems(explained(':run{preset="gc-pause" fact="grant 2 colour"}'))[0]).toMatch(/"colour" is not something a grant has \(a grant has time, end, token, client\)/);
    expect(quizProblems(explained(':run{preset="gc-paws" fact="grant 2 time"}'))[0]).toMatch(/:10: :run names an unknown preset "gc-paws"/);
    expect(quizProblems(explained(':run{preset="gc-pause" fact="summary.nope"}'))[0]).toMatch(/the summary has no "nope"/);
    expect(quizProblems(explained(':run{preset="gc-pause"}'))[0]).toMatch(/:run needs preset="…" and fact="…"/);
  });
});

describe("a link to a challenge level or a real recording", () => {
  const html = (text: string) => {
    const result = quizSetParse("q.md", explained(text), presetTitle);
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    return result.value.questions[0]!.options[0]!.explanationHtml;
  };

  it("renders as the app's own address, named by the level's or the recording's title unless the text gives words", () => {
    expect(html('Try :challenge{level="fence-the-pause"}.')).toBe('<p>Try <a href="/challenges/fence-the-pause/">Defend it: Survive every pause</a>.</p>');
    expect(html('See :trace[the run on real Redis]{id="gc-pause"}.')).toBe('<p>See <a href="/lab/?preset=gc-pause#real-heading">the run on real Redis</a>.</p>');
    // A recording of a scenario that is no preset opens the lab as it is, at Real vs model.
    expect(html(':trace{id="etcd-pause-fenced"}')).toMatch(/^<p><a href="\/lab\/#real-heading">Real vs model: /);
  });

  it("fails an id that names nothing, with its file and line and the ids there are", () => {
    expect(quizProblems(explained(':challenge{level="fence-the-paws"}'))[0]).toMatch(
      /^content\/quizzes\/consensus-services\.md:10: :challenge names no challenge level "fence-the-paws": it must be the slug of a file in content\/challenges \(known: .*fence-the-pause/,
    );
    expect(quizProblems(explained(':trace{id="gc-paws"}'))[0]).toMatch(/:10: :trace names no recording "gc-paws": it must be the id of a recording in content\/traces\/manifest\.json \(known: gc-pause, /);
    expect(quizProblems(explained(':trace{preset="gc-pause"}'))).toEqual(['content/quizzes/consensus-services.md:10: unknown attribute "preset" on :trace (it takes id)']);
  });
});

describe("text that looks like a directive but is not one", () => {
  it("fails with its line and says what is wrong: a missing }, a space before {, a missing quote", () => {
    expect(quizProblems(explained('See :run{preset="gc-pause" fact="grant 2 time" here.'))).toEqual([
      'content/quizzes/consensus-services.md:10: malformed directive ":run{preset="gc-pause" fact="grant 2 time" here.": :run{… has no closing "}"',
    ]);
    expect(quizProblems(explained('See :run {preset="gc-pause" fact="grant 2 time"}.'))[0]).toMatch(/:10: malformed directive .*has a space before "\{": write :run\{…/);
    expect(quizProblems(explained('See :run{preset="gc-pause fact="grant 2 time"}.'))[0]).toMatch(/:10: malformed directive .*a value without its closing quote/);
  });

  it("leaves a bare colon word alone", () => {
    expect(quizProblems(explained("A ratio of 3:1, and Note:this."))).toEqual([]);
  });

  it("fails a javascript: link", () => {
    expect(quizProblems(explained("[click](javascript:alert(1))"))).toEqual([
      'content/quizzes/consensus-services.md:10: unsafe link "javascript:alert(1)": content links are http(s), mailto or paths',
    ]);
  });

  it("fails a block directive in a drill, which holds none", () => {
    const drill =
      "---\ntitle: D\ntopic: design\nminutes: 5\npreset: gc-pause\n---\n\n## Prompt\n\n::sim{preset=\"gc-pause\"}\n\n## Rubric\n\n- [ ] **Must have:** x\n- [ ] **Must have:** y\n\n## Model answer\n\nm\n\n### Red flags\n\n- a\n- b\n";
    const result = drillParse("content/drills/d.md", drill, (id) => (id === "gc-pause" ? "A GC pause outlives the lease" : undefined));
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual(["content/drills/d.md:10: ::sim must stand on a line of its own, outside lists and quotes"]);
  });
});
