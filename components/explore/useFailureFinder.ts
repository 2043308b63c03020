"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { FinderBudget, FinderResult } from "@/lib/explore";
import type { Scenario } from "@/lib/sim/scenario";
import { startFinder } from "@/lib/workers/finderRunner";

export type FinderRun =
  | { status: "searching"; budget: FinderBudget; timeLimitMs: number; tried: number; total: number }
  | { status: "finished"; budget: FinderBudget; timeLimitMs: number; result: FinderResult; timedOut: boolean }
  | { status: "cancelled"; budget: FinderBudget; timeLimitMs: number; tried: number }
  | { status: "failed"; budget: FinderBudget; timeLimitMs: number; error: string };

/** Searches for a failing fault schedule in a Web Worker; a new search or Cancel stops the one running. */
export function useFailureFinder() {
  const [run, setRun] = useState<FinderRun | null>(null);
  const stopRef = useRef<() => void>(() => {});

  const start = useCallback((scenario: Scenario, budget: FinderBudget, timeLimitMs: number) => {
    stopRef.current();
    setRun({ status: "searching", budget, timeLimitMs, tried: 0, total: budget.maxRuns });
    stopRef.current = startFinder(
      { scenario, budget, timeLimitMs },
      {
        progress: (tried, total) => setRun((r) => (r?.status === "searching" ? { ...r, tried, total } : r)),
        result: (result, timedOut) => setRun({ status: "finished", budget, timeLimitMs, result, timedOut }),
        failed: (error) => setRun({ status: "failed", budget, timeLimitMs, error }),
      },
    );
  }, []);

  const cancel = useCallback(() => {
    stopRef.current();
    stopRef.current = () => {};
    setRun((r) =>
      r?.status === "searching"
        ? { status: "cancelled", budget: r.budget, timeLimitMs: r.timeLimitMs, tried: r.tried }
        : r,
    );
  }, []);

  useEffect(() => () => stopRef.current(), []);

  return { run, start, cancel };
}
