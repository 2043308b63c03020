import { useId, type ReactNode } from "react";
import { HatchPattern } from "@/components/marks/HatchPattern";
import { WriteMark } from "@/components/marks/WriteMark";
import { clientColor, roleColor } from "@/lib/theme/tokens";
import { ConcurrentBracket } from "@/components/marks/ConcurrentBracket";

const c1 = clientColor(1);

/** A one-line key to the timeline's shapes, in the same visual language as the full legend. */
export function TimelineKey() {
  const id = useId();
  const entries: { label: string; swatch: ReactNode }[] = [
    {
      label: "believes it holds the lock",
      swatch: <rect x="2" y="5" width="26" height="8" rx="2" style={{ fill: c1 }} />,
    },
    {
      label: "lease on the service",
      swatch: <rect x="3" y="5" width="24" height="8" rx="2" fill="none" strokeWidth="2" style={{ stroke: c1 }} />,
    },
    {
      label: "belief past the lease",
      swatch: (
        <rect
          x="2"
          y="5"
          width="26"
          height="8"
          strokeWidth="1.5"
          style={{ fill: `url(#${id}-danger)`, stroke: roleColor.danger }}
        />
      ),
    },
    { label: "pause", swatch: <rect x="2" y="3" width="26" height="12" style={{ fill: `url(#${id}-pause)` }} /> },
    {
      label: "work",
      swatch: <rect x="2" y="7" width="26" height="4" rx="1" style={{ fill: roleColor.inkMuted, opacity: 0.55 }} />,
    },
    {
      label: "waiting",
      swatch: (
        <line
          x1="3"
          x2="27"
          y1="9"
          y2="9"
          strokeWidth="2"
          strokeDasharray="1 4"
          strokeLinecap="round"
          style={{ stroke: c1 }}
        />
      ),
    },
    {
      label: "cut off",
      swatch: (
        <line
          x1="2"
          x2="28"
          y1="9"
          y2="9"
          strokeWidth="2"
          strokeDasharray="8 4"
          style={{ stroke: roleColor.inkMuted }}
        />
      ),
    },
    { label: "worked at once", swatch: <ConcurrentBracket x0={3} x1={27} top={4} bottom={14} /> },
    {
      label: "session in doubt",
      swatch: (
        <rect
          x="3"
          y="4"
          width="24"
          height="10"
          rx="2"
          fill="none"
          strokeWidth="1.5"
          strokeDasharray="2 3"
          style={{ stroke: roleColor.inkMuted }}
        />
      ),
    },
    { label: "write applied", swatch: <WriteMark x={15} y={9} r={5} color={c1} outcome="applied" /> },
    { label: "write rejected", swatch: <WriteMark x={15} y={9} r={5} color={c1} outcome="rejected" /> },
    { label: "stale write applied", swatch: <WriteMark x={15} y={9} r={4} color={c1} outcome="stale-applied" /> },
    { label: "overwrote an increment", swatch: <WriteMark x={15} y={9} r={4} color={c1} outcome="overwrote" /> },
    {
      label: "violation",
      swatch: <path d="M15 2L22 15H8Z" style={{ fill: roleColor.danger }} />,
    },
  ];
  return (
    <div className="text-xs text-ink-muted">
      <svg width="0" height="0" aria-hidden="true" focusable="false" className="absolute">
        <defs>
          <HatchPattern id={`${id}-pause`} color={roleColor.pause} spacing={5} />
          <HatchPattern id={`${id}-danger`} color={roleColor.danger} spacing={5} />
        </defs>
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Key">
        {entries.map((e) => (
          <li key={e.label} className="flex items-center gap-1.5">
            <svg width="30" height="18" viewBox="0 0 30 18" aria-hidden="true" focusable="false">
              {e.swatch}
            </svg>
            {e.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the lanes' small figures mean, which no swatch can show: each process's own clock (to the
 * millisecond, as the simulator keeps time) with its distance from true time, and a refusal band's count.
 */
export function TimelineReadingNote() {
  return (
    <p className="text-xs text-ink-muted">
      Under each lane: that process&apos;s own clock at the playhead, to the millisecond, and in brackets how far it is
      from true time (±0: not at all). “refused ×N”: a client&apos;s requests for the lock refused so far, drawn as one
      band.
    </p>
  );
}
