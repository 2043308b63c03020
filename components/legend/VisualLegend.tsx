import { useId, type ReactNode } from "react";
import { ConcurrentBracket } from "@/components/marks/ConcurrentBracket";
import { CrashMark } from "@/components/marks/CrashMark";
import { HatchPattern } from "@/components/marks/HatchPattern";
import { WriteMark } from "@/components/marks/WriteMark";
import { CLIENT_COLOR_COUNT, clientColor, roleColor } from "@/lib/theme/tokens";

const c1 = clientColor(1);

/** A 72×24 drawing beside a legend entry; decorative, since the entry's words carry the meaning. */
function Swatch({ children }: { children: ReactNode }) {
  return (
    <svg
      width="72"
      height="24"
      viewBox="0 0 72 24"
      aria-hidden="true"
      focusable="false"
      className="absolute top-0 left-0"
    >
      {children}
    </svg>
  );
}

/** The shapes and colours every drawing of a run uses (ARCHITECTURE.md §5), as a definition list. */
export function VisualLegend() {
  const id = useId();
  const pause = `${id}-pause`;
  const danger = `${id}-danger`;

  const entries: { term: string; description: string; swatch: ReactNode }[] = [
    {
      term: "Belief",
      description: "A solid bar in the client's colour: the client believes it holds the lock. Its label is the token.",
      swatch: <rect x="4" y="7" width="64" height="10" rx="2" style={{ fill: c1 }} />,
    },
    {
      term: "Lease, as the service enforces it",
      description:
        "An outlined bar in the same colour on the lock service's lane. The gap between belief and lease is the whole lesson.",
      swatch: <rect x="5" y="7" width="62" height="10" rx="2" fill="none" strokeWidth="2" style={{ stroke: c1 }} />,
    },
    {
      term: "Belief past the real lease",
      description:
        "The overhang hatched in the danger colour: the client still believes, but the service has already let the lease go.",
      swatch: (
        <>
          <rect x="4" y="7" width="32" height="10" rx="2" style={{ fill: c1 }} />
          <rect
            x="36"
            y="7"
            width="32"
            height="10"
            strokeWidth="1.5"
            style={{ fill: `url(#${danger})`, stroke: roleColor.danger }}
          />
        </>
      ),
    },
    {
      term: "Pause",
      description:
        "Grey diagonal hatching, labelled with its cause and length (“GC pause 15 s”). A paused process does nothing.",
      swatch: <rect x="4" y="6" width="64" height="12" style={{ fill: `url(#${pause})` }} />,
    },
    {
      term: "Crash",
      description: "A cross where the process stopped; its lane is greyed after it.",
      swatch: (
        <>
          <line x1="4" x2="24" y1="12" y2="12" strokeWidth="2" style={{ stroke: roleColor.ink }} />
          <line
            x1="24"
            x2="68"
            y1="12"
            y2="12"
            strokeWidth="2"
            strokeDasharray="3 3"
            style={{ stroke: roleColor.pause }}
          />
          <CrashMark x={24} y={12} size={6} />
        </>
      ),
    },
    {
      term: "Cut off",
      description:
        "A long-dashed line labelled “cut off”: a partition keeps the process from some or all of the others. In the topology the link is broken by two bars.",
      swatch: (
        <line
          x1="4"
          x2="68"
          y1="12"
          y2="12"
          strokeWidth="2"
          strokeDasharray="8 4"
          style={{ stroke: roleColor.inkMuted }}
        />
      ),
    },
    {
      term: "Session in doubt",
      description:
        "A dotted outline round the client's bar, labelled: ZooKeeper's Disconnected or Chubby's jeopardy. The library cannot tell whether its session is still alive, so it stops acting as the holder until it hears.",
      swatch: (
        <rect
          x="5"
          y="6"
          width="62"
          height="12"
          rx="2"
          fill="none"
          strokeWidth="1.5"
          strokeDasharray="2 3"
          style={{ stroke: roleColor.inkMuted }}
        />
      ),
    },
    {
      term: "Write applied",
      description: "A filled mark on the storage lane, in the writer's colour, with its token.",
      swatch: <WriteMark x={36} y={12} color={c1} outcome="applied" />,
    },
    {
      term: "Write rejected",
      description:
        "A hollow, crossed mark with the reason, such as “33 < 34”: the token was lower than one storage had seen.",
      swatch: <WriteMark x={36} y={12} color={c1} outcome="rejected" />,
    },
    {
      term: "Stale write applied",
      description: "A filled mark in a danger ring: storage accepted a write whose lease had already ended.",
      swatch: <WriteMark x={36} y={12} color={c1} outcome="stale-applied" r={5} />,
    },
    {
      term: "Overwrote an increment",
      description:
        "A filled mark in a dashed danger ring: the writer still held a live lease, but it had read before a stale write landed, so its write erased that increment.",
      swatch: <WriteMark x={36} y={12} color={c1} outcome="overwrote" r={5} />,
    },
    {
      term: "Overlap",
      description: "A translucent danger band across the lanes of two clients who both believed they held the lock.",
      swatch: (
        <>
          <rect x="4" y="2" width="64" height="20" style={{ fill: roleColor.danger, opacity: 0.25 }} />
          <rect
            x="4"
            y="2"
            width="64"
            height="20"
            fill="none"
            strokeDasharray="4 2"
            style={{ stroke: roleColor.danger }}
          />
        </>
      ),
    },
    {
      term: "Worked at once",
      description:
        "A dotted danger bracket across the lanes of clients that were working on the data at the same time while at least one of them no longer believed it held the lock: its work carried on after its lease ended.",
      swatch: <ConcurrentBracket x0={4} x1={68} top={3} bottom={21} />,
    },
    {
      term: "Message",
      description: "A thin grey arrow from sender to receiver, emphasised on hover or focus.",
      swatch: (
        <>
          <line x1="6" x2="60" y1="12" y2="12" strokeWidth="1.5" style={{ stroke: roleColor.inkMuted }} />
          <path d="M58 7L66 12L58 17Z" style={{ fill: roleColor.inkMuted }} />
        </>
      ),
    },
  ];

  return (
    <div>
      {/* Patterns live in one hidden drawing so every swatch on the page can refer to them. */}
      <svg width="0" height="0" aria-hidden="true" focusable="false" className="absolute">
        <defs>
          <HatchPattern id={pause} color={roleColor.pause} />
          <HatchPattern id={danger} color={roleColor.danger} />
        </defs>
      </svg>

      <dl className="grid gap-x-8 gap-y-5 md:grid-cols-2">
        {entries.map((entry) => (
          <div key={entry.term} className="relative pl-22">
            <dt className="font-semibold">
              <Swatch>{entry.swatch}</Swatch>
              {entry.term}
            </dt>
            <dd className="text-ink-muted">{entry.description}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-10 font-semibold">Who is who</h3>
      <p className="mt-1 text-ink-muted">
        Each client keeps one colour for everything it does, cycling after c{CLIENT_COLOR_COUNT}. The lock service and
        storage are neutral, and every lane is labelled, so colour only reinforces what the shapes and words say.
      </p>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-3">
        {Array.from({ length: CLIENT_COLOR_COUNT }, (_, i) => (
          <Chip key={i} color={clientColor(i + 1)} label={`c${i + 1}`} />
        ))}
        <Chip color={roleColor.lockService} label="lock service" />
        <Chip color={roleColor.storage} label="storage" />
      </ul>
    </div>
  );
}

function Chip({ color, label }: { color: string; label: string }) {
  return (
    <li className="flex items-center gap-2 font-mono text-sm">
      <span aria-hidden="true" className="size-4 rounded-sm border border-line" style={{ backgroundColor: color }} />
      {label}
    </li>
  );
}
