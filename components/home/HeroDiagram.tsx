import { useId } from "react";
import { HatchPattern } from "@/components/marks/HatchPattern";
import { WriteMark } from "@/components/marks/WriteMark";
import { clientColor, roleColor } from "@/lib/theme/tokens";

// A hand-placed drawing of the course's central story (the GC pause), in the same visual
// language the lab uses. Times are seconds of true time.

/**
 * The drawing's two shapes: wide, and compact for a phone, where the wide one would shrink its
 * text to 6 px. The compact one is narrower in time, so its text stays 11 px or more on a 390 px
 * screen, and the rejection's caption takes a line of its own.
 */
const LAYOUTS = {
  wide: { width: 680, x: (seconds: number) => 120 + seconds * 26.5, fontSize: 13, axisFontSize: 11, axisY: 250 },
  compact: { width: 400, x: (seconds: number) => 100 + seconds * 14.8, fontSize: 14, axisFontSize: 14, axisY: 268 },
} as const;

/** The drawing's span of true time, in seconds. */
export const HERO_END_S = 20;

/**
 * The drawing's moments, in its own times: where a reduced-motion play stops, and what the caption
 * says once the playhead has passed each. They describe this drawing, not a simulated run.
 */
export const heroMoments: readonly [{ t: number; words: string }, ...{ t: number; words: string }[]] = [
  { t: 0, words: "The run starts: c1 and c2 both want the lock." },
  { t: 1, words: "c1 takes lease 33, with a TTL of 10 s." },
  { t: 3, words: "A 12 s garbage-collection pause freezes c1." },
  { t: 11, words: "Lease 33 runs out, but frozen c1 still believes it holds the lock." },
  { t: 11.3, words: "c2 takes the lock with token 34." },
  { t: 13.1, words: "c2 writes with token 34, and storage accepts it." },
  { t: 15, words: "c1 wakes up, still believing it holds the lock." },
  { t: 15.6, words: "c1 writes with token 33; storage has seen 34 and rejects it." },
  { t: HERO_END_S, words: "Nothing else happens: checking the token kept the stale write out." },
];
const lane = { c1: 46, c2: 104, service: 158, storage: 210 };
const c1 = clientColor(1);
const c2 = clientColor(2);
const text = { fill: roleColor.ink };
const muted = { fill: roleColor.inkMuted };

/**
 * The drawing with its run shown up to `t` seconds, behind a playhead; null draws all of it, still.
 */
