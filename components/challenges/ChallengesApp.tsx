"use client";

import { Suspense } from "react";
import { useSearchParams } from "next/navigation";
import type { Level } from "@/lib/challenges/level";
import { challengeDecode, solutionFits } from "@/lib/challenges/share";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { ArcadeView } from "./ArcadeView";
import { BreakLevelView } from "./BreakLevelView";
import { ChallengeList } from "./ChallengeList";
import { DefendLevelView } from "./DefendLevelView";

/**
 * The challenges page. Its query string (a level, a solution, an arcade seed) exists only in the
 * browser, so the prerendered HTML shows the level list; a link that cannot be opened shows the
 * list with a notice naming what was wrong.
 */
export function ChallengesApp({ levels }: { levels: readonly Level[] }) {
  return (
    <ProgressProvider>
      <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
        <Suspense fallback={<ChallengeList levels={levels} notice={[]} />}>
          <FromUrl levels={levels} />
        </Suspense>
      </div>
    </ProgressProvider>
  );
}

function FromUrl({ levels }: { levels: readonly Level[] }) {
  const params = useSearchParams();
  const search = params.toString();
  const location = challengeDecode(search, levels);
  if (location.kind === "list") return <ChallengeList levels={levels} notice={location.problems} />;
  if (location.kind === "arcade") return <ArcadeView key={search} seed={location.seed} solution={location.solution} levels={levels} />;
  const index = levels.findIndex((l) => l.slug === location.slug);
  const level = levels[index];
  const problem = location.solution ? solutionFits(level, location.solution) : null;
  if (problem) return <ChallengeList levels={levels} notice={[problem]} />;
  const kicker = `Level ${index + 1} of ${levels.length}`;
  const solution = location.solution;
  return level.mode === "break" ? (
    <BreakLevelView
      key={search}
      level={level}
      target={{ level: level.slug }}
      kicker={kicker}
      initialFaults={solution && "faults" in solution ? solution.faults : []}
    />
  ) : (
    <DefendLevelView
      key={search}
      level={level}
      target={{ level: level.slug }}
      kicker={kicker}
      initialDesign={solution && "design" in solution ? solution.design : null}
    />
  );
}
