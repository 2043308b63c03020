import { useId } from "react";
import { HatchPattern } from "@/components/marks/HatchPattern";
import { WriteMark } from "@/components/marks/WriteMark";
import { clientColor, roleColor } from "@/lib/theme/tokens";

// A hand-placed drawing of the course's central story (the GC pause), in the same visual
// language the lab uses. Times are seconds of true time.
const x = (seconds: number) => 120 + seconds * 26.5;
const lane = { c1: 46, c2: 104, service: 158, storage: 210 };
const c1 = clientColor(1);
const c2 = clientColor(2);
const text = { fill: roleColor.ink };
const muted = { fill: roleColor.inkMuted };

export function HeroDiagram() {
  const id = useId();
  const pauseHatch = `${id}-pause`;
  const dangerHatch = `${id}-danger`;
  const arrow = `${id}-arrow`;

  return (
    <svg viewBox="0 0 680 268" className="h-auto w-full" role="img" aria-labelledby={`${id}-title`} fontSize="13">
      <title id={`${id}-title`}>
        Timeline: c1 takes lease 33, pauses for 12 seconds, and wakes believing it still holds the lock; c2 took
        lease 34 meanwhile and wrote; storage rejects c1&apos;s write because 33 is less than 34.
      </title>
      <defs>
        <HatchPattern id={pauseHatch} color={roleColor.pause} />
        <HatchPattern id={dangerHatch} color={roleColor.danger} />
        <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0 0L10 5L0 10Z" style={{ fill: roleColor.inkMuted }} />
        </marker>
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
      <line x1={x(13)} y1={lane.c2 + 2} x2={x(13.1)} y2={lane.storage - 9} strokeWidth="1.25" markerEnd={`url(#${arrow})`} style={{ stroke: roleColor.inkMuted }} />
      <line x1={x(15.4)} y1={lane.c1 + 15} x2={x(15.6)} y2={lane.storage - 9} strokeWidth="1.25" markerEnd={`url(#${arrow})`} style={{ stroke: roleColor.inkMuted }} />
      <WriteMark x={x(13.1)} y={lane.storage} color={c2} outcome="applied" />
      <text x={x(13.1)} y={lane.storage + 24} textAnchor="middle" style={text}>
        34 ✓
      </text>
      <WriteMark x={x(15.6)} y={lane.storage} color={c1} outcome="rejected" />
      <text x={x(15.6) + 12} y={lane.storage + 24} style={{ fill: roleColor.safeInk }} fontWeight="600">
        33 &lt; 34: rejected
      </text>

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
    </svg>
  );
}
