import Link from "next/link";
import type { Level } from "@/lib/challenges/level";
import { serviceLabel } from "@/lib/scenario/labels";

export const modeLabel = (mode: Level["mode"]) => (mode === "break" ? "Break it" : "Defend it");

/** The level's title, kind, lock service and story. */
export function LevelHeader({ level, kicker }: { level: Level; kicker: string }) {
  return (
    <header>
      <p className="text-sm">
        <Link href="/challenges/" className="font-medium text-link underline underline-offset-2">
          All challenges
        </Link>
      </p>
      <p className="mt-3 text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {kicker} · {modeLabel(level.mode)} · {serviceLabel(level.scenario.service.kind)}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{level.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-ink-muted">{level.story}</p>
    </header>
  );
}
