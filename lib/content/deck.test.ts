import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deckParse } from "./deck";
import { deckForAudience } from "./deckTypes";
import { formatProblem } from "./errors";

function fixture(name: string) {
  return deckParse(`lib/content/fixtures/${name}.md`, readFileSync(join(__dirname, "fixtures", `${name}.md`), "utf8"));
}

const FRONT = "---\ntitle: T\nminutes: 5\nsummary: S\n---\n\n";
/** The problems of an inline deck as "line: reason". */
function problemsOf(body: string): string[] {
  const result = deckParse("content/decks/inline.md", FRONT + body);
  return result.ok ? [] : result.problems.map((p) => `${p.line}: ${p.reason}`);
}

describe("deckParse", () => {
  it("reads the front matter, the slides, their simulation or prediction and their notes", () => {
    const result = fixture("valid-deck");
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join("\n"));
    const deck = result.value;
    expect({ slug: deck.slug, title: deck.title, minutes: deck.minutes, summary: deck.summary }).toEqual({
      slug: "valid-deck",
      title: "Fixture deck",
      minutes: 5,
      summary: "Two slides and a prediction.",
    });
    expect(deck.slides).toEqual([
      {
        number: 1,
        title: "Fixture deck",
        html: "<h1>Fixture deck</h1>\n<p>A paused holder, with <code>fencing</code>.</p>",
        sim: { preset: "gc-pause", presetTitle: expect.any(String), at: 1000, view: "timeline", predict: null },
        notesHtml: "<p>Say <em>hello</em>.\nThen wait.</p>",
        answer: null,
      },
      {
        number: 2,
        title: "Slide 2",
        html: "",
        sim: {
          preset: "gc-pause-fenced",
          presetTitle: expect.any(String),
          at: 17000,
          view: "both",
          predict: { question: "c1 writes with token 1 after 2. What happens?", options: ["Accepted: token 1 was c1's", "Rejected: 1 < 2"], stop: null },
        },
        notesHtml: "<p>Vote, then play.</p>",
        answer: 1,
      },
      {
        number: 3,
        title: "No simulation",
        html: "<h2>No simulation</h2>\n<pre tabindex=\"0\"><code>---\na fenced line that is not a slide break\nNote: nor a note\n</code></pre>",
        sim: null,
        notesHtml: "<p>Code fences keep their lines.</p>",
        answer: null,
      },
    ]);
  });

  it("names every problem with its file and line: unknown field and preset, malformed directive, answer out of range, missing notes", () => {
    const result = fixture("bad-deck");
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'lib/content/fixtures/bad-deck.md:5: unknown front-matter field "level" (allowed: title, minutes, summary)',
      'lib/content/fixtures/bad-deck.md:10: unknown preset "gc-paws" in ::sim: it must be the id of a preset in content/presets/',
      expect.stringMatching(/^lib\/content\/fixtures\/bad-deck\.md:18: malformed directive "::sim\{preset="gc-pause" at=\}": ::sim\{…\} is not a valid directive: write each attribute as name="value"/),
      'lib/content/fixtures/bad-deck.md:26: ::predict answer="2" is out of range: counting from 0, the 2 options go from 0 to 1',
      'lib/content/fixtures/bad-deck.md:32: slide 4 has no speaker notes: add a "Note:" line, with what to say, at the end of the slide',
    ]);
  });

  it("stops a reveal at the next question on the same run, or at until=, and checks until= against the run", () => {
    const predict = (at: number, extra = "", preset = "gc-pause") => `::predict{preset="${preset}" at="${at}" question="Q?" options="A|B" answer="0"${extra}}\n\nNote: n\n`;
    const parsed = deckParse("content/decks/inline.md", FRONT + [predict(10000), predict(2000, "", "check-before-write"), predict(17000), predict(3000, ' until="5000"')].join("\n---\n\n"));
    if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join("\n"));
    expect(parsed.value.slides.map((s) => s.sim?.predict?.stop)).toEqual([{ t: 17000, nextQuestion: 3 }, null, null, { t: 5000, nextQuestion: null }]);
    expect(problemsOf(predict(10000, ' until="9000"'))).toEqual([expect.stringMatching(/^7: ::predict until="9000" must come after at="10000"/)]);
    expect(problemsOf(predict(10000, ' until="soon"'))).toEqual([expect.stringMatching(/^7: ::predict attribute "until" must be a whole number of milliseconds/)]);
  });

  it("renders and checks the run's figures in a prediction's question and options", () => {
    const predict = (question: string) => `::predict{preset="gc-pause" at="10000" question="${question}" options="Yes|No" answer="0"}\n\nNote: n\n`;
    const parsed = deckParse("content/decks/inline.md", FRONT + predict("c1's lease ends at [10 s]{grant 1 end}. c2 asks at {grant 2 time}?"));
    if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join("\n"));
    expect(parsed.value.slides[0]!.sim?.predict?.question).toBe("c1's lease ends at 10 s. c2 asks at 10.0 s?");
    expect(problemsOf(predict("c1's lease ends at [12 s]{grant 1 end}."))).toEqual(['7: ::predict\'s question: "12 s" — gc-pause shows grant 1 (to c1) ending (expired) at 10.0 s']);
  });

  it("rejects unknown directives and attributes, missing attributes, an unknown view, a second simulation and a moment past the run", () => {
    expect(problemsOf('::video{src="x"}\n\nNote: n\n')).toEqual([expect.stringMatching(/^7: unknown directive "::video"/)]);
    expect(problemsOf('::sim{preset="gc-pause" at="0" speed="2"}\n\nNote: n\n')).toEqual(['7: unknown attribute "speed" on ::sim (allowed: preset, at, view)']);
    expect(problemsOf('::sim{preset="gc-pause"}\n\nNote: n\n')).toEqual(['7: ::sim is missing "at" (it takes preset, at, view)']);
    expect(problemsOf('::sim{preset="gc-pause" at="1.5 s"}\n\nNote: n\n')).toEqual([expect.stringMatching(/^7: ::sim attribute "at" must be a whole number of milliseconds/)]);
    expect(problemsOf('::sim{preset="gc-pause" at="0" view="map"}\n\nNote: n\n')).toEqual(['7: ::sim attribute "view" must be one of "timeline", "topology", "both"']);
    expect(problemsOf('::sim{preset="gc-pause" at="0"}\n\n::sim{preset="gc-pause" at="5"}\n\nNote: n\n')).toEqual([
      "9: a slide holds one simulation; another starts here (the one on line 7 came first)",
    ]);
    expect(problemsOf('::sim{preset="gc-pause" at="999999"}\n\nNote: n\n')).toEqual(['7: ::sim at="999999" is past the end of "gc-pause", which runs 60000 ms']);
  });

  it("rejects predictions with too few, empty or too many options, and empty slides and notes", () => {
    const predict = (options: string) => `::predict{preset="gc-pause" at="0" question="Q?" options="${options}" answer="0"}\n\nNote: n\n`;
    expect(problemsOf(predict("Only"))).toEqual(['7: ::predict needs at least two options, separated by "|": options="Yes|No"']);
    expect(problemsOf(predict("A||B"))).toEqual(['7: ::predict has an empty option: check the "|" separators in options']);
    expect(problemsOf(predict("1|2|3|4|5|6|7"))).toEqual(["7: ::predict offers at most 6 options, so the room can vote by hands"]);
    expect(problemsOf("# A\n\nNote: n\n\n---\n\n---\n\nNote:\n")).toEqual([
      '11: slide 2 has no speaker notes: add a "Note:" line, with what to say, at the end of the slide',
      '11: slide 2 is empty: give it a heading, some text or a simulation (two "---" lines in a row make an empty slide)',
      '13: slide 3 is empty: give it a heading, some text or a simulation (two "---" lines in a row make an empty slide)',
      "15: slide 3's speaker notes are empty: write what to say after \"Note:\"",
    ]);
    // A bare ":word" is text; a directive with a label or attributes is not, unless it is :run.
    expect(problemsOf("Some :inline text.\n\nNote: n\n")).toEqual([]);
    expect(problemsOf("Some :inline[directive].\n\nNote: n\n")).toEqual([expect.stringMatching(/^7: unknown inline directive ":inline"/)]);
  });
});

