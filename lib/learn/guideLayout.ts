/**
 * Where each node of the decision guide sits in its flowchart: top to bottom in levels (a node one
 * level below the deepest question that leads to it), and left to right in the order a walk from
 * the start meets them, so the answers of a question sit under it in their own order.
 */
import type { DecisionGuide } from "@/lib/content/lessonTypes";

export interface GuidePlacement {
  id: string;
  level: number;
  /** Position within its level, from 0. */
  slot: number;
}

export interface GuideEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

export function guideEdges(guide: DecisionGuide): GuideEdge[] {
  return Object.values(guide.nodes).flatMap((node) =>
    node.kind === "question"
      ? node.answers.map((answer, i) => ({
          id: `${node.id}-${i}`,
          source: node.id,
          target: answer.next,
          label: answer.label,
        }))
      : [],
  );
}

export function guidePlacements(guide: DecisionGuide): GuidePlacement[] {
  const order: string[] = [];
  const level = new Map<string, number>();
  // The guide is validated to be acyclic, so the longest path to each node is well defined.
  const visit = (id: string, depth: number) => {
    if (!order.includes(id)) order.push(id);
    if ((level.get(id) ?? -1) >= depth) return;
    level.set(id, depth);
    const node = guide.nodes[id];
    if (node?.kind === "question") for (const answer of node.answers) visit(answer.next, depth + 1);
  };
  visit(guide.start, 0);
  const slots = new Map<number, number>();
  return order.map((id) => {
    const depth = level.get(id)!;
    const slot = slots.get(depth) ?? 0;
    slots.set(depth, slot + 1);
    return { id, level: depth, slot };
  });
}

/** The edges a walk took: from each node on the path to the next. */
export function guidePathEdgeIds(guide: DecisionGuide, path: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const [i, id] of path.entries()) {
    const node = guide.nodes[id];
    const next = path[i + 1];
    if (node?.kind !== "question" || next === undefined) continue;
    const index = node.answers.findIndex((answer) => answer.next === next);
    if (index >= 0) ids.add(`${node.id}-${index}`);
  }
  return ids;
}
