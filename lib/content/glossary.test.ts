import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./errors";
import { glossaryCheck, glossaryParse, type GlossaryLesson, type GlossaryTerm } from "./glossary";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");
const GLOSSARY = "content/glossary.yaml";
const slugs = new Set(["01-locks", "02-fencing"]);

function terms(source = fixture("glossary.yaml")): GlossaryTerm[] {
  const parsed = glossaryParse(GLOSSARY, source, slugs);
  if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join("\n"));
  return parsed.value;
}

const lessons = (first: string, second = fixture("glossary-defining.md")): GlossaryLesson[] => [
  // Given out of order: the check follows the lessons' numbers, not the list.
  { slug: "02-fencing", number: 2, file: "content/lessons/02-fencing.md", source: second },
  { slug: "01-locks", number: 1, file: "content/lessons/01-locks.md", source: first },
];

describe("glossaryCheck", () => {
  it("refuses a lesson that uses a term before the lesson that defines it, at the line of the first use in prose", () => {
    const problems = glossaryCheck(terms(), lessons(fixture("glossary-early-use.md")), GLOSSARY).map(formatProblem);
    // Inline code, a code block, an HTML comment and a link's address mention it earlier; none is prose.
    expect(problems).toEqual([
      'content/lessons/01-locks.md:20: "fencing token" is used here, but the course defines it only in lesson 2 (02-fencing, per content/glossary.yaml): define it here, in bold, and move the glossary entry, or say it another way',
    ]);
  });

  it("accepts the same lesson once it says the thing without the term, and a term used after its defining lesson", () => {
    const fixed = fixture("glossary-early-use.md").replace("fencing tokens", "a number the resource checks");
    expect(glossaryCheck(terms(), lessons(fixed), GLOSSARY)).toEqual([]);
  });

  it("refuses a term its defining lesson never sets in bold", () => {
    const fixed = fixture("glossary-early-use.md").replace("fencing tokens", "a number the resource checks");
    const undefinedThere = fixture("glossary-defining.md").replace("**fencing token**", "fencing token");
    expect(glossaryCheck(terms(), lessons(fixed, undefinedThere), GLOSSARY).map(formatProblem)).toEqual([
      'content/glossary.yaml:2: "fencing token" is defined in 02-fencing, but that lesson never sets it in bold (**fencing token**) where it explains it',
    ]);
  });

  it("finds another form of a term, and a plural, but not a word that merely contains it", () => {
    const early = "---\ntitle: T\n---\n\nA **lease** is timed. The released lock and a leased car are other words.\n\nUse CAS.\n";
    expect(glossaryCheck(terms(), lessons(early), GLOSSARY).map((problem) => `${problem.line}: ${problem.reason.split(" is used")[0]}`)).toEqual(['7: "CAS"']);
  });
});

describe("glossaryParse", () => {
  it("names an unknown lesson, a form given to two terms and an unknown field, each at its line", () => {
    const bad = `terms:
  - term: lease
    lesson: 09-missing
    definition: A lock granted for a limited time.
  - term: leases held
    also: [lease]
    lesson: 01-locks
    definition: Twice.
  - term: token
    lesson: 02-fencing
    definition: A number.
    see: fencing
`;
    const parsed = glossaryParse(GLOSSARY, bad, slugs);
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([
      'content/glossary.yaml:3: unknown lesson "09-missing" for "lease": it must be a file in content/lessons, without ".md"',
      'content/glossary.yaml:5: "lease" is already a form of "lease": a form belongs to one term',
      'content/glossary.yaml:9: unknown field "see" in a glossary term',
    ]);
  });
});
