"use client";

import { EdgeLabelRenderer, type Edge, type EdgeProps } from "@xyflow/react";
import type { TopologyLink } from "@/lib/readers/topologyLayout";
import { formatDuration } from "@/lib/sim/format";
import { roleColor } from "@/lib/theme/tokens";
import { sameTarget, useTopologyFrame } from "./context";

/** `textPx`: a room's text size (the layout's), for the counts and labels on links; null in the lab. */
export type LinkFlowEdge = Edge<
  { link: TopologyLink; interactive: boolean; crowded: boolean; textPx: number | null },
  "link"
>;
export type ReplicationFlowEdge = Edge<{ lagMs: number; textPx: number | null }, "replication">;

/** Where along a link its button sits (from the client's end), and where a cut is drawn. */
const KNOB_AT = 0.27;
const CUT_AT = 0.62;
const CUT_GAP = 0.035;

/**
 * A link between a client and a service node or storage. Messages in flight ride along it as
 * dots (hollow when the omniscient view knows they will be lost); with reduced motion the dots
 * give way to a count. A partition breaks the line, with a bar across the gap. The button on
 * the link opens its fault menu; where links are too many for a button each to be seen, the
 * buttons show only when focused, and a click anywhere on a link opens its menu.
 */
export function LinkEdge({ sourceX, sourceY, targetX, targetY, data }: EdgeProps<LinkFlowEdge>) {
  const frame = useTopologyFrame();
  if (!data) return null;
  const { link, crowded } = data;
  const openMenu = frame.openMenu;
  const interactive = data.interactive && openMenu !== null;
  const at = (f: number) => ({ x: sourceX + (targetX - sourceX) * f, y: sourceY + (targetY - sourceY) * f });
  const cut = frame.isCut(link.source, link.target);
  const messages = frame.traffic.get(link.id)?.messages ?? [];
  const count = messages.length;
  const open = sameTarget(frame.menuFor, { kind: "link", client: link.source, other: link.target });

  const length = Math.hypot(targetX - sourceX, targetY - sourceY) || 1;
  const normal = { x: -(targetY - sourceY) / length, y: (targetX - sourceX) / length };
  const bar = (f: number) => {
    const p = at(f);
    return `M${p.x - normal.x * 9} ${p.y - normal.y * 9}L${p.x + normal.x * 9} ${p.y + normal.y * 9}`;
  };
  const a = at(CUT_AT - CUT_GAP);
  const b = at(CUT_AT + CUT_GAP);
  const d = cut
    ? `M${sourceX} ${sourceY}L${a.x} ${a.y}M${b.x} ${b.y}L${targetX} ${targetY}`
    : `M${sourceX} ${sourceY}L${targetX} ${targetY}`;
  const knob = at(KNOB_AT);
  const name = `Link ${link.source} – ${link.target}: ${cut ? "cut by a partition; " : ""}${count === 1 ? "1 message" : `${count} messages`} in flight`;

  const openFrom = (trigger: HTMLElement) =>
    openMenu?.({ kind: "link", client: link.source, other: link.target }, trigger);
  return (
    <>
      {interactive && crowded && (
        <path
          d={`M${sourceX} ${sourceY}L${targetX} ${targetY}`}
          fill="none"
          stroke="transparent"
          strokeWidth="10"
          className="cursor-pointer"
          style={{ pointerEvents: "stroke" }}
          onClick={() => {
            // The link's own button opens the menu, so focus returns to it when the menu closes.
            const knob = document.querySelector<HTMLElement>(`[data-link="${CSS.escape(link.id)}"]`);
            if (knob) openFrom(knob);
          }}
        />
      )}
      <path
        d={d}
        fill="none"
        strokeWidth={cut ? 2 : 1.5}
        strokeDasharray={cut ? "5 3" : undefined}
        style={{ stroke: cut ? roleColor.dangerInk : roleColor.inkMuted, opacity: cut ? 1 : 0.55 }}
      />
      {cut && (
        <path
          d={`${bar(CUT_AT - CUT_GAP)}${bar(CUT_AT + CUT_GAP)}`}
          strokeWidth="3"
          strokeLinecap="round"
          style={{ stroke: roleColor.dangerInk }}
        />
      )}
      {!frame.reducedMotion &&
        messages.map((m) => {
          const p = at(m.outbound ? m.progress : 1 - m.progress);
          return (
            <circle
              key={m.key}
              cx={p.x}
              cy={p.y}
              r="4.5"
              strokeWidth="1.5"
              style={{
                fill: m.dropped ? roleColor.page : roleColor.ink,
                stroke: m.dropped ? roleColor.dangerInk : roleColor.page,
              }}
            />
          );
        })}
      {interactive && (
        <EdgeLabelRenderer>
          <button
            type="button"
            data-link={link.id}
            className={`nodrag nopan absolute flex h-6 min-w-6 items-center justify-center rounded-md border bg-page px-1 text-[10px] leading-none font-bold tabular-nums hover:bg-surface ${
              cut ? "border-danger text-danger-ink" : "border-ink-muted text-ink"
            } ${crowded && !open && !(frame.reducedMotion && count > 0) ? "opacity-0 focus-visible:opacity-100" : ""}`}
            style={{ transform: `translate(-50%, -50%) translate(${knob.x}px, ${knob.y}px)`, pointerEvents: "all" }}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-label={name}
            title={name}
            onClick={(event) => openFrom(event.currentTarget)}
          >
            {frame.reducedMotion && count > 0 ? count : <BoltIcon />}
          </button>
        </EdgeLabelRenderer>
      )}
      {!interactive && frame.reducedMotion && count > 0 && (
        <EdgeLabelRenderer>
          <span
            aria-hidden="true"
            className={`absolute flex items-center justify-center rounded-md border border-ink-muted bg-page px-1 leading-none font-bold text-ink tabular-nums ${
              data.textPx ? "h-[1.6em] min-w-[1.6em]" : "h-6 min-w-6 text-[10px]"
            }`}
            style={{
              transform: `translate(-50%, -50%) translate(${knob.x}px, ${knob.y}px)`,
              fontSize: data.textPx ?? undefined,
            }}
          >
            {count}
          </span>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

/** Redis's async replication to its replica: drawn for the picture; the model sends no messages on it. */
export function ReplicationEdge({ sourceX, sourceY, targetX, targetY, data }: EdgeProps<ReplicationFlowEdge>) {
  return (
    <>
      <path
        d={`M${sourceX} ${sourceY}L${targetX} ${targetY}`}
        fill="none"
        strokeWidth="1.5"
        strokeDasharray="2 4"
        style={{ stroke: roleColor.inkMuted }}
      />
      <EdgeLabelRenderer>
        <span
          className={`absolute rounded bg-page px-1 text-ink-muted ${data?.textPx ? "whitespace-nowrap" : "text-[10px]"}`}
          // In the lab, left of the line, over the links' side: to its right the label would run
          // past the picture's edge. A room's is as wide as the cards, in the gap the layout left
          // between them, centred on the line.
          style={{
            transform: `translate(${data?.textPx ? "-50%" : "calc(-100% - 6px)"}, -50%) translate(${sourceX}px, ${(sourceY + targetY) / 2}px)`,
            fontSize: data?.textPx ?? undefined,
          }}
        >
          async replication{data ? `, ${formatDuration(data.lagMs)} lag` : ""}
        </span>
      </EdgeLabelRenderer>
    </>
  );
}

/** A fault's glyph on a link's button: "break something here". */
function BoltIcon() {
  return (
    <svg width="10" height="12" viewBox="0 0 10 12" aria-hidden="true" focusable="false">
      <path d="M6 0L1 7h3l-1 5 5-7H5l1-5z" fill="currentColor" />
    </svg>
  );
}
