"use client";

import { memo, useMemo, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { WriteMark } from "@/components/marks/WriteMark";
import { LAB_TEXT_PX, laneRows } from "@/lib/readers/timelineLayout";
import { layoutViolations } from "@/lib/readers/violationLayout";
import { lowerBound, upperBound } from "@/lib/readers/intervals";
import type { FocusMark, GrantMark, WriteMarkModel } from "@/lib/readers/timelineModel";
import { roleColor } from "@/lib/theme/tokens";
import { selectSetT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";
import { processColors } from "./colors";
import { hundredths, labelWidth, type LayerProps } from "./geometry";
import type { MarkTip } from "./MarkTooltip";
import { grantsAndWritesBetween, marksMoment, markTimes } from "./revealedMoments";

/** More grants and writes than this in view are drawn as ticks: zoom in to reach each one. */
const MARK_CAP = 400;

/**
 * The marks a learner can reach with the keyboard: every grant, write and violation the playhead
 * has revealed, each a button named in words ("c1 write with token 33 at 17.0 s: rejected,
 * storage has seen 34") that moves the playhead to its moment. The marks are one stop in the tab
 * order (a roving tabindex): ← and → move between them in time order, Home and End to the first
 * and the last, Enter or Space moves the playhead there.
 */
export function MarkLayer({
  model,
  layout,
  x,
  domain,
  limitT,
  onTip,
}: LayerProps & { onTip?: (tip: MarkTip | null) => void }) {
  const [d0, d1] = domain;
  // Not the playhead: the latest moment passed at which this layer changes, so playing re-renders it only then.
  const until = usePlayback((s) => marksMoment(model.marks, Math.min(s.t, limitT, d1)));
  const setT = usePlayback(selectSetT);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const colorOf = useMemo(() => processColors(model.lanes), [model.lanes]);
  const [plotLeft = 0, plotRight = plotLeft] = x.range();
  const times = markTimes(model.marks);
  // The marks in view that the playhead has revealed: two binary searches, however long the run.
  const inView = model.marks.slice(lowerBound(times, d0), upperBound(times, until));
  const crowded = inView.filter((m) => m.kind !== "violation").length > MARK_CAP;
  // Violations at one moment are one mark, so neither their triangles nor their labels overprint.
  const textPx = layout.textPx;
  const groups = layoutViolations(
    inView.filter((m) => m.kind === "violation"),
    x,
    { left: plotLeft, right: plotRight },
    (label) => labelWidth(label, textPx),
  );
  const groupOf = new Map(groups.map((g) => [g.lead.key, g]));
  const reachable = inView.filter((m) => (m.kind === "violation" ? groupOf.has(m.key) : !crowded));
  const storage = layout.byId.get("storage");
  const tabStop = reachable.some((m) => m.key === activeKey) ? activeKey : (reachable[0]?.key ?? null);

  // One handler for every mark (the event comes from the focused one), so the marks stay memoised.
  const focusedIndex = (target: EventTarget) => {
    const key = target instanceof Element ? target.closest("[data-mark]")?.getAttribute("data-mark") : null;
    return reachable.findIndex((m) => m.key === key);
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const index = focusedIndex(event.target);
    const mark = reachable[index];
    if (!mark) return;
    const target = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: reachable.length - 1,
    }[event.key];
    if (event.key === "Enter" || event.key === " ") setT(mark.t);
    else if (target === undefined) return;
    else {
      const next = reachable[Math.max(0, Math.min(reachable.length - 1, target))];
      if (next) event.currentTarget.querySelector<SVGGElement>(`[data-mark="${next.key}"]`)?.focus();
    }
    event.preventDefault();
  };
  const nameOf = (mark: FocusMark) => groupOf.get(mark.key)?.name ?? mark.name;
  const onFocus = (event: FocusEvent<SVGGElement>) => {
    const mark = reachable[focusedIndex(event.target)];
    if (!mark) return;
    setActiveKey(mark.key);
    if (onTip && event.target instanceof SVGGraphicsElement) {
      const box = event.target.getBBox();
      onTip({ name: nameOf(mark), x: box.x + box.width / 2, top: box.y, bottom: box.y + box.height });
    }
  };

  return (
    <g onKeyDown={onKeyDown} onFocus={onFocus} onBlur={() => onTip?.(null)}>
      {crowded && <MarkTicks marks={inView} x={x} layout={layout} colorOf={colorOf} />}
      {placeWrites(reachable, x, plotLeft, plotRight, textPx).map(({ mark, px, labelX, labelled }) => {
        const focus = { markKey: mark.key, tabbable: mark.key === tabStop, onActivate: setT };
        if (mark.kind === "write") {
          return storage ? (
            <WriteButton
              key={mark.key}
              mark={mark}
              color={colorOf(mark.client)}
              px={px}
              labelX={labelX}
              rows={laneRows(storage, textPx)}
              labelled={labelled}
              textPx={textPx}
              {...focus}
            />
          ) : null;
        }
        if (mark.kind === "grant") {
          const box = layout.byId.get(mark.lane);
          return box ? (
            <GrantButton
              key={mark.key}
              mark={mark}
              color={colorOf(mark.client)}
              px={px}
              rows={laneRows(box, textPx)}
              {...focus}
            />
          ) : null;
        }
        const group = groupOf.get(mark.key)!;
        const spans = group.members.flatMap((m) =>
          m.endT === null ? [] : [{ from: x(m.t), to: x(Math.min(m.endT, until)) }],
        );
        return (
          <ViolationButton
            key={mark.key}
            t={mark.t}
            name={group.name}
            label={group.label}
            px={group.px}
            labelX={group.labelX}
            spans={spans}
            top={layout.violationsTop}
            textPx={textPx}
            {...focus}
          />
        );
      })}
    </g>
  );
}

/** How many grants and writes are in view when there are too many to reach one by one; 0 otherwise. */
export function marksOverCap(
  { model, domain, limitT }: Pick<LayerProps, "model" | "domain" | "limitT">,
  t: number,
): number {
  const n = grantsAndWritesBetween(model.marks, domain[0], Math.min(t, limitT, domain[1]));
  return n > MARK_CAP ? n : 0;
}

const writeLabel = (mark: WriteMarkModel) =>
  mark.token === null ? mark.client : `${mark.client} · token ${mark.token}`;

/** The writes whose captions carry the story come first when there is room for only some: a stale write, fenced or not. */
const CAPTION_PRIORITY: Record<WriteMarkModel["outcome"], number> = {
  rejected: 0,
  "stale-applied": 0,
  overwrote: 0,
  applied: 1,
  repeat: 2,
};

/**
 * Where each mark goes, and whether a write's captions fit without running into another write's;
 * a caption near an edge of the plot is moved inwards so it is never cut off. Where captions would
 * collide (a narrow timeline, a phone), those of stale writes (the "1 < 2" a lesson is about) are
 * placed first, then the others where room is left. Violations are placed by layoutViolations.
 */
function placeWrites(marks: FocusMark[], x: LayerProps["x"], plotLeft: number, plotRight: number, textPx: number) {
  const placed = marks.map((mark) => {
    const px = x(mark.t);
    if (mark.kind !== "write") return { mark, px, labelX: px, labelled: false, half: 0 };
    const half = Math.max(labelWidth(writeLabel(mark), textPx), labelWidth(mark.damage ?? mark.note, textPx)) / 2;
    return { mark, px, labelX: Math.min(plotRight - half, Math.max(plotLeft + half, px)), labelled: false, half };
  });
  const taken: [number, number][] = [];
  const writes = placed.filter((p) => p.mark.kind === "write");
  const priority = (p: (typeof placed)[number]) => CAPTION_PRIORITY[(p.mark as WriteMarkModel).outcome];
  for (const write of writes.sort((a, b) => priority(a) - priority(b) || a.px - b.px)) {
    const [left, right] = [write.labelX - write.half - 3, write.labelX + write.half + 3];
    if (taken.some(([l, r]) => left < r && right > l)) continue;
    write.labelled = true;
    taken.push([left, right]);
  }
  return placed.map(({ mark, px, labelX, labelled }) => ({ mark, px, labelX, labelled }));
}

/**
 * Grants and writes too dense to draw one by one: a tick each, in its client's colour, and at most
 * one per pixel column on a lane, so the cost stays bounded by the width, not by the run. The
 * ticks of one client and outcome are one path: a 64-client run's writes were 1,500 lines.
 */
function MarkTicks({
  marks,
  x,
  layout,
  colorOf,
}: {
  marks: FocusMark[];
  x: LayerProps["x"];
  layout: LayerProps["layout"];
  colorOf: (id: string) => string;
}) {
  const drawn = new Set<string>();
  const paths = new Map<string, { client: string; rejected: boolean; d: string[] }>();
  for (const mark of marks) {
    if (mark.kind === "violation") continue;
    const lane = mark.kind === "write" ? "storage" : mark.lane;
    const box = layout.byId.get(lane);
    const px = x(mark.t);
    const column = `${lane}/${Math.round(px)}`;
    if (!box || drawn.has(column)) continue;
    drawn.add(column);
    const rows = laneRows(box, layout.textPx);
    const rejected = mark.kind === "write" && mark.outcome === "rejected";
    const key = `${mark.client}/${rejected}`;
    let path = paths.get(key);
    if (!path) paths.set(key, (path = { client: mark.client, rejected, d: [] }));
    const [y1, y2] =
      mark.kind === "write" ? [rows.mid - 7, rows.mid + 7] : [rows.barTop - 2, rows.barTop + rows.barHeight + 2];
    path.d.push(`M${hundredths(px)} ${y1}V${y2}`);
  }
  return (
    <g aria-hidden="true" strokeWidth="1.5" fill="none">
      {[...paths].map(([key, { client, rejected, d }]) => (
        <path
          key={key}
          d={d.join("")}
          strokeDasharray={rejected ? "2 2" : undefined}
          style={{ stroke: colorOf(client) }}
        />
      ))}
    </g>
  );
}

interface FocusProps {
  markKey: string;
  tabbable: boolean;
  onActivate: (t: number) => void;
}

/** An SVG group that behaves as a button: named, reached by the roving tabindex, activated by click, Enter or Space. */
function MarkButton({
  name,
  t,
  markKey,
  tabbable,
  onActivate,
  ring,
  children,
}: FocusProps & { name: string; t: number; ring: ReactNode; children: ReactNode }) {
  return (
    <g
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={name}
      data-mark={markKey}
      onClick={() => onActivate(t)}
      className="group cursor-pointer outline-none"
    >
      <title>{name}</title>
      <g
        className="invisible group-focus-visible:visible"
        style={{ stroke: "var(--color-focus)" }}
        strokeWidth="3"
        fill="none"
      >
        {ring}
      </g>
      {children}
    </g>
  );
}

const WriteButton = memo(function WriteButton({
  mark,
  color,
  px,
  labelX,
  rows,
  labelled,
  textPx,
  ...focus
}: FocusProps & {
  mark: WriteMarkModel;
  color: string;
  px: number;
  labelX: number;
  rows: ReturnType<typeof laneRows>;
  labelled: boolean;
  textPx: number;
}) {
  const y = rows.mid;
  const outcome = mark.outcome === "repeat" ? "applied" : mark.outcome;
  const noteStyle = {
    fill:
      mark.outcome === "stale-applied" || mark.outcome === "overwrote"
        ? roleColor.dangerInk
        : mark.outcome === "rejected"
          ? roleColor.safeInk
          : roleColor.inkMuted,
  };
  return (
    <>
      <MarkButton name={mark.name} t={mark.t} ring={<circle cx={px} cy={y} r="13" />} {...focus}>
        <WriteMark x={px} y={y} color={color} outcome={outcome} />
        {mark.outcome === "repeat" && <circle cx={px} cy={y} r="2" style={{ fill: roleColor.page }} />}
      </MarkButton>
      {/* The caption is the write's data, drawn where there is room, not the button's label: kept
          outside the button, whose name is the whole sentence (WCAG 2.5.3 asks a label's words to be in the name). */}
      {labelled && (
        <g aria-hidden="true" pointerEvents="none">
          <text x={labelX} y={rows.label} fontSize={textPx} textAnchor="middle" style={{ fill: roleColor.ink }}>
            {writeLabel(mark)}
          </text>
          <text
            x={labelX}
            y={rows.note}
            fontSize={textPx}
            textAnchor="middle"
            fontWeight={mark.outcome === "applied" ? 400 : 600}
            style={noteStyle}
          >
            {mark.damage ?? mark.note}
          </text>
        </g>
      )}
    </>
  );
});

const GrantButton = memo(function GrantButton({
  mark,
  color,
  px,
  rows,
  ...focus
}: FocusProps & { mark: GrantMark; color: string; px: number; rows: ReturnType<typeof laneRows> }) {
  const top = rows.barTop - 2;
  const bottom = rows.barTop + rows.barHeight + 2;
  return (
    <MarkButton
      name={mark.name}
      t={mark.t}
      ring={<rect x={px - 7} y={top - 4} width="16" height={bottom - top + 8} rx="3" />}
      {...focus}
    >
      <path
        d={`M${px} ${top}L${px + 7} ${(top + bottom) / 2}L${px} ${bottom}Z`}
        strokeWidth="1.5"
        style={{ fill: color, stroke: roleColor.ink }}
      />
    </MarkButton>
  );
});

const ViolationButton = memo(function ViolationButton({
  t,
  name,
  label,
  px,
  labelX,
  spans,
  top,
  textPx,
  ...focus
}: FocusProps & {
  t: number;
  name: string;
  label: string;
  px: number;
  labelX: number | null;
  spans: { from: number; to: number }[];
  top: number;
  textPx: number;
}) {
  // The mark sits in the middle of the strip, which is as much taller as the text is larger.
  const y = top + 13 + Math.max(0, textPx - LAB_TEXT_PX) / 2;
  return (
    <MarkButton name={name} t={t} ring={<circle cx={px} cy={y} r="11" />} {...focus}>
      {spans.map(
        (s, i) =>
          s.to > s.from && (
            <line
              key={i}
              x1={s.from}
              x2={s.to}
              y1={y + 9}
              y2={y + 9}
              strokeWidth="3"
              style={{ stroke: roleColor.danger, opacity: 0.6 }}
            />
          ),
      )}
      <path d={`M${px} ${y - 8}L${px + 8} ${y + 6}L${px - 8} ${y + 6}Z`} style={{ fill: roleColor.danger }} />
      <path
        d={`M${px} ${y - 3}V${y + 1.5}M${px} ${y + 3.5}V${y + 4}`}
        strokeWidth="1.8"
        strokeLinecap="round"
        style={{ stroke: roleColor.page }}
      />
      {labelX !== null && (
        <text x={labelX} y={y + textPx * 0.36} fontSize={textPx} fontWeight="700" style={{ fill: roleColor.dangerInk }}>
          {label}
        </text>
      )}
    </MarkButton>
  );
});
