import { memo, type ReactNode } from "react";
import type { Span } from "@/lib/sim/spans";
import { laneRows } from "@/lib/readers/timelineLayout";
import { formatSessionDoubt } from "@/lib/sim/format";
import { pauseLabel } from "@/lib/readers/phrases";
import { roleColor } from "@/lib/theme/tokens";
import { laneColor, processColors } from "./colors";
import { hundredths, labelWidth, rectPath, type LayerProps } from "./geometry";
import { HeldDensity } from "./HeldDensity";
import { WholeLabel } from "./Playhead";
import { ConcurrentBracket } from "@/components/marks/ConcurrentBracket";

const text = { fill: roleColor.ink };
const muted = { fill: roleColor.inkMuted };

/**
 * The intervals of the run: beliefs (solid, with the token), leases as the service enforces them
 * (outlined), belief past the real lease (danger hatch), pauses (grey hatch, labelled), work,
 * waiting, down time, partitions, a session in doubt (dotted outline, labelled), lock-delay,
 * overlap bands across the clients involved, and dotted brackets where clients worked at once
 * while some of them no longer believed they held the lock.
 * Decorative: the focusable marks and the story carry the same facts in words.
 */
export const SpanLayer = memo(function SpanLayer({
  model,
  layout,
  x,
  domain,
  limitT,
  patterns,
}: LayerProps & { patterns: { pause: string; danger: string; delay: string } }) {
  const [d0, d1] = domain;
  const until = Math.min(d1, limitT);
  const spans = model.spans.query(d0, until);
  const colorOf = processColors(model.lanes);
  const overhangs = model.overhangs.query(d0, until);
  const clip = (t: number) => x(Math.max(d0 - 1, Math.min(t, until)));
  const items: ReactNode[] = [];

  for (const band of model.overlaps) {
    if (band.endT < d0 || band.startT > until) continue;
    const x0 = clip(band.startT);
    const x1 = clip(band.endT);
    for (const client of band.clients) {
      const box = layout.byId.get(client);
      if (!box) continue;
      items.push(
        <g key={`overlap-${client}-${band.startT}`}>
          <rect
            x={x0}
            y={box.top + 1}
            width={Math.max(1, x1 - x0)}
            height={box.height - 2}
            style={{ fill: roleColor.danger, opacity: 0.16 }}
          />
          <rect
            x={x0}
            y={box.top + 1}
            width={Math.max(1, x1 - x0)}
            height={box.height - 2}
            fill="none"
            strokeDasharray="4 3"
            style={{ stroke: roleColor.danger }}
          />
        </g>,
      );
    }
  }

  for (const band of model.concurrents) {
    if (band.endT < d0 || band.startT > until) continue;
    const x0 = clip(band.startT);
    const x1 = clip(band.endT);
    for (const client of band.clients) {
      const box = layout.byId.get(client);
      if (!box) continue;
      items.push(
        <ConcurrentBracket
          key={`concurrent-${client}-${band.startT}`}
          x0={x0}
          x1={x1}
          top={box.top + 2}
          bottom={box.top + box.height - 2}
        />,
      );
    }
  }

  const crowded = spans.length > COALESCE_ABOVE;
  // Crowded, holding is drawn as density (its share of time); the rest by pixel column, and the
  // work and waiting of each lane as one path apiece: a 64-client run's work alone was thousands
  // of rectangles, 1 MB of a lesson's HTML and as many nodes to style, lay out and hydrate.
  if (crowded) items.push(<HeldDensity key="held-density" spans={spans} layout={layout} x={x} d0={d0} until={until} />);
  const strokes = new Map<string, { kind: "working" | "waiting"; color: string; d: string[] }>();
  (crowded
    ? coalesce(
        spans.filter((s) => s.kind !== "belief" && s.kind !== "lease"),
        x,
        d0,
        until,
      )
    : spans
  ).forEach((span, i) => {
    const box = layout.byId.get(span.lane);
    if (!box) return;
    const rows = laneRows(box, layout.textPx);
    const x0 = clip(span.startT);
    const x1 = clip(span.endT);
    const w = Math.max(1, x1 - x0);
    if (crowded && (span.kind === "working" || span.kind === "waiting")) {
      const key = `${span.kind}-${span.lane}`;
      let path = strokes.get(key);
      if (!path) strokes.set(key, (path = { kind: span.kind, color: laneColor(box.lane), d: [] }));
      path.d.push(
        span.kind === "working"
          ? rectPath(x0, rows.workTop, w, 4)
          : `M${hundredths(x0)} ${rows.barTop + rows.barHeight / 2}h${hundredths(w)}`,
      );
      return;
    }
    const key = `${span.kind}-${span.lane}-${span.startT}-${i}`;
    items.push(
      <SpanShape
        key={key}
        span={span}
        color={laneColor(box.lane)}
        holderColor={span.kind === "lease" ? colorOf(span.client) : laneColor(box.lane)}
        x0={x0}
        w={w}
        rows={rows}
        boxTop={box.top}
        boxHeight={box.height}
        patterns={patterns}
        labels={!crowded}
        beliefTokens={model.beliefTokens}
        textPx={layout.textPx}
      />,
    );
  });

  for (const [key, { kind, color, d }] of strokes)
    items.push(
      kind === "working" ? (
        <path key={key} d={d.join("")} style={{ fill: roleColor.inkMuted, opacity: 0.55 }} />
      ) : (
        <path
          key={key}
          d={d.join("")}
          fill="none"
          strokeWidth="2"
          strokeDasharray="1 4"
          strokeLinecap="round"
          style={{ stroke: color }}
        />
      ),
    );

  overhangs.forEach((o, i) => {
    const box = layout.byId.get(o.lane);
    if (!box) return;
    const rows = laneRows(box, layout.textPx);
    const x0 = clip(o.startT);
    const w = Math.max(1, clip(o.endT) - x0);
    items.push(
      <rect
        key={`overhang-${o.lane}-${i}`}
        x={x0}
        y={rows.barTop}
        width={w}
        height={rows.barHeight}
        strokeWidth="1.5"
        style={{ fill: `url(#${patterns.danger})`, stroke: roleColor.danger }}
      />,
    );
  });

  return <g>{items}</g>;
});

