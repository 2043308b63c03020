"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { startCheck, type CheckRequest } from "@/lib/workers/checkRunner";
import type { ExhaustiveResult } from "@/lib/challenges/exhaustive";

export type CheckState =
  | { status: "idle"; cancelledAt: number | null }
  /** `total`: the exact count of the world's schedules, once the check knows it. */
  | { status: "running"; tried: number; total: number | null }
  | { status: "done"; result: ExhaustiveResult }
  | { status: "failed"; message: string };

/** One exhaustive check at a time in a worker: start, progress, cancel; a new request cancels the old. */
export function useExhaustiveCheck(onDone: (result: ExhaustiveResult) => void) {
  const [state, setState] = useState<CheckState>({ status: "idle", cancelledAt: null });
  const cancelRef = useRef<(() => void) | null>(null);
  const triedRef = useRef(0);
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);
  useEffect(() => () => cancelRef.current?.(), []);

  const start = useCallback((request: Extract<CheckRequest, { kind: "check" }>, total: number | null) => {
    cancelRef.current?.();
    triedRef.current = 0;
    setState({ status: "running", tried: 0, total });
    cancelRef.current = startCheck(request, {
      progress: (tried, known) => {
        triedRef.current = tried;
        setState({ status: "running", tried, total: known ?? total });
      },
      result: (result) => {
        cancelRef.current = null;
        setState({ status: "done", result });
        doneRef.current(result);
      },
      failed: (message) => {
        cancelRef.current = null;
        setState({ status: "failed", message });
      },
    });
  }, []);

  const cancel = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = null;
    setState({ status: "idle", cancelledAt: triedRef.current });
  }, []);

  const reset = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = null;
    setState({ status: "idle", cancelledAt: null });
  }, []);

  return { state, start, cancel, reset };
}
