"use client";

import { useEffect, useMemo, useState } from "react";
import { flipScenario, type Flip, type Twin } from "@/lib/lab/flips";
import { planScenario } from "@/lib/lab/run";
import { createWorkerRunner } from "@/lib/workers/simRunner";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import type { SimResult } from "@/lib/sim/simulate";

export interface TwinRun {
  twin: Twin | null;
  result: SimResult | null;
  pending: boolean;
  error: string | null;
}

/**
 * The twin of the lab's scenario with one thing flipped, and its run: at once on the main thread
 * when small, in its own worker when large (as the lab runs its own scenario), so the page never
 * freezes. A newer scenario or flip supersedes a run still in flight.
 */
export function useTwinRun(input: Scenario, resolved: ResolvedScenario, flip: Flip | null): TwinRun {
  const [runner] = useState(createWorkerRunner);
  useEffect(() => () => runner.dispose(), [runner]);
  const twin = useMemo(() => (flip ? flipScenario(input, resolved, flip) : null), [input, resolved, flip]);
  const plan = useMemo(() => (twin?.ok ? planScenario(twin.scenario) : null), [twin]);
  const immediate = useMemo(() => {
    if (!plan || !plan.ok || plan.large) return null;
    try {
      return { result: runner.run(plan.scenario, false) as SimResult, error: null };
    } catch (error) {
      return { result: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [plan, runner]);
  const [background, setBackground] = useState<{ plan: typeof plan; result: SimResult | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!plan || !plan.ok || !plan.large) return;
    let live = true;
    Promise.resolve(runner.run(plan.scenario, true)).then(
      (result) => live && setBackground({ plan, result, error: null }),
      (error: unknown) => live && setBackground({ plan, result: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [plan, runner]);

  if (!twin) return { twin: null, result: null, pending: false, error: null };
  if (plan && !plan.ok) return { twin, result: null, pending: false, error: `The twin would not be valid: ${plan.errors.join("; ")}` };
  if (immediate) return { twin, ...immediate, pending: false };
  const done = background?.plan === plan ? background : null;
  return { twin, result: done?.result ?? null, pending: plan !== null && done === null, error: done?.error ?? null };
}