/** Beyond this many spans in view, they are drawn by pixel column instead of one by one. */
const COALESCE_ABOVE = 1500;

/** Whether the view has too many spans to draw one by one (holding is then drawn as density). */
export function spansCrowded({ model, domain, limitT }: Pick<LayerProps, "model" | "domain" | "limitT">): boolean {
  return model.spans.query(domain[0], Math.min(domain[1], limitT)).length > COALESCE_ABOVE;
}

/**
 * Spans too many to draw one by one, drawn by pixel column: for each lane and kind (and, for
 * leases, client), the columns any span covers become runs, one shape per run. At that zoom the
 * spans would be indistinguishable anyway; this keeps the diagram's cost bounded by its width
 * times its lanes, however long the run. Runs carry no labels.
 */
function coalesce(spans: Span[], x: LayerProps["x"], d0: number, until: number): Span[] {
  const [left = 0, right = left] = x.range();
  const columns = Math.max(1, Math.ceil(right - left) + 1);
  const covered = new Map<string, { span: Span; cols: Uint8Array }>();
  for (const span of spans) {
    const key = `${span.kind}/${span.lane}/${span.kind === "lease" ? span.client : ""}`;
    let entry = covered.get(key);
    if (!entry) covered.set(key, (entry = { span, cols: new Uint8Array(columns) }));
    const from = Math.max(0, Math.floor(x(Math.max(span.startT, d0)) - left));
    const to = Math.min(columns - 1, Math.ceil(x(Math.min(span.endT, until)) - left));
    entry.cols.fill(1, from, to + 1);
  }
  const out: Span[] = [];
  for (const { span, cols } of covered.values()) {
    for (let c = 0; c < columns; c++) {
      if (!cols[c]) continue;
      const start = c;
      while (c + 1 < columns && cols[c + 1]) c++;
      out.push({ ...span, startT: x.invert(left + start), endT: x.invert(left + c + 1) } as Span);
    }
  }
  return out;
}

