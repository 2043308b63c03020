"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { designApply, designChanges, designOf } from "@/lib/challenges/design";
import type { ExhaustiveResult, Counterexample } from "@/lib/challenges/exhaustive";
import { atomHolds, goalHolds } from "@/lib/challenges/goals";
import { CONTROLS, type DefendLevel, type Design } from "@/lib/challenges/level";
import { sameWorld } from "@/lib/challenges/faultWorld";
import { challengeSearch } from "@/lib/challenges/share";
import { groupDigits } from "@/lib/sim/format";
import type { Scenario } from "@/lib/sim/scenario";
import { simulate } from "@/lib/sim/simulate";
import { selectScenario } from "@/components/lab/selectors";
import { useLabStores, useScenario } from "@/components/lab/stores";
import { Timeline } from "@/components/timeline/Timeline";
import { secondaryButton } from "@/components/ui/button";
import { ChallengeLab } from "./ChallengeLab";
import { DesignForm } from "./DesignForm";
import { ExhaustivePanel } from "./ExhaustivePanel";
import { GoalChecklist } from "./GoalChecklist";
import { Hints } from "./Hints";
import { LevelHeader } from "./LevelHeader";
import { NextLevelLink, type NextLevel } from "./NextLevelLink";
import { ShareLink } from "./ShareLink";
import { useRecordSolved } from "./useRecordSolved";
import type { LevelTarget } from "./BreakLevelView";

/** The starting design, restricted to the controls the level opens. */
function startingDesign(level: DefendLevel): Design {
  const all = designOf(level);
  return Object.fromEntries(CONTROLS.filter((c) => level.rules.controls[c] !== undefined).map((c) => [c, all[c]]));
}

/** The scenario a design runs (the level's own when the design is not valid). */
const designedScenario = (level: DefendLevel, designed: ReturnType<typeof designApply>): Scenario =>
  designed.ok ? designed.scenario : level.scenario;

/** The scenario a defend level opens on: the starting design, with a shared solution's choices. */
export function defendScenario(level: DefendLevel, initialDesign: Design | null): Scenario {
  return designedScenario(level, designApply(level.scenario, { ...startingDesign(level), ...initialDesign }));
}

/** A level to defend: pick mitigations, then prove them against every schedule of the level's world. */
export function DefendLevelView({
  level,
  target,
  kicker,
  next,
  initialDesign,
}: {
  level: DefendLevel;
  target: LevelTarget;
  kicker: string;
  /** Where a win leads; null after the last level. */
  next: NextLevel | null;
  initialDesign: Design | null;
}) {
  const [design, setDesign] = useState<Design>(() => ({ ...startingDesign(level), ...initialDesign }));
  const designed = useMemo(() => designApply(level.scenario, design), [level, design]);
  return (
    <ChallengeLab scenario={designedScenario(level, designed)}>
      <div className="space-y-6">
        <LevelHeader level={level} kicker={kicker} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <DefendPanel
            level={level}
            target={target}
            next={next}
            design={design}
            setDesign={setDesign}
            designed={designed}
          />
          <Hints hints={level.hints} />
        </div>
        <FittedTimeline />
      </div>
    </ChallengeLab>
  );
}

/**
 * The timeline, drawn afresh for each scenario shown (the design's own run, or a counterexample),
 * so that its view fits that run rather than keeping the last one's zoom.
 */
function FittedTimeline() {
  const scenario = useScenario(selectScenario);
  return <Timeline key={JSON.stringify(scenario)} />;
}

interface PanelProps {
  level: DefendLevel;
  target: LevelTarget;
  next: NextLevel | null;
  design: Design;
  setDesign: (d: Design) => void;
  designed: ReturnType<typeof designApply>;
}

const verdictText = (changes: number, par: number) =>
  changes < par ? "under par: fewer changes than the reference" : changes === par ? "at par" : `over par (par: ${par})`;

/** What a check of the level's whole world found for a design: how many schedules it ran, and how many broke it. */
type Proven = { tried: number; failed: number; maxFaults: number };

