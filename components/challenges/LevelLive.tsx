"use client";

import { useEffect } from "react";
import type { BreakLevel, DefendLevel, Design, Level } from "@/lib/challenges/level";
import { solutionDecode, solutionFits, type Solution } from "@/lib/challenges/share";
import type { Scenario } from "@/lib/sim/scenario";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { DisabledUntilLive } from "@/components/ui/DisabledUntilLive";
import { linkedScenarioHoldEnd } from "@/components/lab/linkedScenarioHold";
import { BreakLevelView, breakScenario } from "./BreakLevelView";
import { openChallengeAhead } from "./ChallengeLab";
import { defendScenario, DefendLevelView } from "./DefendLevelView";
import type { NextLevel } from "./NextLevelLink";

/** What a level's page hands its live level (LevelApp loads this module as a chunk of its own). */
export interface LevelProps {
  level: Level;
  kicker: string;
  next: NextLevel | null;
  /** The query string the page was opened with: a shared solution (`?solution=…`), or "". */
  search: string;
}

type InputFault = NonNullable<Scenario["faults"]>[number];

/** The level's solution from the page's query string, or what is wrong with it. */
function solutionOf({ level, search }: LevelProps): { solution: Solution | null; problem: string | null } {
  const code = new URLSearchParams(search).get("solution");
  if (code === null) return { solution: null, problem: null };
  const decoded = solutionDecode(code);
  if (!decoded.ok) return { solution: null, problem: decoded.problem };
  const problem = solutionFits(level, decoded.solution);
  return problem ? { solution: null, problem } : { solution: decoded.solution, problem: null };
}

const faultsOf = (solution: Solution | null): InputFault[] => (solution && "faults" in solution ? solution.faults : []);
const designOf = (solution: Solution | null): Design | null =>
  solution && "design" in solution ? solution.design : null;

/** The scenario the level opens on: its own, with a shared solution's faults or design. */
function openingScenario(props: LevelProps): Scenario {
  const { solution } = solutionOf(props);
  return props.level.mode === "break"
    ? breakScenario(props.level, faultsOf(solution))
    : defendScenario(props.level, designOf(solution));
}

/** Opens the level's session before it renders, in short tasks, as the lab does (openLabAhead). */
export async function openLevelAhead(props: LevelProps): Promise<void> {
  await openChallengeAhead(openingScenario(props));
}

/**
 * A level, live: what LevelApp loads after the page's first paint. Its controls are disabled in
 * the prerendered HTML, and stay so until this live level has taken the drawn copy's place. A link
 * whose solution cannot be opened opens the level as it starts, saying what was wrong.
 */
export function LevelLive(props: LevelProps) {
  const { level, kicker, next } = props;
  const { solution, problem } = solutionOf(props);
  const target = { level: level.slug };
  useEffect(linkedScenarioHoldEnd, []);
  return (
    <ProgressProvider>
      {problem && (
        <div role="alert" className="mb-6 rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
          <p className="font-semibold">
            This link&apos;s solution could not be opened, so here is the level as it starts
          </p>
          <p className="mt-1 text-ink-muted">{problem}</p>
        </div>
      )}
      <DisabledUntilLive>
        {level.mode === "break" ? (
          <BreakLevelView
            level={level as BreakLevel}
            target={target}
            kicker={kicker}
            next={next}
            initialFaults={faultsOf(solution)}
          />
        ) : (
          <DefendLevelView
            level={level as DefendLevel}
            target={target}
            kicker={kicker}
            next={next}
            initialDesign={designOf(solution)}
          />
        )}
      </DisabledUntilLive>
    </ProgressProvider>
  );
}