function SpanShape({
  span,
  color,
  holderColor,
  x0,
  w,
  rows,
  boxTop,
  boxHeight,
  patterns,
  labels,
  beliefTokens,
  textPx,
}: {
  span: Span;
  /** The colour of the span's lane. */
  color: string;
  /** The colour of a lease's holder (on a service's lane). */
  holderColor: string;
  x0: number;
  w: number;
  rows: ReturnType<typeof laneRows>;
  boxTop: number;
  boxHeight: number;
  patterns: { pause: string; danger: string; delay: string };
  /** Labels are left out when spans are merged (too many in view). */
  labels: boolean;
  /** Whether any belief in the run has a token: a run with none (before tokens are taught) says nothing of them. */
  beliefTokens: boolean;
  textPx: number;
}) {
  switch (span.kind) {
    case "belief": {
      const label =
        span.grant === null ? "no lock" : span.token !== null ? `token ${span.token}` : beliefTokens ? "no token" : "";
      if (!labels) return <rect x={x0} y={rows.barTop} width={w} height={rows.barHeight} style={{ fill: color }} />;
      return (
        <g>
          <rect x={x0} y={rows.barTop} width={w} height={rows.barHeight} rx="2" style={{ fill: color }} />
          {label && labels && w > labelWidth(label, textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth(label, textPx)}>
              <text x={x0 + 2} y={rows.label} fontSize={textPx} style={text}>
                {label}
              </text>
            </WholeLabel>
          )}
        </g>
      );
    }
    case "lease": {
      const label = span.token === null ? span.client : `${span.client} · token ${span.token}`;
      if (!labels)
        return (
          <rect
            x={x0}
            y={rows.barTop}
            width={w}
            height={rows.barHeight}
            fill="none"
            strokeWidth="2"
            style={{ stroke: holderColor }}
          />
        );
      return (
        <g>
          <rect
            x={x0}
            y={rows.barTop}
            width={w}
            height={rows.barHeight}
            rx="2"
            fill="none"
            strokeWidth="2"
            style={{ stroke: holderColor }}
          />
          {labels && w > labelWidth(label, textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth(label, textPx)}>
              <text x={x0 + 2} y={rows.label} fontSize={textPx} style={text}>
                {label}
              </text>
            </WholeLabel>
          )}
        </g>
      );
    }
    case "paused": {
      const label = pauseLabel(span.cause, span.endT - span.startT);
      return (
        <g>
          <rect
            x={x0}
            y={rows.pauseTop}
            width={w}
            height={rows.pauseHeight}
            strokeWidth="1"
            style={{ fill: `url(#${patterns.pause})`, stroke: roleColor.pause }}
          />
          {labels && w > labelWidth(label, textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth(label, textPx)}>
              <text x={x0 + 2} y={rows.note} fontSize={textPx} fontWeight="600" style={muted}>
                {label}
              </text>
            </WholeLabel>
          )}
        </g>
      );
    }
    case "working":
      return (
        <rect x={x0} y={rows.workTop} width={w} height="4" rx="1" style={{ fill: roleColor.inkMuted, opacity: 0.55 }} />
      );
    case "waiting":
      return (
        <line
          x1={x0}
          x2={x0 + w}
          y1={rows.barTop + rows.barHeight / 2}
          y2={rows.barTop + rows.barHeight / 2}
          strokeWidth="2"
          strokeDasharray="1 4"
          strokeLinecap="round"
          style={{ stroke: color }}
        />
      );
    case "down":
      return (
        <g>
          <rect
            x={x0}
            y={boxTop + 1}
            width={w}
            height={boxHeight - 2}
            style={{ fill: roleColor.pause, opacity: 0.22 }}
          />
          <line
            x1={x0}
            x2={x0 + w}
            y1={rows.mid}
            y2={rows.mid}
            strokeDasharray="3 3"
            style={{ stroke: roleColor.pause }}
          />
        </g>
      );
    case "partitioned":
      return (
        <g>
          <line
            x1={x0}
            x2={x0 + w}
            y1={rows.note - textPx - 1}
            y2={rows.note - textPx - 1}
            strokeWidth="2"
            strokeDasharray="8 4"
            style={{ stroke: roleColor.inkMuted }}
          />
          {labels && w > labelWidth("cut off", textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth("cut off", textPx)}>
              <text x={x0 + 2} y={rows.note} fontSize={textPx} style={muted}>
                cut off
              </text>
            </WholeLabel>
          )}
        </g>
      );
    case "session-in-doubt": {
      const label = formatSessionDoubt(span.state);
      return (
        <g>
          <rect
            x={x0}
            y={rows.barTop - 1}
            width={w}
            height={rows.barHeight + 2}
            rx="2"
            fill="none"
            strokeWidth="1.5"
            strokeDasharray="2 3"
            style={{ stroke: roleColor.inkMuted }}
          />
          {labels && w > labelWidth(label, textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth(label, textPx)}>
              <text x={x0 + 2} y={rows.label} fontSize={textPx} style={muted}>
                {label}
              </text>
            </WholeLabel>
          )}
        </g>
      );
    }
    case "lock-delay":
      return (
        <g>
          <rect
            x={x0}
            y={rows.barTop}
            width={w}
            height={rows.barHeight}
            style={{ fill: `url(#${patterns.delay})`, stroke: roleColor.lockService }}
          />
          {labels && w > labelWidth("lock-delay", textPx) && (
            <WholeLabel right={x0 + 2 + labelWidth("lock-delay", textPx)}>
              <text x={x0 + 2} y={rows.label} fontSize={textPx} style={muted}>
                lock-delay
              </text>
            </WholeLabel>
          )}
        </g>
      );
    default:
      return null;
  }
}
