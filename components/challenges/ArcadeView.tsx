"use client";

import { useEffect, useState } from "react";
import type { ArcadeLevel } from "@/lib/challenges/arcade";
import { startCheck } from "@/lib/workers/checkRunner";
import { ARCADE_MAX_SEED } from "@/lib/challenges/arcadeSeed";
import type { Level } from "@/lib/challenges/level";
import { solutionFits, type Solution } from "@/lib/challenges/share";
import { BreakLevelView } from "./BreakLevelView";
import { ChallengeList } from "./ChallengeList";

type State =
  { status: "making" } | { status: "made"; arcade: ArcadeLevel | null } | { status: "failed"; message: string };

/** An arcade level: made from its seed by the finder in a worker, then played like any level to break. */
export function ArcadeView({
  seed,
  solution,
  levels,
}: {
  seed: number;
  solution: Solution | null;
  levels: readonly Level[];
}) {
  const [state, setState] = useState<State>({ status: "making" });
  useEffect(
    () =>
      startCheck(
        { kind: "arcade", seed },
        {
          arcade: (arcade) => setState({ status: "made", arcade }),
          failed: (message) => setState({ status: "failed", message }),
        },
      ),
    [seed],
  );
  if (state.status === "making")
    return <p role="status">Making arcade level {seed}: the failure finder is looking for a way to break a design…</p>;
  if (state.status === "failed") return <p role="alert">The arcade level could not be made: {state.message}</p>;
  if (!state.arcade)
    return (
      <ChallengeList
        levels={levels}
        notice={[`The finder found no design it could break for arcade seed ${seed}; try another seed.`]}
      />
    );
  const { level } = state.arcade;
  const nextSeed = seed < ARCADE_MAX_SEED ? seed + 1 : 0;
  const problem = solution ? solutionFits(level, solution) : null;
  if (problem) return <ChallengeList levels={levels} notice={[problem]} />;
  return (
    <BreakLevelView
      level={level}
      target={{ arcade: seed }}
      kicker={`Arcade seed ${seed}`}
      next={{ href: `/challenges/?arcade=${nextSeed}`, title: `arcade seed ${nextSeed}` }}
      initialFaults={solution && "faults" in solution ? solution.faults : []}
    />
  );
}
