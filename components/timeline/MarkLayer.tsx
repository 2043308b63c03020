"use client";

import { memo, type KeyboardEvent, type ReactNode } from "react";
import { WriteMark } from "@/components/marks/WriteMark";
import { laneRows } from "@/lib/lab/timeline/layout";
import { upperBound } from "@/lib/lab/timeline/intervals";
import type { FocusMark, GrantMark, ViolationMarkModel, WriteMarkModel } from "@/lib/lab/timeline/model";
import { roleColor } from "@/lib/theme/tokens";
import { selectSetT, selectT } from "@/components/lab/selectors";
import { usePlayback } from "@/components/lab/stores";
import { colorOfProcess } from "./colors";
import { labelWidth, type LayerProps } from "./geometry";

/**
 * The marks a learner can reach with the keyboard: every grant, write and violation the playhead
 * has revealed, each a button named in words ("c1 write with token 33 at 17.0 s: rejected,
 * storage has seen 34") that moves the playhead to its moment.
 */
export function MarkLayer({ model, layout, x, domain, limitT }: LayerProps) {
  const t = usePlayback(selectT);
  const setT = usePlayback(selectSetT);
  const [d0, d1] = domain;
  const revealed = model.marks.slice(0, upperBound(markTimes(model.marks), Math.min(t, limitT)));
  const inView = revealed.filter((m) => m.t >= d0 && m.t <= d1);
  const storage = layout.byId.get("storage");

  return (
    <g>
      {placeMarks(inView, x).map(({ mark, px, labelled }) => {
        if (mark.kind === "write") {
          return storage ? <WriteButton key={mark.key} mark={mark} px={px} rows={laneRows(storage)} labelled={labelled} onActivate={setT} /> : null;
        }
        if (mark.kind === "grant") {
          const box = layout.byId.get(mark.lane);
          return box ? <GrantButton key={mark.key} mark={mark} px={px} rows={laneRows(box)} onActivate={setT} /> : null;
        }
        const endX = mark.endT === null ? null : x(Math.min(mark.endT, t, limitT, d1));
        return <ViolationButton key={mark.key} mark={mark} px={px} endX={endX} top={layout.violationsTop} labelled={labelled} onActivate={setT} />;
      })}
    </g>
  );
}

/** Where each mark goes, and whether its labels fit without running into the previous mark's. */
function placeMarks(marks: FocusMark[], x: LayerProps["x"]) {
  let lastWrite = -Infinity;
  let lastViolation = -Infinity;
  return marks.map((mark) => {
    const px = x(mark.t);
    let labelled = false;
    if (mark.kind === "write" && px - lastWrite > labelWidth(writeLabel(mark)) + 6) {
      labelled = true;
      lastWrite = px;
    } else if (mark.kind === "violation" && px - lastViolation > labelWidth(mark.label) + 18) {
      labelled = true;
      lastViolation = px;
    }
    return { mark, px, labelled };
  });
}

const writeLabel = (mark: WriteMarkModel) => (mark.token === null ? mark.client : `${mark.client} · token ${mark.token}`);

const timesCache = new WeakMap<FocusMark[], number[]>();
function markTimes(marks: FocusMark[]): number[] {
  let times = timesCache.get(marks);
  if (!times) timesCache.set(marks, (times = marks.map((m) => m.t)));
  return times;
}

/** An SVG group that behaves as a button: focusable, named, activated by click, Enter or Space. */
function MarkButton({ name, t, onActivate, ring, children }: { name: string; t: number; onActivate: (t: number) => void; ring: ReactNode; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(t);
    }
  };
  return (
    <g role="button" tabIndex={0} aria-label={name} onClick={() => onActivate(t)} onKeyDown={onKeyDown} className="group cursor-pointer outline-none">
      <title>{name}</title>
      <g className="invisible group-focus-visible:visible" style={{ stroke: "var(--color-focus)" }} strokeWidth="3" fill="none">
        {ring}
      </g>
      {children}
    </g>
  );
}

const WriteButton = memo(function WriteButton({
  mark,
  px,
  rows,
  labelled,
  onActivate,
}: {
  mark: WriteMarkModel;
  px: number;
  rows: ReturnType<typeof laneRows>;
  labelled: boolean;
  onActivate: (t: number) => void;
}) {
  const y = rows.mid;
  const outcome = mark.outcome === "repeat" ? "applied" : mark.outcome;
  const noteStyle = { fill: mark.outcome === "stale-applied" ? roleColor.dangerInk : mark.outcome === "rejected" ? roleColor.safeInk : roleColor.inkMuted };
  return (
    <MarkButton name={mark.name} t={mark.t} onActivate={onActivate} ring={<circle cx={px} cy={y} r="13" />}>
      <WriteMark x={px} y={y} color={colorOfProcess(mark.client)} outcome={outcome} />
      {mark.outcome === "repeat" && <circle cx={px} cy={y} r="2" style={{ fill: roleColor.page }} />}
      {labelled && (
        <>
          <text x={px} y={rows.label} fontSize="11" textAnchor="middle" style={{ fill: roleColor.ink }}>
            {writeLabel(mark)}
          </text>
          <text x={px} y={rows.note} fontSize="11" textAnchor="middle" fontWeight={mark.outcome === "applied" ? 400 : 600} style={noteStyle}>
            {mark.damage ?? mark.note}
          </text>
        </>
      )}
    </MarkButton>
  );
});

const GrantButton = memo(function GrantButton({ mark, px, rows, onActivate }: { mark: GrantMark; px: number; rows: ReturnType<typeof laneRows>; onActivate: (t: number) => void }) {
  const top = rows.barTop - 2;
  const bottom = rows.barTop + rows.barHeight + 2;
  return (
    <MarkButton name={mark.name} t={mark.t} onActivate={onActivate} ring={<rect x={px - 7} y={top - 4} width="16" height={bottom - top + 8} rx="3" />}>
      <path d={`M${px} ${top}L${px + 7} ${(top + bottom) / 2}L${px} ${bottom}Z`} strokeWidth="1.5" style={{ fill: colorOfProcess(mark.client), stroke: roleColor.ink }} />
    </MarkButton>
  );
});

const ViolationButton = memo(function ViolationButton({
  mark,
  px,
  endX,
  top,
  labelled,
  onActivate,
}: {
  mark: ViolationMarkModel;
  px: number;
  endX: number | null;
  top: number;
  labelled: boolean;
  onActivate: (t: number) => void;
}) {
  const y = top + 13;
  return (
    <MarkButton name={mark.name} t={mark.t} onActivate={onActivate} ring={<circle cx={px} cy={y} r="11" />}>
      {endX !== null && endX > px && <line x1={px} x2={endX} y1={y} y2={y} strokeWidth="3" style={{ stroke: roleColor.danger, opacity: 0.6 }} />}
      <path d={`M${px} ${y - 8}L${px + 8} ${y + 6}L${px - 8} ${y + 6}Z`} style={{ fill: roleColor.danger }} />
      <path d={`M${px} ${y - 3}V${y + 1.5}M${px} ${y + 3.5}V${y + 4}`} strokeWidth="1.8" strokeLinecap="round" style={{ stroke: roleColor.page }} />
      {labelled && (
        <text x={px + 11} y={y + 4} fontSize="11" fontWeight="700" style={{ fill: roleColor.dangerInk }}>
          {mark.label}
        </text>
      )}
    </MarkButton>
  );
});
