"use client";

import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { clockReadingAt } from "@/lib/run/clocks";
import { formatClock, formatOffset } from "@/lib/run/format";
import { NODE_HEIGHT, NODE_WIDTH, type TopologyNode } from "@/lib/run/topologyLayout";
import { clientColor, roleColor } from "@/lib/theme/tokens";
import { colorOfProcess } from "@/components/timeline/colors";
import { sameTarget, useTopologyFrame } from "./context";
import { stateText } from "./stateText";

export type ProcessFlowNode = Node<{ node: TopologyNode }, "process">;

const hidden = { opacity: 0, pointerEvents: "none" as const, width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0 };

/**
 * One process at the playhead: its name and shape (a client's colour chip, a service node's
 * square, storage's cylinder), its state in words, and its own clock. Pattern and shape carry
 * the state too: a pause is hatched, a crash crossed out and greyed, a cut-off process dashed.
 * The whole card is a button that opens the fault menu for that process, or, where faults cannot
 * be injected (a slide), a labelled picture.
 */
export function ProcessNode({ data }: NodeProps<ProcessFlowNode>) {
  const { node } = data;
  const frame = useTopologyFrame();
  const isClient = node.kind === "client" || node.kind === "clients";
  return (
    <>
      {isClient ? (
        <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />
      ) : (
        <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />
      )}
      {node.id === "redis" && <Handle id="replica-out" type="source" position={Position.Bottom} isConnectable={false} style={hidden} />}
      {node.id === "replica" && <Handle id="replica-in" type="target" position={Position.Top} isConnectable={false} style={hidden} />}
      {node.kind === "clients" ? <CrowdCard node={node} /> : <ProcessCard node={node} open={sameTarget(frame.menuFor, { kind: "process", id: node.id })} />}
    </>
  );
}

function ProcessCard({ node, open }: { node: TopologyNode; open: boolean }) {
  const frame = useTopologyFrame();
  const state = frame.states.get(node.id);
  const { status, detail } = stateText(node.kind, state);
  const leaseText = state?.leases.length
    ? `, enforcing the lease of ${state.leases.map((l) => `${l.client}${l.token === null ? "" : ` (token ${l.token})`}`).join(", ")}`
    : "";
  const text = `${detail ? `${status}, ${detail}` : status}${node.kind === "service" ? leaseText : ""}`;
  const clock = clockReadingAt(frame.scenario, node.id, frame.t);
  const clockText = clock ? `${formatClock(clock.wallMs)} (${formatOffset(clock.aheadMs)})` : "";
  const paused = state?.status === "paused";
  const crashed = state?.status === "crashed";
  const leases = node.kind === "service" ? (state?.leases ?? []) : [];
  const label = `${node.id}: ${text}; clock ${clockText}`;
  const className = `nodrag nopan relative flex flex-col items-start gap-0.5 overflow-hidden rounded-lg border-2 bg-page px-2.5 py-1.5 text-left text-ink shadow-sm ${
    state?.partitioned ? "border-dashed" : ""
  } ${crashed ? "opacity-70" : ""}`;
  const style = {
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    borderColor: node.kind === "client" ? clientColor(node.clientNumber ?? 1) : node.kind === "storage" ? roleColor.storage : roleColor.lockService,
    backgroundImage: paused
      ? `repeating-linear-gradient(45deg, transparent 0 6px, color-mix(in srgb, ${roleColor.pause} 35%, transparent) 6px 9px)`
      : undefined,
  };
  const face = (
    <>
      <span className="flex w-full items-center gap-1.5">
        <Shape node={node} />
        <span className="text-sm font-bold">{node.id}</span>
        <span className="ml-auto text-[11px] whitespace-nowrap text-ink-muted tabular-nums">{clockText}</span>
      </span>
      <span className={`text-xs font-medium ${crashed ? "text-danger-ink" : ""}`}>{status}</span>
      {detail && <span className="text-xs">{detail}</span>}
      {leases.length > 0 && (
        <span className="flex gap-1">
          {leases.slice(0, 3).map((l) => (
            <span
              key={`${l.client}${l.token}`}
              className="rounded border-2 px-1 text-[10px] leading-tight font-semibold"
              style={{ borderColor: colorOfProcess(l.client) }}
            >
              {l.client}
              {l.token === null ? "" : ` #${l.token}`}
            </span>
          ))}
          {leases.length > 3 && <span className="text-[10px]">+{leases.length - 3}</span>}
        </span>
      )}
      {crashed && (
        <svg className="pointer-events-none absolute inset-0" width={NODE_WIDTH} height={NODE_HEIGHT} aria-hidden="true">
          <path
            d={`M${NODE_WIDTH - 34} 44L${NODE_WIDTH - 10} 68M${NODE_WIDTH - 10} 44L${NODE_WIDTH - 34} 68`}
            strokeWidth="3.5"
            strokeLinecap="round"
            style={{ stroke: roleColor.ink }}
          />
        </svg>
      )}
    </>
  );
  const openMenu = frame.openMenu;
  if (!openMenu) {
    return (
      <div role="img" aria-label={label} className={className} style={style}>
        {face}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`${className} hover:bg-surface`}
      // xyflow leaves a node that is neither selectable nor draggable deaf to the pointer; the card is a button.
      style={{ ...style, pointerEvents: "all" }}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-label={label}
      onClick={(event) => openMenu({ kind: "process", id: node.id }, event.currentTarget)}
    >
      {face}
    </button>
  );
}

/** The clients past the 15th, as one node: how many are in each state. */
function CrowdCard({ node }: { node: TopologyNode }) {
  const frame = useTopologyFrame();
  const counts = new Map<string, number>();
  for (const id of node.processes) {
    const status = frame.states.get(id)?.status ?? "idle";
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const summary = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
  return (
    <div
      className="flex flex-col gap-0.5 rounded-lg border-2 border-double border-line bg-surface px-2.5 py-1.5 text-ink"
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
    >
      <span className="text-sm font-bold">{node.id}</span>
      <span className="text-xs">{node.processes.length} clients, drawn as one</span>
      <span className="truncate text-[11px] text-ink-muted">{summary}</span>
    </div>
  );
}

function Shape({ node }: { node: TopologyNode }) {
  if (node.kind === "client") {
    return (
      <span aria-hidden="true" className="inline-block size-3 rounded-full border border-ink" style={{ background: clientColor(node.clientNumber ?? 1) }} />
    );
  }
  if (node.kind === "storage") {
    return (
      <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true">
        <ellipse cx="6" cy="3" rx="5" ry="2" fill="none" strokeWidth="1.5" style={{ stroke: roleColor.storage }} />
        <path d="M1 3v8c0 1.1 2.2 2 5 2s5-.9 5-2V3" fill="none" strokeWidth="1.5" style={{ stroke: roleColor.storage }} />
      </svg>
    );
  }
  return <span aria-hidden="true" className="inline-block size-3 rounded-[2px] border-2" style={{ borderColor: roleColor.lockService }} />;
}
