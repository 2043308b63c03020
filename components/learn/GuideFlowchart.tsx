"use client";

import { Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from "@xyflow/react";
import { memo, useMemo } from "react";
import type { DecisionGuide } from "@/lib/content/lessonTypes";
import { stillFlow } from "@/components/flow/stillFlow";
import { guideEdges, guidePathEdgeIds, guidePlacements } from "@/lib/learn/guideLayout";

const NODE_WIDTH = 200;
const COLUMN = 230;
const ROW = 150;
/** Fitting the whole chart may not shrink it below this: its 14 px text stays at 12 px or more. */
const MIN_FIT_ZOOM = 0.86;
/** A branch off the path keeps a short label ("Yes", "No"); a long one is cut, the panel has it whole. */
const SHORT_LABEL = 26;

const shortLabel = (label: string) =>
  label.length <= SHORT_LABEL ? label : `${label.slice(0, SHORT_LABEL - 1).trimEnd()}…`;

type Status = "current" | "taken" | "other";
type GuideNodeData = { text: string; ending: boolean; status: Status };
type GuideFlowNode = Node<GuideNodeData, "guide">;

/** A question or a recommendation; where the walk is and where it has been are said in words too. */
const GuideNodeView = memo(function GuideNodeView({ data }: NodeProps<GuideFlowNode>) {
  const border =
    data.status === "current"
      ? "border-[3px] border-link"
      : data.status === "taken"
        ? "border-2 border-link"
        : "border border-line";
  return (
    <div
      className={`${border} ${data.ending ? "rounded-2xl" : "rounded-md"} bg-page px-2.5 py-2 text-ink shadow-sm`}
      style={{ width: NODE_WIDTH }}
    >
      <Handle type="target" position={Position.Top} className="!border-0 !bg-transparent" isConnectable={false} />
      <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {data.status === "current"
          ? "▶ You are here"
          : data.status === "taken"
            ? "✓ Answered"
            : data.ending
              ? "Recommendation"
              : "Question"}
      </p>
      <p className="line-clamp-4 text-sm leading-snug">{data.text}</p>
      <Handle type="source" position={Position.Bottom} className="!border-0 !bg-transparent" isConnectable={false} />
    </div>
  );
});

const nodeTypes = { guide: GuideNodeView };

/**
 * The decision guide drawn as a flowchart with @xyflow/react, from the guide's data: questions as
 * boxes, recommendations as rounded boxes, the path taken in thick solid lines and the rest dashed.
 * It is a picture of the walk the panel drives: nothing in it takes focus, and clicking a node on
 * the path goes back to it.
 */
export function GuideFlowchart({
  guide,
  path,
  onBackTo,
}: {
  guide: DecisionGuide;
  path: readonly string[];
  onBackTo: (index: number) => void;
}) {
  const placements = useMemo(() => guidePlacements(guide), [guide]);
  const edges = useMemo(() => guideEdges(guide), [guide]);
  const widths = useMemo(() => {
    const counts = new Map<number, number>();
    for (const p of placements) counts.set(p.level, (counts.get(p.level) ?? 0) + 1);
    return counts;
  }, [placements]);

  const current = path[path.length - 1];
  const flowNodes: GuideFlowNode[] = placements.flatMap(({ id, level, slot }) => {
    const node = guide.nodes[id];
    if (!node) return [];
    const status: Status = id === current ? "current" : path.includes(id) ? "taken" : "other";
    return {
      id,
      type: "guide",
      position: { x: (slot - ((widths.get(level) ?? 1) - 1) / 2) * COLUMN, y: level * ROW },
      data: {
        text: node.kind === "question" ? node.question : node.recommendation,
        ending: node.kind === "ending",
        status,
      },
    } satisfies GuideFlowNode;
  });
  const onPath = guidePathEdgeIds(guide, path);
  const flowEdges: Edge[] = edges.map((edge) => {
    const taken = onPath.has(edge.id);
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      // Every branch says which answer it is; the path taken in full, in bold.
      label: taken ? edge.label : shortLabel(edge.label),
      labelStyle: {
        fill: taken ? "var(--color-ink)" : "var(--color-ink-muted)",
        fontSize: 14,
        fontWeight: taken ? 700 : 500,
      },
      labelBgStyle: { fill: "var(--color-page)" },
      style: taken
        ? { stroke: "var(--color-link)", strokeWidth: 3 }
        : { stroke: "var(--color-ink-muted)", strokeWidth: 1.25, strokeDasharray: "5 4" },
      zIndex: taken ? 1 : 0,
    };
  });

  return (
    <div
      className="h-[480px] w-full sm:h-[720px]"
      aria-label="Flowchart of the decision guide, with the path taken in thick lines"
      role="group"
    >
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.08, minZoom: MIN_FIT_ZOOM }}
        minZoom={0.2}
        {...stillFlow}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => {
          const index = path.indexOf(node.id);
          if (index >= 0) onBackTo(index);
        }}
      />
    </div>
  );
}
