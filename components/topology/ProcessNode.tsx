"use client";

import { Fragment, useMemo } from "react";
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { clockReadingAt } from "@/lib/readers/clocks";
import { formatClock, formatOffset } from "@/lib/sim/format";
import { ROOM_LINE, type TopologyNode } from "@/lib/readers/topologyLayout";
import { clientColor, roleColor } from "@/lib/theme/tokens";
import { processColors } from "@/components/timeline/colors";
import { lanesOf } from "@/lib/readers/timelineModel";
import { sameTarget, useTopologyFrame } from "./context";
import { stateText } from "./stateText";

export type ProcessFlowNode = Node<{ node: TopologyNode; textPx: number | null }, "process">;

/** The lab's type on a card; a room's card draws all of it at one size (its layout's textPx), names in bold. */
const LAB_TYPE = { name: "text-sm", state: "text-xs", clock: "text-[11px]", lease: "text-[10px] leading-tight" };
const ROOM_TYPE = { name: "", state: "", clock: "", lease: "leading-none" };

const hidden = {
  opacity: 0,
  pointerEvents: "none" as const,
  width: 1,
  height: 1,
  minWidth: 0,
  minHeight: 0,
  border: 0,
};

/**
 * One process at the playhead: its name and shape (a client's colour chip, a service node's
 * square, storage's cylinder), its state in words, and its own clock. Pattern and shape carry
 * the state too: a pause is hatched, a crash crossed out and greyed, a cut-off process dashed.
 * The whole card is a button that opens the fault menu for that process, or, where faults cannot
 * be injected (a slide), a labelled picture.
 */
export function ProcessNode({ data }: NodeProps<ProcessFlowNode>) {
  const { node, textPx } = data;
  const frame = useTopologyFrame();
  const isClient = node.kind === "client" || node.kind === "clients";
  return (
    <>
      {isClient ? (
        <Handle type="source" position={Position.Right} isConnectable={false} style={hidden} />
      ) : (
        <Handle type="target" position={Position.Left} isConnectable={false} style={hidden} />
      )}
      {node.id === "redis" && (
        <Handle id="replica-out" type="source" position={Position.Bottom} isConnectable={false} style={hidden} />
      )}
      {node.id === "replica" && (
        <Handle id="replica-in" type="target" position={Position.Top} isConnectable={false} style={hidden} />
      )}
      {node.kind === "clients" ? (
        <CrowdCard node={node} textPx={textPx} />
      ) : (
        <ProcessCard node={node} textPx={textPx} open={sameTarget(frame.menuFor, { kind: "process", id: node.id })} />
      )}
    </>
  );
}

