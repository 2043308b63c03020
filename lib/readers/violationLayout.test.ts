import { scaleLinear } from "d3-scale";
import { describe, expect, it } from "vitest";
import { presetById } from "@/lib/scenario/presets";
import { simulate } from "@/lib/sim";
import type { ViolationKind } from "@/lib/sim/checker";
import { timelineModel, type ViolationMarkModel } from "./timelineModel";
import { layoutViolations, type ViolationGroup } from "./violationLayout";

/** The timeline's label width at 11 px type (components/timeline/geometry.ts). */
const width = (text: string) => text.length * 6.2 + 4;
const labels: Record<ViolationKind, string> = {
  "lost-update": "lost update",
  "duplicate-effect": "done twice",
  overlap: "overlap",
  "token-regression": "token reused",
};
const mark = (violation: ViolationKind, t: number, i = 0): ViolationMarkModel => ({
  kind: "violation",
  violation,
  key: `v${i}`,
  t,
  endT: null,
  label: labels[violation],
  name: `Violation at ${t} ms (${violation})`,
});

/** No two drawn labels share a pixel, and none covers another group's mark. */
function expectNoOverprint(groups: ViolationGroup[]) {
  const boxes = groups
    .filter((g) => g.labelX !== null)
    .map((g) => ({ g, from: g.labelX!, to: g.labelX! + width(g.label) }));
  for (const a of boxes) {
    for (const b of boxes)
      if (a !== b) expect(a.from < b.to && b.from < a.to, `${a.g.label} runs into ${b.g.label}`).toBe(false);
    for (const other of groups)
      if (other !== a.g) expect(a.from < other.px + 8 && other.px - 8 < a.to, `${a.g.label} covers a mark`).toBe(false);
  }
  for (let i = 1; i < groups.length; i++) expect(groups[i]!.px - groups[i - 1]!.px).toBeGreaterThanOrEqual(16);
}

describe("violation labels on the timeline", () => {
  it("keep the lost update's label in k8s-paused-leader on a phone-wide plot, where the overlap's label gave way before", () => {
    const model = timelineModel(simulate(presetById("k8s-paused-leader")!.scenario));
    const violations = model.marks.filter((m): m is ViolationMarkModel => m.kind === "violation");
    expect(violations.map((v) => v.violation)).toEqual(["overlap", "lost-update"]);
    // The lab's plot on a 390 px screen: about 270 px for the run's 60 s.
    const x = scaleLinear().domain([0, model.durationMs]).range([100, 372]);
    const groups = layoutViolations(violations, x, { left: 100, right: 372 }, width);
    const lost = groups.find((g) => g.members.some((m) => m.violation === "lost-update"))!;
    expect(lost.labelX).not.toBeNull();
    expect(lost.label).toMatch(/^lost update/);
    expectNoOverprint(groups);
  });

  it("merge marks at one moment into one, counted in its label, the most crucial kind first", () => {
    const x = scaleLinear().domain([0, 60_000]).range([0, 1000]);
    const groups = layoutViolations(
      [
        mark("overlap", 17_000, 0),
        mark("lost-update", 17_010, 1),
        mark("lost-update", 17_020, 2),
        mark("lost-update", 17_030, 3),
      ],
      x,
      { left: 0, right: 1000 },
      width,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBe("lost update ×3 · overlap");
    expect(groups[0]!.lead.violation).toBe("lost-update");
    // The name starts with the words drawn, so a speech user can say what they see.
    expect(groups[0]!.name).toMatch(/^lost update ×3 · overlap: 4 violations here\. /);
    expect(groups[0]!.labelX).not.toBeNull();
  });

  it("never overprint, and never drop the most crucial label, however crowded the strip", () => {
    const x = scaleLinear().domain([0, 10_000]).range([0, 300]);
    const kinds: ViolationKind[] = [
      "overlap",
      "duplicate-effect",
      "overlap",
      "lost-update",
      "overlap",
      "token-regression",
    ];
    const marks = kinds.map((k, i) => mark(k, 1_000 + i * 700, i));
    const groups = layoutViolations(marks, x, { left: 0, right: 300 }, width);
    expectNoOverprint(groups);
    const crucial = groups.find((g) => g.lead.violation === "lost-update")!;
    expect(crucial.labelX).not.toBeNull();
    // Every violation is still reachable: each belongs to exactly one group.
    expect(
      groups
        .flatMap((g) => g.members)
        .map((m) => m.key)
        .sort(),
    ).toEqual(marks.map((m) => m.key).sort());
  });

  it("put a label left of its mark near the plot's right edge", () => {
    const x = scaleLinear().domain([0, 10_000]).range([0, 500]);
    const [group] = layoutViolations([mark("lost-update", 9_900)], x, { left: 0, right: 500 }, width);
    expect(group!.labelX! + width(group!.label)).toBeLessThanOrEqual(group!.px);
  });
});
