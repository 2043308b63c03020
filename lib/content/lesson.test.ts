import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { presetById } from "../scenario/presets";
import { formatProblem } from "./errors";
import { fingerprint } from "./fingerprint";
import { lessonParse, type LessonContext } from "./lesson";

const context: LessonContext = {
  preset: presetById,
  quizTitle: (slug) => (slug === "fencing" ? "Fencing tokens" : undefined),
  referenceTitle: (id) => (id === "redis" ? "Redis" : undefined),
};

function fixture(name: string, file = `lib/content/fixtures/${name}.md`) {
  return lessonParse(file, readFileSync(join(__dirname, "fixtures", `${name}.md`), "utf8"), context);
}
const problemsOf = (result: ReturnType<typeof fixture>) => (result.ok ? [] : result.problems.map(formatProblem));

describe("lessonParse", () => {
  it("reads the front matter, the prose as HTML and each live piece as a block", () => {
    const result = fixture("valid-lesson", "content/lessons/03-the-pause.md");
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    const { blocks, ...meta } = result.value;
    expect(meta).toEqual({
      slug: "03-the-pause",
      number: 3,
      title: "Fixture lesson",
      summary: "A lease that runs out under a paused holder.",
      objectives: ["You can say what a lease is.", "You can predict a stale write."],
      quiz: { slug: "fencing", title: "Fencing tokens" },
      sources: [{ id: "redis", title: "Redis" }],
    });
    const gcPause = { id: "gc-pause", title: presetById("gc-pause")!.title };
    expect(blocks).toEqual([
      { kind: "html", html: "<h2>The pause</h2>\n<p>c1 pauses for <em>15 s</em>; the ratio is 1:3 and a stray :word stays text.</p>" },
      {
        kind: "predict",
        id: "predict-gc-pause-17000",
        fingerprint: fingerprint("Will storage accept c1's write?", "Yes", "No"),
        preset: gcPause,
        at: 17000,
        question: "Will storage accept c1's write?",
        options: ["Yes", "No"],
        answer: 0,
        // The reveal: what the learner reads once they have answered, live pieces included.
        reveal: [
          { kind: "html", html: '<p>Storage accepts it at <span class="run-figure" data-run="gc-pause">17.0 s</span>.</p>\n<p>Drag the pause:</p>' },
          { kind: "live", id: 0, preset: gcPause, field: "faults.0.forMs", min: 1000, max: 30000, step: 500, unit: "ms", label: "Pause length", initial: 15000 },
          { kind: "sim", preset: gcPause, live: [{ id: 0, field: "faults.0.forMs" }] },
          { kind: "html", html: "<h2>How long is too long?</h2>\n<p>A section of the reveal, shown with it.</p>" },
        ],
      },
      { kind: "html", html: "<h2>Another run</h2>" },
      { kind: "sim", preset: { id: "gc-pause-fenced", title: presetById("gc-pause-fenced")!.title }, live: [] },
      { kind: "ttl-calculator" },
    ]);
  });

  it("names every problem with its line", () => {
    expect(problemsOf(fixture("bad-lesson", "content/lessons/04-bad-lesson.md"))).toEqual([
      'content/lessons/04-bad-lesson.md:6: front-matter field "quiz": unknown quiz set "no-such-quiz": it must be the name of a file in content/quizzes, without ".md"',
      'content/lessons/04-bad-lesson.md:7: front-matter field "sources": unknown references group "no-such-group": it must be the slug of a "## " heading in content/references.md',
      'content/lessons/04-bad-lesson.md:8: unknown front-matter field "level" (allowed: title, summary, objectives, quiz, sources)',
      "content/lessons/04-bad-lesson.md:11: unknown directive ::video (known: ::sim, ::predict, ::live, ::ttl-calculator, ::decision-guide, ::comparison-table)",
      'content/lessons/04-bad-lesson.md:13: ::sim names an unknown preset "traffic-100x": it must be the id of a preset in content/presets/',
      'content/lessons/04-bad-lesson.md:15: ::sim needs a preset="…" attribute',
      'content/lessons/04-bad-lesson.md:17: ::predict\'s at="soon" is not a number',
      'content/lessons/04-bad-lesson.md:17: ::predict\'s answer="2" is out of range: with 2 options it must be 0 to 1',
      'content/lessons/04-bad-lesson.md:19: ::live\'s field="service.nope" is not a number in preset "gc-pause"\'s scenario: name an existing path such as service.ttlMs or faults.0.forMs',
      'content/lessons/04-bad-lesson.md:21: unknown attribute "colour" on ::sim (allowed: preset)',
      "content/lessons/04-bad-lesson.md:25: ::sim must stand on a line of its own, outside lists and quotes",
      'content/lessons/04-bad-lesson.md:27: ":::sim" is not a lesson piece: write ::sim{…} on its own line',
      "content/lessons/04-bad-lesson.md:30: ::live at service.ttlMs = 0 makes preset \"ttl-renewed\" invalid: service.ttlMs: must be ≥ 1",
      'content/lessons/04-bad-lesson.md:32: ::live for preset "crash-takeover" has no ::sim of that preset after it to drive',
    ]);
  });

  it("wants a numbered slug as the file name and no title heading in the body", () => {
    const result = lessonParse("content/lessons/leases.md", "---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n# Leases\n", context);
    expect(result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: the file name must be two digits, a hyphen and a lower-case slug, such as "02-leases.md", not "leases.md"',
      '9: the title belongs in the front matter; sections start with "## "',
    ]);
  });

  it("refuses a code block that is never closed, which would turn the simulations after it into code", () => {
    const source = [
      "---",
      "title: T",
      "summary: S",
      "objectives: [O]",
      "quiz: fencing",
      "sources: [redis]",
      "---",
      "",
      "## Taking the lock",
      "",
      "```sql",
      "SELECT pg_try_advisory_lock(1);",
      "",
      '::sim{preset="gc-pause"}',
      "",
    ].join("\n");
    const result = lessonParse("content/lessons/01-x.md", source, context);
    expect(result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      "11: this code block is never closed: add a line with the same fence (such as ```) where it ends, or everything after it, simulations and predictions included, becomes code",
    ]);
  });

  it("checks a prediction's options, its moment and the live control's range", () => {
    const parse = (directive: string) => {
      const result = lessonParse("content/lessons/01-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${directive}\n`, context);
      return result.ok ? [] : result.problems.map((p) => p.reason);
    };
    expect(parse('::predict{preset="gc-pause" at="90000" question="Q?" options="Only one" answer="0"}')).toEqual([
      '::predict needs at least two options, separated by "|"',
      '::predict\'s at="90000" is after the end of preset "gc-pause" (60000 ms)',
    ]);
    expect(parse('::predict{preset="gc-pause" at="1.5" question="" options="A|B" answer="-1"}')).toEqual([
      "::predict's question attribute is empty",
      '::predict\'s at="1.5" must be a whole number',
      '::predict\'s answer="-1" is out of range: with 2 options it must be 0 to 1',
    ]);
    expect(parse('::live{preset="gc-pause" field="faults.0.forMs" min="20000" max="10000" step="0" unit="ms" label="L"}\n\n::sim{preset="gc-pause"}')).toEqual([
      "::live's min (20000) must be less than its max (10000)",
      "::live's step must be more than 0",
      "::live's range 20000–10000 does not include the preset's own value 15000",
    ]);
    expect(parse("::ttl-calculator{size=\"big\"}")).toEqual(['unknown attribute "size" on ::ttl-calculator (it takes none)']);
  });
  it("checks the run's figures a prediction quotes in its question and options, with the line", () => {
    const lesson = (directive: string) => lessonParse("content/lessons/03-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${directive}\n`, context);
    const predict = (question: string, options: string) => lesson(`::predict{preset="gc-pause" at="17000" question="${question}" options="${options}" answer="0"}`);
    const ok = predict("c1 resumes at [16 s]{pause of c1 end} after a {pause of c1 length} pause. Accepted?", "Yes, and [one]{summary.lostUpdates} update is lost|No");
    if (!ok.ok) throw new Error(ok.problems.map(formatProblem).join("\n"));
    expect(ok.value.blocks[0]).toMatchObject({ question: "c1 resumes at 16 s after a 15.0 s pause. Accepted?", options: ["Yes, and one update is lost", "No"] });
    // A planted wrong figure fails the file at the directive's line, naming what the run shows.
    expect(problemsOf(predict("c1 resumes at [18 s]{pause of c1 end}. Accepted?", "Yes|No"))).toEqual([
      'content/lessons/03-x.md:9: ::predict\'s question: "18 s" — gc-pause shows c1\'s pause ending at 16.0 s',
    ]);
    expect(problemsOf(predict("Accepted?", "Yes, with token [3]{write 1 token}|No"))).toEqual(["content/lessons/03-x.md:9: ::predict's option 1: {write 1 token} in gc-pause: c2's write carries no token"]);
    expect(problemsOf(predict("At {grant 2 tme} c2 wins?", "Yes|No"))[0]).toMatch(/:9: ::predict's question: \{grant 2 tme\} in gc-pause: "tme" is not something a grant has/);
    expect(problemsOf(predict("Is {x} a set?", "Yes|No }"))).toContainEqual(expect.stringMatching(/:9: ::predict's option 2 has a "\{" or "\}" that is not part of a figure/));
  });

  it("refuses a prediction whose right option alone carries a figure as precise as it has", () => {
    const balance = (precision: string) =>
      `::predict's right option (2) carries ${precision} and no other option carries one as precise, so the figure gives the answer away: give a wrong option a plausible figure as precise`;
    // The first two give the answer away by a run figure only the right option quotes; the third,
    // the same question with every option as precise, passes.
    expect(problemsOf(fixture("unbalanced-prediction", "content/lessons/07-x.md"))).toEqual([
      `content/lessons/07-x.md:12: ${balance("a figure to 1 decimal")}`,
      `content/lessons/07-x.md:14: ${balance("a figure to 1 decimal")}`,
    ]);
  });

  it("refuses a run or a sentence that shows a prediction's answer before the learner has given it", () => {
    const spoiled = "content/lessons/05-spoiled.md";
    expect(problemsOf(fixture("spoiled-lesson", spoiled))).toEqual([
      `${spoiled}:14: ::sim{preset="gc-pause-fenced"} shows the whole run the prediction at line 12 holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it`,
      // Today's lesson 4: the answer's own word and figure, and a figure from after the moment.
      `${spoiled}:16: this sentence gives away the answer to the prediction above (it says "reject", as only the right option does): move it into the prediction's reveal (:::predict{…} … :::), shown once the learner has answered`,
      `${spoiled}:16: this sentence gives away the answer to the prediction above (it quotes {grant 3 token}, which the run shows only after the moment the prediction holds it at): move it into the prediction's reveal (:::predict{…} … :::), shown once the learner has answered`,
      // A control between the prediction and the run does not hide the run.
      `${spoiled}:26: ::sim{preset="ttl-shorter-than-work"} shows the whole run the prediction at line 22 holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it`,
      `${spoiled}:34: this sentence gives away the answer to the prediction above (it quotes {summary.counter}, which the run shows only after the moment the prediction holds it at): move it into the prediction's reveal (:::predict{…} … :::), shown once the learner has answered`,
      // Further down the page, in another section, the run still shows the answer before it is given.
      `${spoiled}:40: ::sim{preset="no-lock"} shows the whole run the prediction at line 28 holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it`,
    ]);
  });

  it("lets a reveal show the runs of predictions met before it, never of one further down, and refuses a run above its prediction", () => {
    const lesson = (body: string) => lessonParse("content/lessons/04-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${body}\n`, context);
    const fenced = '::predict{preset="gc-pause-fenced" at="17000" question="What does storage do?" options="Accepts it|Rejects it" answer="1"}';
    const gap = ':::predict{preset="fencing-read-gap" at="11800" question="Will storage accept it?" options="Yes|No" answer="0"}';
    // The fenced prediction first: the gap's reveal may show the fenced run, whose prediction the reader has met.
    expect(problemsOf(lesson(`${fenced}\n\n${gap}\n\nIt does.\n\n::sim{preset="gc-pause-fenced"}\n\n:::`))).toEqual([]);
    // The fenced prediction after it: the gap's reveal would show its answer first.
    expect(problemsOf(lesson(`${gap}\n\nIt does.\n\n::sim{preset="gc-pause-fenced"}\n\n:::\n\n${fenced}`))).toEqual([
      "content/lessons/04-x.md:13: ::sim{preset=\"gc-pause-fenced\"} shows the whole run the prediction at line 17 holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it",
    ]);
    // A run above its prediction shows the answer before the question.
    expect(problemsOf(lesson(`::sim{preset="gc-pause-fenced"}\n\n${fenced}`))).toEqual([
      "content/lessons/04-x.md:9: ::sim{preset=\"gc-pause-fenced\"} shows the whole run the prediction at line 11 holds, before the learner has answered it: the prediction's own run plays on once answered, so remove this ::sim, or move it (with any ::live that drives it) into the reveal (:::predict{…} … :::) of that prediction or of one after it",
    ]);
  });

  it("lets the prose after a prediction set up the next run, and keeps the answer's words in its reveal", () => {
    const lesson = (body: string) => lessonParse("content/lessons/04-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${body}\n`, context);
    const predict = ':::predict{preset="gc-pause-fenced" at="17000" question="What does storage do?" options="Accepts it, because token 1 belongs to c1|[Rejects]{first write of c1 outcome} it, because 1 < 2" answer="1"}';
    const ok = lesson(
      `${predict}\n\nStorage rejects the write with the reason \`1 < 2\`.\n\n:::\n\nFencing also handles the case that timeouts cannot: in the next run c1's write is held up in the network.\n\n::sim{preset="delayed-write"}\n\nStorage rejects it too.`,
    );
    expect(problemsOf(ok)).toEqual([]);
    expect(problemsOf(lesson(`${predict}\n:::`))).toEqual(["content/lessons/04-x.md:9: :::predict has an empty reveal: write what the run shows after the moment, or use ::predict{…} on one line"]);
  });

  it("names a prediction by its run and moment, so adding one before it leaves its id (and a saved answer) on the same question", () => {
    const lesson = (body: string) => lessonParse("content/lessons/04-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${body}\n`, context);
    const fenced = '::predict{preset="gc-pause-fenced" at="17000" question="What does storage do?" options="Accepts it|Rejects it" answer="1"}';
    const gap = '::predict{preset="fencing-read-gap" at="11800" question="Will storage accept it?" options="Yes|No" answer="0"}';
    const predictionsOf = (result: ReturnType<typeof lesson>) => (result.ok ? result.value.blocks.filter((block) => block.kind === "predict") : []);
    const alone = predictionsOf(lesson(fenced));
    const after = predictionsOf(lesson(`${gap}\n\n${fenced}`));
    expect(alone.map((predict) => predict.id)).toEqual(["predict-gc-pause-fenced-17000"]);
    expect(after.map((predict) => predict.id)).toEqual(["predict-fencing-read-gap-11800", "predict-gc-pause-fenced-17000"]);
    expect(after[1]!.fingerprint).toBe(alone[0]!.fingerprint);
    // Rewording the question or an option changes its fingerprint, so an answer saved for the old wording no longer counts.
    const reworded = predictionsOf(lesson(fenced.replace("Rejects it", "Refuses it")));
    expect(reworded[0]!.id).toBe(alone[0]!.id);
    expect(reworded[0]!.fingerprint).not.toBe(alone[0]!.fingerprint);
  });

  it("refuses two predictions of one run at one moment, which would share their anchor and saved answer", () => {
    const lesson = (body: string) => lessonParse("content/lessons/04-x.md", `---\ntitle: T\nsummary: S\nobjectives: [O]\nquiz: fencing\nsources: [redis]\n---\n\n${body}\n`, context);
    const fenced = '::predict{preset="gc-pause-fenced" at="17000" question="What does storage do?" options="Accepts it|Rejects it" answer="1"}';
    const again = '::predict{preset="gc-pause-fenced" at="17000" question="Which token does storage hold?" options="1|2" answer="1"}';
    expect(problemsOf(lesson(`${fenced}\n\n${again}`))).toEqual([
      'content/lessons/04-x.md:11: this prediction and the one at line 9 both hold preset "gc-pause-fenced" at 17000 ms, so they would share the id "predict-gc-pause-fenced-17000" that the page\'s anchor and the learner\'s saved answer use: ask one at another moment or of another preset, or make them one prediction',
    ]);
  });
});
