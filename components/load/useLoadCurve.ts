"use client";

import { useEffect, useState } from "react";
import type { Scenario } from "@/lib/sim/scenario";
import { CURVE_RATES, type CurvePoint } from "@/lib/explore/loadCurve";
import { startLoadCurve } from "@/lib/workers/loadCurveRunner";

export interface LoadCurveState {
  points: CurvePoint[];
  total: number;
  finished: boolean;
  error: string | null;
}

/** Waits this long after the last edit before starting a curve, so a dragged slider starts one. */
const SETTLE_MS = 300;

/**
 * The load curve of the scenario identified by `key` (see curveKey: the scenario at rate 1, as
 * JSON), computed in a Web Worker point by point; null `key` computes nothing.
 */
export function useLoadCurve(key: string | null): LoadCurveState & { key: string | null } {
  const [state, setState] = useState<LoadCurveState & { key: string | null }>({
    key: null,
    points: [],
    total: CURVE_RATES.length,
    finished: false,
    error: null,
  });

  useEffect(() => {
    if (key === null) return;
    let stop = () => {};
    const timer = setTimeout(() => {
      setState({ key, points: [], total: CURVE_RATES.length, finished: false, error: null });
      stop = startLoadCurve(JSON.parse(key) as Scenario, {
        point: (point) => setState((s) => (s.key === key ? { ...s, points: [...s.points, point] } : s)),
        done: () => setState((s) => (s.key === key ? { ...s, finished: true } : s)),
        failed: (error) => setState((s) => (s.key === key ? { ...s, error, finished: true } : s)),
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [key]);

  return state.key === key ? state : { key, points: [], total: CURVE_RATES.length, finished: false, error: null };
}
