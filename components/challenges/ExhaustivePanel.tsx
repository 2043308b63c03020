"use client";

import { useEffect, useMemo, useState } from "react";
import { worldSize, type ExhaustiveResult, type WorldSize } from "@/lib/challenges/exhaustive";
import type { Goal } from "@/lib/challenges/goals";
import { sameWorld, smallerWorld, type FaultWorld } from "@/lib/challenges/faultWorld";
import type { Scenario } from "@/lib/sim/scenario";
import { primaryButton, secondaryButton } from "@/components/ui/button";
import { checkHeadline, NOT_COVERED, overBudgetText, worldSizeText, worldText } from "./challengeText";
import { useExhaustiveCheck } from "./useExhaustiveCheck";
import { groupDigits } from "@/lib/sim/format";

interface Props {
  scenario: Scenario | null;
  world: FaultWorld;
  goal: Goal;
  /** "goal-fails" checks a defence; "goal-holds" confirms that a break level cannot be won. */
  counterexampleWhen: "goal-fails" | "goal-holds";
  onDone: (result: ExhaustiveResult) => void;
  /** What the button says: "Check every schedule", "Ask the finder to try every schedule". */
  action: string;
}

const sizeOf = (scenario: Scenario | null, world: FaultWorld): WorldSize | null => {
  if (!scenario) return null;
  try {
    return worldSize(scenario, world);
  } catch {
    return null;
  }
};

/**
 * The exhaustive check of the level's world, run in a worker with progress and Cancel. It says
 * what the world is before starting, refuses one over its budget and offers a smaller one, and
 * says exactly what was covered when it is done.
 */
export function ExhaustivePanel({ scenario, world: levelWorld, goal, counterexampleWhen, onDone, action }: Props) {
  const [world, setWorld] = useState(levelWorld);
  const size = useMemo(() => sizeOf(scenario, world), [scenario, world]);
  const { state, start, cancel, reset } = useExhaustiveCheck(onDone);
  const over = size !== null && (size.exact ?? size.estimate) > world.maxSchedules;
  const smaller = over ? smallerWorld(world) : null;
  const isLevelWorld = sameWorld(world, levelWorld);

  // A changed design is another check: whatever ran before no longer says anything about it.
  useEffect(() => reset(), [scenario, reset]);

  return (
    <section aria-labelledby="check-heading" className="rounded-xl border border-line p-4">
      <h2 id="check-heading" className="text-lg font-semibold">
        The exhaustive check
      </h2>
      <p className="mt-1 text-sm">{worldText(world)} The level&apos;s own faults stay in every schedule.</p>
      {size && <p className="mt-1 text-sm text-ink-muted">{worldSizeText(size, world)}</p>}
      {!isLevelWorld && (
        <p className="mt-1 text-sm font-medium">
          This is a smaller world than the level&apos;s: passing it does not win the level.
        </p>
      )}
      {over && (
        <div role="alert" className="mt-2 rounded-lg border-l-4 border-danger bg-surface p-3 text-sm">
          <p>{overBudgetText(size!, world)}</p>
          {smaller && (
            <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setWorld(smaller)}>
              Check a smaller world (
              {smaller.maxFaults === world.maxFaults
                ? "one length of each fault"
                : `≤ ${smaller.maxFaults} fault${smaller.maxFaults === 1 ? "" : "s"}`}
              )
            </button>
          )}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {state.status === "running" ? (
          <>
            <label className="flex min-w-56 flex-1 items-center gap-2 text-sm">
              <span>
                {state.total === null
                  ? `Checked ${groupDigits(state.tried)} schedules, counting the rest`
                  : `Checked ${groupDigits(state.tried)} of ${groupDigits(state.total)}`}
              </span>
              {/* Without a count yet, the bar says only that the check is going. */}
              {state.total === null ? (
                <progress className="flex-1" aria-label="Schedules checked" />
              ) : (
                <progress className="flex-1" max={state.total} value={state.tried} aria-label="Schedules checked" />
              )}
            </label>
            <button type="button" className={secondaryButton} onClick={cancel}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className={primaryButton}
            disabled={!scenario || over}
            onClick={() =>
              scenario && size && start({ kind: "check", scenario, world, goal, counterexampleWhen }, size.exact)
            }
          >
            {action}
          </button>
        )}
        {!isLevelWorld && state.status !== "running" && (
          <button type="button" className={secondaryButton} onClick={() => setWorld(levelWorld)}>
            Back to the level&apos;s world
          </button>
        )}
      </div>
      <div role="status" className="mt-3 text-sm">
        {state.status === "idle" && state.cancelledAt !== null && (
          <p>Cancelled after {groupDigits(state.cancelledAt)} schedules: nothing is proven.</p>
        )}
        {state.status === "failed" && (
          <p className="font-medium text-danger-ink">The check stopped with an error: {state.message}</p>
        )}
        {state.status === "done" && (
          <p className="font-semibold">
            {checkHeadline(state.result, counterexampleWhen === "goal-holds" ? "win" : "break it")}
          </p>
        )}
      </div>
      {state.status === "done" && <p className="mt-1 text-xs text-ink-muted">{NOT_COVERED}</p>}
    </section>
  );
}
