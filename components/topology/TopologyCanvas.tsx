"use client";

import "@xyflow/react/dist/style.css";
import "./topology.css";
import {
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  type Edge,
  type EdgeTypes,
  type FitViewOptions,
  type Node,
  type NodeProps,
  type NodeTypes,
} from "@xyflow/react";
import { useEffect, useMemo } from "react";
import type { TopologyGroup, TopologyLayout } from "@/lib/readers/topologyLayout";
import { stillFlow } from "@/components/flow/stillFlow";
import { TopologyFrameContext, type TopologyFrame } from "./context";
import { LinkEdge, ReplicationEdge, type LinkFlowEdge, type ReplicationFlowEdge } from "./LinkEdge";
import { ProcessNode, type ProcessFlowNode } from "./ProcessNode";

type EnsembleFlowNode = Node<{ group: TopologyGroup; textPx: number | null }, "ensemble">;

/** An ensemble's members drawn inside one box: one system of several nodes (Redlock's are independent, so unboxed). */
function EnsembleNode({ data }: NodeProps<EnsembleFlowNode>) {
  return (
    <div
      className="rounded-xl border-2 border-dashed border-line"
      style={{ width: data.group.width, height: data.group.height }}
    >
      <span
        className={`block px-2 font-semibold text-ink-muted ${data.textPx ? "" : "text-xs"}`}
        style={{ lineHeight: `${data.group.labelHeight}px`, fontSize: data.textPx ?? undefined }}
      >
        {data.group.label}
      </span>
    </div>
  );
}

const nodeTypes: NodeTypes = { process: ProcessNode, ensemble: EnsembleNode };
const edgeTypes: EdgeTypes = { link: LinkEdge, replication: ReplicationEdge };
/** Past this many links a visible button on each would bury the picture (four clients of Redlock). */
const CROWDED_LINKS = 24;

/** The flow's nodes and edges for a layout: built once per layout, never per frame. */
function flowOf(layout: TopologyLayout): { nodes: Node[]; edges: Edge[] } {
  const nodes: Node[] = [];
  if (layout.group)
    nodes.push({
      id: "ensemble",
      type: "ensemble",
      position: { x: layout.group.x, y: layout.group.y },
      data: { group: layout.group, textPx: layout.metrics.textPx },
      selectable: false,
      zIndex: -1,
    } satisfies EnsembleFlowNode);
  for (const node of layout.nodes) {
    nodes.push({
      id: node.id,
      type: "process",
      position: { x: node.x, y: node.y },
      data: { node, textPx: layout.metrics.textPx },
      width: node.width,
      height: node.height,
    } satisfies ProcessFlowNode);
  }
  // An aggregate's links carry many clients' messages: a fault needs one client, so they offer none.
  const crowds = new Set(layout.nodes.filter((n) => n.kind === "clients").map((n) => n.id));
  const crowded = layout.links.length > CROWDED_LINKS;
  const edges: Edge[] = layout.links.map(
    (link) =>
      ({
        id: link.id,
        type: "link",
        source: link.source,
        target: link.target,
        data: { link, interactive: !crowds.has(link.source), crowded, textPx: layout.metrics.textPx },
      }) satisfies LinkFlowEdge,
  );
  if (layout.replication) {
    const r = layout.replication;
    edges.push({
      id: "replication",
      type: "replication",
      source: r.source,
      target: r.target,
      sourceHandle: "replica-out",
      targetHandle: "replica-in",
      data: { lagMs: r.lagMs, textPx: layout.metrics.textPx },
    } satisfies ReplicationFlowEdge);
  }
  return { nodes, edges };
}

/**
 * The diagram itself at the frame's moment: a still picture that fits its box (no dragging,
 * panning or wheel zoom, so the page scrolls and every control is a plain button reached with
 * Tab). It is drawn at most `maxZoom` times its natural size: 1 in the lab, more for a room;
 * `zoom` draws it at exactly that (a room's, whose text size was chosen for it: roomTopology),
 * with `padding` around it.
 */
export function TopologyCanvas({
  layout,
  frame,
  width,
  height,
  maxZoom = 1,
  zoom,
  padding = 0.06,
}: {
  layout: TopologyLayout;
  frame: TopologyFrame;
  width: number;
  height: number;
  maxZoom?: number;
  zoom?: number;
  padding?: FitViewOptions["padding"];
}) {
  const { nodes, edges } = useMemo(() => flowOf(layout), [layout]);
  const fit = useMemo(() => ({ padding, minZoom: zoom ?? 0.2, maxZoom: zoom ?? maxZoom }), [maxZoom, zoom, padding]);
  return (
    <TopologyFrameContext value={frame}>
      <ReactFlowProvider>
        <div style={{ width, height }} className="topology-canvas">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            fitView
            fitViewOptions={fit}
            minZoom={Math.min(0.2, fit.minZoom)}
            maxZoom={Math.max(2, fit.maxZoom)}
            {...stillFlow}
            // Fitted to its box, it neither pans nor zooms at all.
            panOnDrag={false}
            panOnScroll={false}
            zoomOnPinch={false}
            zoomOnDoubleClick={false}
          >
            <Refit width={width} height={height} layout={layout} fit={fit} />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </TopologyFrameContext>
  );
}

/**
 * Fits the picture again when its box or its layout changes. It waits for xyflow to measure the
 * box as well: its ResizeObserver reports a new size after the next frame's callbacks, so a fit
 * run on the new props alone centred the picture in the old box (a room's "Both" view pushed redis
 * and storage off the screen).
 */
function Refit({
  width,
  height,
  layout,
  fit,
}: {
  width: number;
  height: number;
  layout: TopologyLayout;
  fit: FitViewOptions;
}) {
  const { fitView } = useReactFlow();
  const measured = useStore((s) => `${s.width}x${s.height}`);
  useEffect(() => {
    // After xyflow has measured the new nodes.
    const frame = requestAnimationFrame(() => void fitView(fit));
    return () => cancelAnimationFrame(frame);
  }, [fitView, width, height, measured, layout, fit]);
  return null;
}
