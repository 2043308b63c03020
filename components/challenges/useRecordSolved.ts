"use client";

import { useEffect } from "react";
import { selectHydrated, selectSolveChallenge } from "@/lib/store/progressSelectors";
import type { ChallengeScore } from "@/lib/store/progressChallenges";
import { useProgress } from "@/components/progress/useProgress";

/**
 * Records a win in the learner's progress whenever `score` is set (the store keeps the best), once
 * saved progress has been read, so a win on opening a solution link is not overwritten by it.
 */
export function useRecordSolved(slug: string, score: ChallengeScore | null): void {
  const solve = useProgress(selectSolveChallenge);
  const hydrated = useProgress(selectHydrated);
  const key = score ? JSON.stringify(score) : null;
  useEffect(() => {
    if (key && hydrated) solve(slug, JSON.parse(key) as ChallengeScore);
  }, [slug, key, solve, hydrated]);
}

/** The same, for a win that happens in an event handler. */
export function useRecordSolvedNow(slug: string): (score: ChallengeScore) => void {
  const solve = useProgress(selectSolveChallenge);
  return (score) => solve(slug, score);
}
