"use client";

import { useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import { flipScenario, type Flip, type Twin } from "@/lib/scenario/flips";
import { planScenario } from "@/lib/workers/runPlan";
import { createRunSlot } from "@/lib/store/runSlot";
import { createRunner } from "@/lib/workers/simRunner";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";

export interface TwinRun {
  twin: Twin | null;
  result: SimResult | null;
  pending: boolean;
  error: string | null;
}

/**
 * The twin of the lab's scenario with one thing flipped, and its run, through a runner of its own
 * (lib/store/runSlot.ts): at once when it fits the main thread's budget, else in its own worker,
 * as the lab runs its own scenario. A newer scenario or flip supersedes a run still in flight.
 */
export function useTwinRun(input: Scenario, resolved: ResolvedScenario, flip: Flip | null): TwinRun {
  const [slot] = useState(() => createRunSlot(createRunner()));
  useEffect(() => () => slot.dispose(), [slot]);
  const twin = useMemo(() => (flip ? flipScenario(input, resolved, flip) : null), [input, resolved, flip]);
  const plan = useMemo(() => (twin?.ok ? planScenario(twin.scenario) : null), [twin]);
  const run = useStore(slot.store);

  useEffect(() => {
    if (plan?.ok) slot.start(plan, plan.scenario, plan);
  }, [plan, slot]);

  if (!twin) return { twin: null, result: null, pending: false, error: null };
  if (plan && !plan.ok)
    return { twin, result: null, pending: false, error: `The twin would not be valid: ${plan.errors.join("; ")}` };
  const mine = plan !== null && run.key === plan ? run : null;
  return {
    twin,
    result: mine?.result ?? null,
    pending: plan !== null && (mine === null || mine.pending),
    error: mine?.error ?? null,
  };
}