function ProcessCard({ node, textPx, open }: { node: TopologyNode; textPx: number | null; open: boolean }) {
  const type = textPx ? ROOM_TYPE : LAB_TYPE;
  // The cross of a crashed process, at the card's bottom right: 24 px in the lab; on a room's
  // card, as tall as its last line, so it covers none of the text above.
  const cross = textPx ? textPx * 0.9 : 24;
  const inset = textPx ? { right: textPx * 0.4, bottom: textPx * 0.3 } : { right: 10, bottom: 12 };
  const frame = useTopologyFrame();
  const colorOf = useMemo(() => processColors(lanesOf(frame.scenario)), [frame.scenario]);
  const state = frame.states.get(node.id);
  const { status, detail } = stateText(node.kind, state);
  const clock = clockReadingAt(frame.scenario, node.id, frame.t);
  const clockText = clock ? `${formatClock(clock.wallMs)} (${formatOffset(clock.aheadMs)})` : "";
  const paused = state?.status === "paused";
  const crashed = state?.status === "crashed";
  const leases = node.kind === "service" ? (state?.leases ?? []) : [];
  // The first three leases' chips, then one for the rest: chip i < 3 is lease i's.
  const chipTexts = leases.slice(0, 3).map((l) => `${l.client}${l.token === null ? "" : ` #${l.token}`}`);
  if (leases.length > 3) chipTexts.push(`+${leases.length - 3}`);
  const leaseText = leases.length
    ? `; enforcing the lease of ${leases.map((l) => `${l.client}${l.token === null ? "" : ` (token ${l.token})`}`).join(", ")}`
    : "";
  // The name reads the card's words in the order they are shown, so a speech user can say what
  // they see (WCAG 2.5.3, Label in Name); what the chips abbreviate follows in full.
  const label = `${node.id}: ${[clockText, detail ? `${status}, ${detail}` : status, chipTexts.join(" ")].filter(Boolean).join("; ")}${leaseText}`;
  const className = `nodrag nopan relative flex flex-col items-start overflow-hidden rounded-lg border-2 bg-page text-left text-ink shadow-sm ${
    textPx ? "px-[0.45em] py-[0.15em]" : "gap-0.5 px-2.5 py-1.5"
  } ${state?.partitioned ? "border-dashed" : ""} ${crashed ? "opacity-70" : ""}`;
  const style = {
    width: node.width,
    height: node.height,
    fontSize: textPx ?? undefined,
    lineHeight: textPx ? ROOM_LINE : undefined,
    borderColor:
      node.kind === "client"
        ? clientColor(node.clientNumber ?? 1)
        : node.kind === "storage"
          ? roleColor.storage
          : roleColor.lockService,
    backgroundImage: paused
      ? `repeating-linear-gradient(45deg, transparent 0 6px, color-mix(in srgb, ${roleColor.pause} 35%, transparent) 6px 9px)`
      : undefined,
  };
  const chips = leases.length > 0 && (
    <span className={textPx ? "inline-flex gap-[0.25em] align-baseline" : "flex gap-1"}>
      {chipTexts.map((text, i) => (
        <Fragment key={text}>
          {i > 0 && " "}
          {i < 3 ? (
            <span
              className={`rounded border-2 px-1 ${type.lease} font-semibold`}
              style={{ borderColor: colorOf(leases[i]!.client) }}
            >
              {text}
            </span>
          ) : (
            <span className={type.lease}>{text}</span>
          )}
        </Fragment>
      ))}
    </span>
  );
  // The spaces between the card's parts (which a flex layout does not draw) keep its words apart
  // in its text, as they are on screen.
  const face = (
    <>
      <span className="flex w-full items-center gap-1.5">
        <Shape node={node} room={textPx !== null} />
        <span className={`${type.name} font-bold`}>{node.id}</span>{" "}
        <span className={`ml-auto ${type.clock} whitespace-nowrap text-ink-muted tabular-nums`}>{clockText}</span>
      </span>{" "}
      {textPx ? (
        // A room's card keeps to the lines its layout made room for: the state, then what the
        // process holds or believes, as one run of text.
        <span className="block">
          <span className={`font-medium ${crashed ? "text-danger-ink" : ""}`}>{status}</span>
          {detail && ` · ${detail}`} {chips}
        </span>
      ) : (
        <>
          <span className={`${type.state} font-medium ${crashed ? "text-danger-ink" : ""}`}>{status}</span>{" "}
          {detail && <span className={type.state}>{detail}</span>} {chips}
        </>
      )}
      {crashed && (
        <svg
          className="pointer-events-none absolute inset-0"
          width={node.width}
          height={node.height}
          aria-hidden="true"
        >
          <path
            d={`M${node.width - inset.right - cross} ${node.height - inset.bottom - cross}l${cross} ${cross}m0 ${-cross}l${-cross} ${cross}`}
            strokeWidth={textPx ? textPx / 7 : 3.5}
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
function CrowdCard({ node, textPx }: { node: TopologyNode; textPx: number | null }) {
  const type = textPx ? ROOM_TYPE : LAB_TYPE;
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
      style={{ width: node.width, height: node.height, fontSize: textPx ?? undefined }}
    >
      <span className={`${type.name} font-bold`}>{node.id}</span>
      <span className={type.state}>{node.processes.length} clients, drawn as one</span>
      <span className={`truncate ${type.clock} text-ink-muted`}>{summary}</span>
    </div>
  );
}

/** The process's shape, 12 px in the lab and four fifths of the text's size on a room's card. */
function Shape({ node, room }: { node: TopologyNode; room: boolean }) {
  const size = room ? "size-[0.8em]" : "size-3";
  if (node.kind === "client") {
    return (
      <span
        aria-hidden="true"
        className={`inline-block ${size} shrink-0 rounded-full border border-ink`}
        style={{ background: clientColor(node.clientNumber ?? 1) }}
      />
    );
  }
  if (node.kind === "storage") {
    return (
      <svg
        width={room ? "0.8em" : 12}
        height={room ? "0.93em" : 14}
        viewBox="0 0 12 14"
        aria-hidden="true"
        className="shrink-0"
      >
        <ellipse cx="6" cy="3" rx="5" ry="2" fill="none" strokeWidth="1.5" style={{ stroke: roleColor.storage }} />
        <path
          d="M1 3v8c0 1.1 2.2 2 5 2s5-.9 5-2V3"
          fill="none"
          strokeWidth="1.5"
          style={{ stroke: roleColor.storage }}
        />
      </svg>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-block ${size} shrink-0 rounded-[2px] border-2`}
      style={{ borderColor: roleColor.lockService }}
    />
  );
}