describe("a presenter note", () => {
  it("may point only at what the slide shows", () => {
    const sim = (view: string) => `::sim{preset="gc-pause" at="0" view="${view}"}\n\n`;
    expect(problemsOf(`${sim("timeline")}Note: Point at the outcome panel: overlap 2 s.\n`)).toEqual([
      '9: the note points at "outcome panel", but this slide shows only the timeline: notes refer only to what the room sees (not the lab\'s panels)',
    ]);
    expect(problemsOf(`${sim("topology")}Note: Walk the four lanes.\n`)[0]).toMatch(/^9: the note points at "lanes", but this slide shows only the topology/);
    expect(problemsOf("## Words\n\nNote: See the topology.\n")[0]).toMatch(/^9: the note points at "topology", but this slide has no simulation/);
    expect(problemsOf(`${sim("both")}Note: Walk the lanes, then the topology.\n`)).toEqual([]);
  });

  it("quotes the run's figures with :run, checked like any other text", () => {
    expect(problemsOf(`${'::sim{preset="gc-pause-fenced" at="0"}'}\n\nNote: Overlap of :run[3 s]{preset="gc-pause-fenced" fact="summary.overlapMs"}.\n`)).toEqual([
      '9: "3 s" — gc-pause-fenced shows summary.overlapMs 2.0 s',
    ]);
  });
});

describe("deckForAudience", () => {
  it("keeps the slides and drops every note and answer", () => {
    const result = fixture("valid-deck");
    if (!result.ok) throw new Error("fixture invalid");
    const audience = deckForAudience(result.value);
    expect(audience.slides.map((s) => s.title)).toEqual(["Fixture deck", "Slide 2", "No simulation"]);
    const json = JSON.stringify(audience);
    expect(json).not.toMatch(/notesHtml|answer|Say <em>hello|Vote, then play/);
  });
});