function DefendPanel({ level, target, next, design, setDesign, designed }: PanelProps) {
  const { scenario: store } = useLabStores();
  const scenario = designed.ok ? designed.scenario : null;
  // What the last check found, for the design it checked: a changed design forgets it.
  const [found, setFound] = useState<{
    for: typeof scenario;
    shown: Counterexample | null;
    won: { changes: number } | null;
    proven: Proven | null;
  }>({
    for: null,
    shown: null,
    won: null,
    proven: null,
  });
  const shown = found.for === scenario ? found.shown : null;
  const won = found.for === scenario ? found.won : null;
  const proven = found.for === scenario ? found.proven : null;
  const setShown = (c: Counterexample | null) => setFound((f) => ({ ...f, shown: c }));
  const changes = designChanges(level, design).length;
  const baseline = useMemo(() => (scenario ? simulate(scenario, { summaryOnly: true }) : null), [scenario]);
  const baselineHolds = baseline !== null && goalHolds(level.rules.baseline, baseline);
  useRecordSolved(level.slug, won);
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (won) message.current?.focus();
  }, [won]);

  // The timeline shows the design's own run, until a counterexample is opened on it. The session
  // opened on the first design's run already: running it again would only draw it again.
  const opened = useRef(scenario);
  useEffect(() => {
    if (scenario && scenario !== opened.current) store.getState().edit(() => scenario);
    opened.current = null;
  }, [scenario, store]);

  const onDone = useCallback(
    (result: ExhaustiveResult) => {
      // Only a check of the level's whole world says whether the goal holds in every schedule.
      const whole = result.stoppedBy === "complete" && sameWorld(result.world, level.rules.world);
      const proven = whole ? { tried: result.tried, failed: result.failed, maxFaults: result.world.maxFaults } : null;
      if (result.shortest) {
        setFound({ for: scenario, shown: result.shortest, won: null, proven });
        store.getState().edit(() => result.shortest!.scenario);
      } else
        // A check of a smaller world, or one stopped at its budget, proves nothing new: what the whole world's check found stays.
        setFound((f) => {
          const same = f.for === scenario;
          return {
            for: scenario,
            shown: same ? f.shown : null,
            won: whole && baselineHolds ? { changes } : same ? f.won : null,
            proven: proven ?? (same ? f.proven : null),
          };
        });
    },
    [store, level, baselineHolds, changes, scenario],
  );

  return (
    <section aria-labelledby="design-heading" className="space-y-4 rounded-xl border border-line p-4">
      <div>
        <h2 className="text-lg font-semibold">Goal, in every schedule</h2>
        {/* A counterexample breaks the goal as a whole, not a line known to be broken: with several lines and a failure, the whole goal gets the mark. */}
        <GoalChecklist
          goal={level.goal}
          holds={proven && (proven.failed === 0 || level.goal.length === 1) ? () => proven.failed === 0 : null}
          metText={proven ? provenText(proven) : undefined}
        />
        {proven && proven.failed > 0 && level.goal.length > 1 && (
          <p className="mt-1 flex gap-2 text-sm">
            <span aria-hidden="true" className="w-4 shrink-0 font-bold">
              ✗
            </span>
            <span>
              The goal as a whole <span className="text-ink-muted">— {provenText(proven).notMet}</span>
            </span>
          </p>
        )}
        {level.rules.baseline.length > 0 && (
          <>
            <h3 className="mt-2 text-sm font-semibold">And with no fault added</h3>
            <GoalChecklist goal={level.rules.baseline} holds={baseline ? (atom) => atomHolds(atom, baseline) : null} />
          </>
        )}
      </div>
      <div>
        <h2 id="design-heading" className="text-lg font-semibold">
          Your design
        </h2>
        <p className="mb-2 text-sm text-ink-muted">
          {changes} change{changes === 1 ? "" : "s"} from the starting design; par is {level.rules.par.changes}.
        </p>
        <DesignForm level={level} design={design} onChange={setDesign} />
        {!designed.ok && (
          <div role="alert" className="mt-2 rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
            <p className="font-semibold">This design is not valid:</p>
            <ul className="list-disc pl-5">
              {designed.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        )}
        {designed.ok && designed.notes.length > 0 && (
          <ul className="mt-2 list-disc pl-5 text-sm text-ink-muted">
            {designed.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => setDesign(startingDesign(level))}>
            Back to the starting design
          </button>
          <ShareLink
            label="Copy a link to this design"
            search={() => challengeSearch(target, { design })}
            copied="Link copied: it opens this level with your design."
          />
        </div>
      </div>
      <ExhaustivePanel
        scenario={scenario}
        world={level.rules.world}
        goal={level.goal}
        counterexampleWhen="goal-fails"
        action="Check every schedule"
        onDone={onDone}
      />
      <div role="status" aria-live="polite" className="text-sm">
        {won && (
          <p ref={message} tabIndex={-1} className="font-semibold">
            Defended with {won.changes} change{won.changes === 1 ? "" : "s"}:{" "}
            {verdictText(won.changes, level.rules.par.changes)}.
          </p>
        )}
        {!won && baseline && !baselineHolds && (
          <p>With no fault added, this design does not get its work done; that does not count as a defence.</p>
        )}
        {shown && (
          <div className="rounded-lg border-l-4 border-danger bg-surface p-3">
            <p className="font-semibold">The shortest schedule that breaks it is open on the timeline:</p>
            <ul className="list-disc pl-5">
              {shown.explanations.length === 0 ? (
                <li>No fault at all: the design fails as it is.</li>
              ) : (
                shown.explanations.map((e) => <li key={e}>{e}</li>)
              )}
            </ul>
            <button
              type="button"
              className={`${secondaryButton} mt-2`}
              onClick={() => {
                setShown(null);
                if (scenario) store.getState().edit(() => scenario);
              }}
            >
              Back to the design&apos;s own run
            </button>
          </div>
        )}
      </div>
      {won && <NextLevelLink next={next} />}
    </section>
  );
}

/** How the goal fared in the level's whole world, after the checklist's "met" or "not met". */
function provenText({ tried, failed, maxFaults }: Proven): { met: string; notMet: string } {
  const world = `schedule${tried === 1 ? "" : "s"} of ≤ ${maxFaults} fault${maxFaults === 1 ? "" : "s"}`;
  return {
    met: `met in all ${groupDigits(tried)} ${world}`,
    notMet: `not met in ${groupDigits(failed)} of ${groupDigits(tried)} ${world}`,
  };
}
