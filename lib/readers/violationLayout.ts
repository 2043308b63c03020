/**
 * Where the timeline's violation marks and their labels go in the strip above the lanes. Marks
 * closer together than a mark's width are merged into one (its label counts them: "lost update ×2
 * · overlap"), so triangles never overprint one another; labels are placed most crucial first
 * (a lost update before a double effect, a reused token, an overlap), right of the mark or left
 * of it, and a label that would run into one already placed, into another mark or off the plot is
 * left out. The most crucial label is never left out: where it cannot fit beside its mark, the
 * marks it would cover join its group until it fits. Pure: the MarkLayer draws this.
 */
import type { ViolationKind } from "@/lib/sim/checker";
import type { ViolationMarkModel } from "./timelineModel";

export interface ViolationGroup {
  /** The mark drawn and focused for the group: its most crucial member (the earliest among equals). */
  lead: ViolationMarkModel;
  members: ViolationMarkModel[];
  px: number;
  /** The label to draw: the lead's alone, or every kind in the group with its count. */
  label: string;
  /** Where the label starts, or null when it is left out. */
  labelX: number | null;
  /** What a screen reader says for the group: each member's own name, after the label when there are several. */
  name: string;
}

/** Half a violation triangle's width, and the gap between a mark and its label. */
const MARK_HALF = 8;
const LABEL_GAP = 3;

/** Lower is more crucial: the harm a reader must not miss comes first. */
const PRIORITY: Record<ViolationKind, number> = {
  "lost-update": 0,
  "duplicate-effect": 1,
  "token-regression": 2,
  overlap: 3,
};
const priorityOf = (m: ViolationMarkModel) => PRIORITY[m.violation];

interface Interval {
  from: number;
  to: number;
}

const overlaps = (a: Interval, b: Interval) => a.from < b.to && b.from < a.to;

/** "lost update", or "lost update ×2 · overlap" for a merged group (kinds most crucial first). */
function groupLabel(members: readonly ViolationMarkModel[]): string {
  const [only] = members;
  if (only && members.length === 1) return only.label;
  const counts = new Map<string, number>();
  for (const m of [...members].sort((a, b) => priorityOf(a) - priorityOf(b)))
    counts.set(m.label, (counts.get(m.label) ?? 0) + 1);
  return [...counts].map(([label, n]) => (n === 1 ? label : `${label} ×${n}`)).join(" · ");
}

/** Each member's own name; a merged group's starts with its label, the words the mark shows (WCAG 2.5.3, Label in Name). */
function groupName(members: readonly ViolationMarkModel[], label: string): string {
  const [only] = members;
  return only && members.length === 1
    ? only.name
    : `${label}: ${members.length} violations here. ${members.map((m) => m.name).join(". ")}`;
}

/**
 * The violation marks as drawn: merged where they would touch, each group with its label's place.
 * `x` maps true time to pixels; `width` says how wide a label's text is.
 */
export function layoutViolations(
  marks: readonly ViolationMarkModel[],
  x: (t: number) => number,
  plot: { left: number; right: number },
  width: (text: string) => number,
): ViolationGroup[] {
  const sorted = [...marks].sort((a, b) => a.t - b.t);
  const clusters: { members: ViolationMarkModel[]; lastPx: number }[] = [];
  for (const mark of sorted) {
    const px = x(mark.t);
    const last = clusters.at(-1);
    if (last && px - last.lastPx < 2 * MARK_HALF + 2) {
      last.members.push(mark);
      last.lastPx = px;
    } else clusters.push({ members: [mark], lastPx: px });
  }

  let groups: ViolationGroup[] = clusters.map(({ members }) => groupOf(members, x));
  const crucial = groups.reduce<ViolationGroup | null>(
    (best, g) => (best === null || priorityOf(g.lead) < priorityOf(best.lead) ? g : best),
    null,
  );
  if (!crucial) return [];

  // The most crucial label first: where it cannot fit beside its mark, the marks it would cover
  // join its group (and its label counts them), until it fits or nothing is left to merge.
  let lead = crucial;
  for (;;) {
    const from = freeSpot(lead, groups, [], plot, width);
    if (from !== null) {
      lead.labelX = from;
      break;
    }
    const w = width(lead.label);
    const forced = Math.max(plot.left, Math.min(plot.right - w, lead.px + MARK_HALF + LABEL_GAP));
    const covered = groups.filter((g) => g !== lead && overlaps(markBox(g), { from: forced, to: forced + w }));
    if (covered.length === 0) {
      lead.labelX = forced;
      break;
    }
    const merged = groupOf([...lead.members, ...covered.flatMap((g) => g.members)], x);
    groups = groups.filter((g) => g !== lead && !covered.includes(g));
    groups.push(merged);
    groups.sort((a, b) => a.px - b.px);
    lead = merged;
  }

  const placed: Interval[] = [{ from: lead.labelX!, to: lead.labelX! + width(lead.label) }];
  const rest = groups.filter((g) => g !== lead).sort((a, b) => priorityOf(a.lead) - priorityOf(b.lead) || a.px - b.px);
  for (const g of rest) {
    g.labelX = freeSpot(g, groups, placed, plot, width);
    if (g.labelX !== null) placed.push({ from: g.labelX, to: g.labelX + width(g.label) });
  }
  return groups;
}

function groupOf(members: ViolationMarkModel[], x: (t: number) => number): ViolationGroup {
  const sorted = [...members].sort((a, b) => a.t - b.t);
  const lead = sorted.reduce((best, m) => (priorityOf(m) < priorityOf(best) ? m : best));
  const label = groupLabel(sorted);
  return { lead, members: sorted, px: x(lead.t), label, labelX: null, name: groupName(sorted, label) };
}

const markBox = (g: ViolationGroup): Interval => ({ from: g.px - MARK_HALF, to: g.px + MARK_HALF });

/** Where a group's label fits, right of its mark or else left of it, clear of every mark and placed label; null if neither does. */
function freeSpot(
  g: ViolationGroup,
  groups: readonly ViolationGroup[],
  placed: readonly Interval[],
  plot: { left: number; right: number },
  width: (text: string) => number,
): number | null {
  const w = width(g.label);
  for (const from of [g.px + MARK_HALF + LABEL_GAP, g.px - MARK_HALF - LABEL_GAP - w]) {
    const box = { from, to: from + w };
    if (box.from < plot.left || box.to > plot.right) continue;
    if (groups.some((other) => other !== g && overlaps(markBox(other), box))) continue;
    if (placed.some((p) => overlaps(p, box))) continue;
    return from;
  }
  return null;
}
