import { describe, expect, it } from "vitest";
import type { DecisionGuide } from "@/lib/content/lessonTypes";
import { guideEdges, guidePathEdgeIds, guidePlacements } from "./guideLayout";

const ending = (id: string) => ({
  kind: "ending" as const,
  id,
  recommendation: "R",
  why: "W",
  lesson: { slug: "01-x", number: 1, title: "X" },
  preset: { id: "gc-pause", title: "P" },
});
const guide: DecisionGuide = {
  start: "a",
  nodes: {
    a: {
      kind: "question",
      id: "a",
      question: "A?",
      answers: [
        { label: "yes", next: "b" },
        { label: "no", next: "x" },
      ],
    },
    b: {
      kind: "question",
      id: "b",
      question: "B?",
      answers: [
        { label: "yes", next: "x" },
        { label: "no", next: "y" },
      ],
    },
    x: ending("x"),
    y: ending("y"),
  },
};

describe("the decision guide's flowchart", () => {
  it("places a node one level below the deepest question that leads to it", () => {
    expect(guidePlacements(guide)).toEqual([
      { id: "a", level: 0, slot: 0 },
      { id: "b", level: 1, slot: 0 },
      { id: "x", level: 2, slot: 0 },
      { id: "y", level: 2, slot: 1 },
    ]);
  });

  it("draws one labelled edge per answer, and knows which a walk took", () => {
    expect(guideEdges(guide).map((e) => `${e.source}→${e.target}:${e.label}`)).toEqual([
      "a→b:yes",
      "a→x:no",
      "b→x:yes",
      "b→y:no",
    ]);
    expect([...guidePathEdgeIds(guide, ["a", "b", "y"])]).toEqual(["a-0", "b-1"]);
  });
});
