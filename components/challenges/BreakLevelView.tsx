"use client";

import { useEffect, useRef, useState } from "react";
import { atomHolds, goalMoment } from "@/lib/challenges/goals";
import { gradeBreak, learnerFaults, type BreakGrade } from "@/lib/challenges/grade";
import type { BreakLevel } from "@/lib/challenges/level";
import { challengeSearch } from "@/lib/challenges/share";
import { sameWorld } from "@/lib/challenges/faultWorld";
import { formatDuration } from "@/lib/sim/format";
import { frameAround } from "@/lib/readers/timelineFrame";
import type { Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";
import { selectPending, selectResult, selectScenario } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";
import { Timeline } from "@/components/timeline/Timeline";
import { frameOnTimeline } from "@/components/timeline/frameRequest";
import { Topology } from "@/components/topology/Topology";
import { secondaryButton } from "@/components/ui/button";
import { ChallengeLab } from "./ChallengeLab";
import { momentText } from "./challengeText";
import { ExhaustivePanel } from "./ExhaustivePanel";
import { GoalChecklist } from "./GoalChecklist";
import { Hints } from "./Hints";
import { LevelHeader } from "./LevelHeader";
import { NextLevelLink, type NextLevel } from "./NextLevelLink";
import { ShareLink } from "./ShareLink";
import { useRecordSolved, useRecordSolvedNow } from "./useRecordSolved";

type InputFault = NonNullable<Scenario["faults"]>[number];

export type LevelTarget = { level: string } | { arcade: number };

interface Props {
  level: BreakLevel;
  target: LevelTarget;
  kicker: string;
  /** Where a win leads; null after the last level. */
  next: NextLevel | null;
  /** Faults from a shared solution link, added after the level's own. */
  initialFaults: InputFault[];
}

/** The scenario a break level opens on: the level's own faults, then a shared solution's. */
export function breakScenario(level: BreakLevel, initialFaults: readonly InputFault[]): Scenario {
  return { ...level.scenario, faults: [...(level.scenario.faults ?? []), ...initialFaults] };
}

/** A level to break: the lab's timeline and topology, graded on every run against the goal, the budget and par. */
export function BreakLevelView({ level, target, kicker, next, initialFaults }: Props) {
  return (
    <ChallengeLab scenario={breakScenario(level, initialFaults)}>
      <div className="space-y-6">
        <LevelHeader level={level} kicker={kicker} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <BreakStatus level={level} target={target} next={next} />
          <Hints hints={level.hints} />
        </div>
        {level.rules.world && <ConfirmNoWin level={level} next={next} />}
        <p className="text-sm text-ink-muted">
          Add faults from the topology: Tab to a process or a link and press Enter; the fault starts at the playhead,
          which you move with the slider under the timeline. Each change re-runs the same seed.
        </p>
        <Timeline />
        <Topology />
      </div>
    </ChallengeLab>
  );
}

function budgetText(level: BreakLevel): string {
  const { maxFaults, faultKinds, maxTotalPauseMs } = level.rules;
  const pauses = maxTotalPauseMs === undefined ? "" : `, at most ${formatDuration(maxTotalPauseMs)} of pauses in all`;
  return `At most ${maxFaults} fault${maxFaults === 1 ? "" : "s"} (${faultKinds.join(", ")})${pauses}.`;
}

function scoreText(score: BreakGrade["score"]): string {
  const pauses = score.pauseMs > 0 ? ` and ${formatDuration(score.pauseMs)} of pauses` : "";
  return `${score.faults} fault${score.faults === 1 ? "" : "s"}${pauses}`;
}

function parText(level: BreakLevel): string {
  const par = level.rules.par;
  if (!par) return "No par: this level cannot be won within its budget, or so the finder says. Check it below.";
  return `Par: ${scoreText({ faults: par.faults, pauseMs: par.pauseMs ?? 0 })}${par.pauseMs === undefined ? "" : " (fewer faults first, then less pause time)"}.`;
}

const verdictText = { under: "under par: better than the reference solution", at: "at par", over: "over par" } as const;

function BreakStatus({ level, target, next }: { level: BreakLevel; target: LevelTarget; next: NextLevel | null }) {
  const result = useScenario(selectResult);
  const scenario = useScenario(selectScenario);
  const pending = useScenario(selectPending);
  const { scenario: store } = useLabStores();
  const faults = learnerFaults(level, scenario);
  const grade = result && faults ? gradeBreak(level, faults, result) : null;
  const solved = !pending && grade?.solved === true;
  const moment = solved && result ? goalMoment(level.goal, result) : null;
  useRecordSolved(level.slug, grade?.solved ? grade.score : null);
  const message = useShowWin(solved ? result : null, moment?.t ?? null, faults, pending || !result);

  return (
    <section aria-labelledby="goal-heading" className="rounded-xl border border-line p-4">
      <h2 id="goal-heading" className="text-lg font-semibold">
        Goal
      </h2>
      <GoalChecklist goal={level.goal} holds={result ? (atom) => atomHolds(atom, result) : null} />
      <p className="mt-3 text-sm">
        <span className="font-medium">Budget:</span> {budgetText(level)} {parText(level)}
      </p>
      <div role="status" aria-live="polite" className="mt-3 rounded-lg bg-surface p-3 text-sm">
        {pending || !result ? (
          <p>Simulating…</p>
        ) : faults === null ? (
          <p>The level&apos;s own faults were changed or removed. Reset the level to put them back.</p>
        ) : grade!.solved ? (
          <div ref={message} tabIndex={-1}>
            <p className="font-semibold">
              Solved with {scoreText(grade!.score)}: {verdictText[grade!.par ?? "at"]}.
            </p>
            {moment && <p className="mt-1">The playhead went to where it happened. {momentText(moment)}</p>}
          </div>
        ) : (
          <>
            <p>
              {faults.length === 0 ? "No fault added yet." : `You have added ${scoreText(grade!.score)}.`}{" "}
              {grade!.goalMet
                ? "The goal holds, but not within the budget:"
                : "The goal does not hold in this run yet."}
            </p>
            {grade!.overBudget.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {grade!.overBudget.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {solved && <NextLevelLink next={next} />}
        <button type="button" className={secondaryButton} onClick={() => store.getState().edit(() => level.scenario)}>
          Reset the level
        </button>
        {faults && faults.length > 0 && (
          <ShareLink
            label="Copy a link to this solution"
            search={() => challengeSearch(target, { faults })}
            copied="Link copied: it opens this level with your faults."
          />
        )}
      </div>
    </section>
  );
}

/**
 * Once a run wins, shows where: the playhead moves to the moment the goal came to hold (from the
 * run's facts, goalMoment) and the timeline frames it from the learner's first fault, so the cause
 * and the damage are both in view. Focus goes to the result, unless the level opened already won
 * (a shared solution): then nothing the learner did moved it. Returns the result's element.
 */
function useShowWin(won: SimResult | null, momentT: number | null, faults: InputFault[] | null, waiting: boolean) {
  const { playback } = useLabStores();
  const message = useRef<HTMLDivElement>(null);
  const shown = useRef<SimResult | null>(null);
  // Whether a run since the level opened did not win: a win after it is the learner's doing.
  const playedOn = useRef(false);
  const starts = (faults ?? []).flatMap((f) => (f.atMs === undefined ? [] : [f.atMs]));
  const firstFaultT = starts.length ? Math.min(...starts) : null;
  useEffect(() => {
    if (!won) {
      if (!waiting) playedOn.current = true;
      return;
    }
    if (shown.current === won) return;
    shown.current = won;
    if (momentT !== null) {
      playback.getState().setT(momentT);
      frameOnTimeline(
        playback,
        frameAround(Math.min(firstFaultT ?? momentT, momentT), momentT, won.scenario.durationMs),
        { scroll: false },
      );
    }
    if (playedOn.current) message.current?.focus();
  }, [won, waiting, momentT, firstFaultT, playback]);
  return message;
}

/** A level the finder says cannot be won within its budget: confirming that over its whole world wins it. */
function ConfirmNoWin({ level, next }: { level: BreakLevel; next: NextLevel | null }) {
  const world = level.rules.world!;
  const record = useRecordSolvedNow(level.slug);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <div className="space-y-3">
      <ExhaustivePanel
        scenario={level.scenario}
        world={world}
        goal={level.goal}
        counterexampleWhen="goal-holds"
        action="Ask the finder to try every schedule"
        onDone={(result) => {
          const won = result.stoppedBy === "complete" && result.failed === 0 && sameWorld(result.world, world);
          if (won) record({ faults: 0, pauseMs: 0 });
          setConfirmed(won);
        }}
      />
      {confirmed && <NextLevelLink next={next} />}
    </div>
  );
}
