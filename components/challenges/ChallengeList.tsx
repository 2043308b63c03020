"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { Level } from "@/lib/challenges/level";
import { ARCADE_MAX_SEED } from "@/lib/challenges/arcadeSeed";
import { levelPath } from "@/lib/challenges/levelPath";
import { serviceLabel } from "@/lib/scenario/labels";
import { formatDuration, groupDigits } from "@/lib/sim/format";
import { selectChallenges } from "@/lib/store/progressSelectors";
import type { ChallengeScore } from "@/lib/store/progressChallenges";
import { useProgress } from "@/components/progress/useProgress";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import { modeLabel } from "./LevelHeader";

function bestText(best: ChallengeScore): string {
  if ("changes" in best) return `${best.changes} change${best.changes === 1 ? "" : "s"}`;
  if (best.faults === 0) return "confirmed by the finder";
  return `${best.faults} fault${best.faults === 1 ? "" : "s"}${best.pauseMs ? `, ${formatDuration(best.pauseMs)} of pauses` : ""}`;
}

/**
 * Every level in order, with what the learner has won, and the arcade's seed form. While the page
 * is still reading its link (`readingLink`), this list is a stand-in that the link's own view
 * replaces, so its seed form is disabled: a seed typed there would be lost in the swap.
 */
export function ChallengeList({
  levels,
  notice,
  readingLink = false,
}: {
  levels: readonly Level[];
  notice: string[];
  readingLink?: boolean;
}) {
  const solved = useProgress(selectChallenges);
  const won = levels.filter((l) => solved[l.slug]).length;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Challenges</h1>
        <p className="mt-2 max-w-3xl text-lg text-ink-muted">
          Break a lock with as few faults as you can, or defend one against every fault schedule of a small world. Each
          level is graded on the run, never on the clicks.
        </p>
      </header>
      {notice.length > 0 && (
        <div role="alert" className="rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
          <p className="font-semibold">This link could not be opened, so here are all the levels</p>
          <ul className="mt-1 list-disc pl-5 text-ink-muted">
            {notice.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      <section aria-labelledby="levels-heading">
        <h2 id="levels-heading" className="text-2xl font-bold tracking-tight">
          Levels
        </h2>
        <p className="mt-1 text-ink-muted">
          {won} of {levels.length} won, from easiest to hardest.
        </p>
        <ol className="mt-4 grid gap-3 md:grid-cols-2">
          {levels.map((level, i) => {
            const entry = solved[level.slug];
            return (
              <li key={level.slug} className="rounded-xl border border-line p-4">
                <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                  {i + 1} · {modeLabel(level.mode)} · {serviceLabel(level.scenario.service.kind)}
                </p>
                <h3 className="mt-1 font-semibold">
                  {/* A full page load: a level's page is drawn in its HTML, which a client-side navigation would not fetch. */}
                  <a href={levelPath(level.slug)} className="text-link underline underline-offset-2">
                    {level.title}
                  </a>
                </h3>
                <p className="mt-1 text-sm text-ink-muted">
                  {entry ? `✓ Won · best: ${bestText(entry.best)}` : "Not won yet"}
                </p>
              </li>
            );
          })}
        </ol>
      </section>
      <Arcade readingLink={readingLink} />
    </div>
  );
}

function Arcade({ readingLink }: { readingLink: boolean }) {
  const id = useId();
  const router = useRouter();
  const [seed, setSeed] = useState("1");
  const [problem, setProblem] = useState<string | null>(null);
  const play = (text: string) => {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n > ARCADE_MAX_SEED) {
      setProblem(`The seed must be a whole number from 0 to ${groupDigits(ARCADE_MAX_SEED)}.`);
      return;
    }
    router.push(`/challenges/?arcade=${n}`);
  };
  return (
    <section aria-labelledby="arcade-heading" className="rounded-xl border border-line p-4">
      <h2 id="arcade-heading" className="text-2xl font-bold tracking-tight">
        Arcade
      </h2>
      <p className="mt-1 max-w-3xl text-ink-muted">
        Endless levels to break, made from the presets by the failure finder. The seed decides the level, so a friend
        with the same seed plays the same one.
      </p>
      <form
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          play(seed);
        }}
      >
        <fieldset disabled={readingLink} className="flex flex-wrap items-end gap-3">
          <label htmlFor={id} className="text-sm">
            <span className="block font-medium">Arcade seed</span>
            <input
              id={id}
              inputMode="numeric"
              value={seed}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                setSeed(event.target.value);
                setProblem(null);
              }}
              className="mt-1 w-40 rounded-md border border-line bg-page px-2 py-1.5 tabular-nums"
            />
          </label>
          <button type="submit" className={primaryButton}>
            Play this seed
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => play(String(Math.floor(Math.random() * 1_000_000)))}
          >
            Play a random seed
          </button>
        </fieldset>
      </form>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-danger-ink">
          {problem}
        </p>
      )}
    </section>
  );
}
