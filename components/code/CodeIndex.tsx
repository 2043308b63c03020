"use client";

import Link from "next/link";
import { codeLevelPath } from "@/lib/challenges/codeLevel";
import { selectCodeLevels, selectHydrated } from "@/lib/store/progressSelectors";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { useProgress } from "@/components/progress/useProgress";
import { secondaryButton } from "@/components/ui/button";

export interface CodeLevelEntry {
  slug: string;
  title: string;
  summary: string;
  interview: boolean;
  par: { kind: "service-calls" | "finish-ms"; value: number };
}

/** /code: every code level in order, with what the learner has passed, and the open sandbox. */
export function CodeIndex({ levels }: { levels: readonly CodeLevelEntry[] }) {
  return (
    <div className="mx-auto w-full max-w-[1440px] space-y-8 px-4 py-6 sm:px-6 lg:py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Code it yourself</h1>
        <p className="mt-2 max-w-3xl text-lg text-ink-muted">
          Write the lock client yourself, run it on the timeline, and have it checked on every schedule of a small world
          of pauses, clock jumps, delays and crashes. Your code runs in a sandbox in your browser, nowhere else.
        </p>
      </header>
      <ProgressProvider>
        <LevelList levels={levels} />
      </ProgressProvider>
      <section aria-labelledby="sandbox-heading" className="rounded-xl border border-line p-4">
        <h2 id="sandbox-heading" className="text-2xl font-bold tracking-tight">
          Sandbox
        </h2>
        <p className="mt-1 text-ink-muted">
          Write any client against any level&apos;s world, with no grade and nothing recorded.
        </p>
        <Link href="/code/sandbox/" className={`${secondaryButton} mt-3`}>
          Open the sandbox
        </Link>
      </section>
    </div>
  );
}

function LevelList({ levels }: { levels: readonly CodeLevelEntry[] }) {
  const passed = useProgress(selectCodeLevels);
  const hydrated = useProgress(selectHydrated);
  const done = levels.filter((l) => passed[l.slug]).length;
  return (
    <section aria-labelledby="levels-heading">
      <h2 id="levels-heading" className="text-2xl font-bold tracking-tight">
        Levels
      </h2>
      <p className="mt-1 text-ink-muted">
        {hydrated ? `${done} of ${levels.length} passed.` : `${levels.length} levels, from easiest to hardest.`}
      </p>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {levels.map((level, i) => {
          const entry = hydrated ? passed[level.slug] : undefined;
          return (
            <li key={level.slug} className="rounded-xl border border-line p-4">
              <p className="text-sm text-ink-muted">
                Level {i + 1}
                {level.interview ? " · interview, timed" : ""}
              </p>
              <h3 className="text-lg font-semibold">
                <a href={codeLevelPath(level.slug)} className="text-link underline underline-offset-2">
                  {level.title}
                </a>
              </h3>
              <p className="mt-1 text-sm">{level.summary}</p>
              <p className="mt-2 text-sm font-semibold">
                {entry ? (
                  <>
                    <span aria-hidden="true">✓ </span>Passed{entry.best.met ? ", at par or better" : ""}
                  </>
                ) : (
                  <span className="font-normal text-ink-muted">Not passed yet</span>
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
