import { useId } from "react";
import { HatchPattern } from "@/components/marks/HatchPattern";
import { WriteMark } from "@/components/marks/WriteMark";
import { clientColor, roleColor } from "@/lib/theme/tokens";

// A hand-placed drawing of the course's central story (the GC pause), in the same visual
// language the lab uses. Times are seconds of true time.
const x = (seconds: number) => 120 + seconds * 26.5;

/** The drawing's span of true time, in seconds. */
export const HERO_END_S = 20;

/**
 * The drawing's moments, in its own times: where a reduced-motion play stops, and what the caption
 * says once the playhead has passed each. They describe this drawing, not a simulated run.
 */
export const heroMoments: readonly { t: number; words: string }[] = [
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
export function HeroDiagram({ t = null }: { t?: number | null }) {
  const id = useId();
  const pauseHatch = `${id}-pause`;
  const dangerHatch = `${id}-danger`;
  const arrow = `${id}-arrow`;
  const shown = `${id}-shown`;

  return (
    <svg viewBox="0 0 680 268" className="h-auto w-full" role="img" aria-labelledby={`${id}-title`} fontSize="13">
      <title id={`${id}-title`}>
        Timeline: c1 takes lease 33, pauses for 12 seconds, and wakes believing it still holds the lock; c2 took lease 34 meanwhile and wrote; storage rejects
        c1&apos;s write because 33 is less than 34.
      </title>
      <defs>
        <HatchPattern id={pauseHatch} color={roleColor.pause} />
        <HatchPattern id={dangerHatch} color={roleColor.danger} />
        <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0 0L10 5L0 10Z" style={{ fill: roleColor.inkMuted }} />
        </marker>
        {t !== null && (
          <clipPath id={shown}>
            <rect x="0" y="0" width={x(t)} height="244" />
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
          <text x="12" y={y + 4} fontWeight="600" style={text}>
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
        <rect x={x(1)} y={lane.service - 11} width={x(11) - x(1)} height="11" rx="2" fill="none" strokeWidth="2" style={{ stroke: c1 }} />
        <text x={x(1)} y={lane.service + 20} style={muted}>
          lease 33, TTL 10 s
        </text>
        <rect x={x(11.3)} y={lane.service - 11} width={x(14.4) - x(11.3)} height="11" rx="2" fill="none" strokeWidth="2" style={{ stroke: c2 }} />
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
        <text x={x(15.6) + 12} y={lane.storage + 24} style={{ fill: roleColor.safeInk }} fontWeight="600">
          33 &lt; 34: rejected
        </text>
      </g>

      {/* true time axis */}
      <text x="12" y="266" fontSize="11" style={muted}>
        true time
      </text>
      <line x1={x(0)} x2={x(20)} y1="250" y2="250" strokeWidth="1" style={{ stroke: roleColor.inkMuted }} />
      {[0, 5, 10, 15, 20].map((s) => (
        <g key={s}>
          <line x1={x(s)} x2={x(s)} y1="246" y2="254" style={{ stroke: roleColor.inkMuted }} />
          <text x={x(s)} y="266" textAnchor="middle" fontSize="11" style={muted}>
            {s} s
          </text>
        </g>
      ))}

      {t !== null && <line x1={x(t)} x2={x(t)} y1="20" y2="252" strokeWidth="2" style={{ stroke: roleColor.ink }} />}
    </svg>
  );
}