export function HeroDiagram({ t = null, compact = false }: { t?: number | null; compact?: boolean }) {
  const id = useId();
  const { width, x, fontSize, axisFontSize, axisY } = LAYOUTS[compact ? "compact" : "wide"];
  const height = axisY + (compact ? 20 : 18);
  const pauseHatch = `${id}-pause`;
  const dangerHatch = `${id}-danger`;
  const arrow = `${id}-arrow`;
  const shown = `${id}-shown`;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={`${id}-title`}
      fontSize={fontSize}
    >
      <title id={`${id}-title`}>
        Timeline: c1 takes lease 33, pauses for 12 seconds, and wakes believing it still holds the lock; c2 took lease
        34 meanwhile and wrote; storage rejects c1&apos;s write because 33 is less than 34.
      </title>
      <defs>
        <HatchPattern id={pauseHatch} color={roleColor.pause} />
        <HatchPattern id={dangerHatch} color={roleColor.danger} />
        <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0 0L10 5L0 10Z" style={{ fill: roleColor.inkMuted }} />
        </marker>
        {t !== null && (
          <clipPath id={shown}>
            <rect x="0" y="0" width={x(t)} height={axisY - 6} />
          </clipPath>
        )}
      </defs>

      {/* lanes */}
      {(
        [
          ["c1", lane.c1],
          ["c2", lane.c2],
          ["lock service", lane.service],
          ["storage", lane.storage],
        ] as const
      ).map(([label, y]) => (
        <g key={label}>
          <line x1={x(0)} x2={x(20)} y1={y} y2={y} strokeWidth="1" style={{ stroke: roleColor.line }} />
          <text x={compact ? 4 : 12} y={y + 4} fontWeight="600" style={text}>
            {label}
          </text>
        </g>
      ))}

      <g clipPath={t === null ? undefined : `url(#${shown})`}>
        {/* c1: belief, the overhang past its real lease, and the pause under it */}
        <text x={x(1)} y={lane.c1 - 16} style={text}>
          token 33
        </text>
        <rect x={x(1)} y={lane.c1 - 11} width={x(11) - x(1)} height="11" rx="2" style={{ fill: c1 }} />
        <rect
          x={x(11)}
          y={lane.c1 - 11}
          width={x(15.4) - x(11)}
          height="11"
          strokeWidth="1.5"
          style={{ fill: `url(#${dangerHatch})`, stroke: roleColor.danger }}
        />
        <text x={x(11.1)} y={lane.c1 - 16} fontWeight="600" style={{ fill: roleColor.dangerInk }}>
          still believes
        </text>
        <rect x={x(3)} y={lane.c1 + 3} width={x(15) - x(3)} height="10" style={{ fill: `url(#${pauseHatch})` }} />
        <text x={x(3)} y={lane.c1 + 28} style={muted}>
          GC pause 12 s
        </text>

        {/* c2 takes over once the service lets lease 33 go */}
        <text x={x(11.3)} y={lane.c2 - 16} style={text}>
          token 34
        </text>
        <rect x={x(11.3)} y={lane.c2 - 11} width={x(14.4) - x(11.3)} height="11" rx="2" style={{ fill: c2 }} />

        {/* the leases as the service enforces them */}
        <rect
          x={x(1)}
          y={lane.service - 11}
          width={x(11) - x(1)}
          height="11"
          rx="2"
          fill="none"
          strokeWidth="2"
          style={{ stroke: c1 }}
        />
        <text x={x(1)} y={lane.service + 20} style={muted}>
          lease 33, TTL 10 s
        </text>
        <rect
          x={x(11.3)}
          y={lane.service - 11}
          width={x(14.4) - x(11.3)}
          height="11"
          rx="2"
          fill="none"
          strokeWidth="2"
          style={{ stroke: c2 }}
        />
        <text x={x(11.3)} y={lane.service + 20} style={muted}>
          lease 34
        </text>

        {/* writes travel to storage */}
        <line
          x1={x(13)}
          y1={lane.c2 + 2}
          x2={x(13.1)}
          y2={lane.storage - 9}
          strokeWidth="1.25"
          markerEnd={`url(#${arrow})`}
          style={{ stroke: roleColor.inkMuted }}
        />
        <line
          x1={x(15.4)}
          y1={lane.c1 + 15}
          x2={x(15.6)}
          y2={lane.storage - 9}
          strokeWidth="1.25"
          markerEnd={`url(#${arrow})`}
          style={{ stroke: roleColor.inkMuted }}
        />
        <WriteMark x={x(13.1)} y={lane.storage} color={c2} outcome="applied" />
        <text x={x(13.1)} y={lane.storage + 24} textAnchor="middle" style={text}>
          34 ✓
        </text>
        <WriteMark x={x(15.6)} y={lane.storage} color={c1} outcome="rejected" />
        <text
          x={compact ? x(HERO_END_S) : x(15.6) + 12}
          y={lane.storage + (compact ? 42 : 24)}
          textAnchor={compact ? "end" : "start"}
          style={{ fill: roleColor.safeInk }}
          fontWeight="600"
        >
          33 &lt; 34: rejected
        </text>
      </g>

      {/* true time axis */}
      <text x={compact ? 4 : 12} y={axisY + 16} fontSize={axisFontSize} style={muted}>
        true time
      </text>
      <line x1={x(0)} x2={x(20)} y1={axisY} y2={axisY} strokeWidth="1" style={{ stroke: roleColor.inkMuted }} />
      {[0, 5, 10, 15, 20].map((s) => (
        <g key={s}>
          <line x1={x(s)} x2={x(s)} y1={axisY - 4} y2={axisY + 4} style={{ stroke: roleColor.inkMuted }} />
          <text
            x={x(s)}
            y={axisY + 16}
            textAnchor={compact && s === HERO_END_S ? "end" : "middle"}
            fontSize={axisFontSize}
            style={muted}
          >
            {s} s
          </text>
        </g>
      ))}

      {t !== null && (
        <line x1={x(t)} x2={x(t)} y1="20" y2={axisY + 2} strokeWidth="2" style={{ stroke: roleColor.ink }} />
      )}
    </svg>
  );
}
