"use client";

import { useEffect } from "react";
import { selectHydrated, selectVisit } from "@/lib/store/progressSelectors";
import type { VisitKind } from "@/lib/store/progressSchema";
import { useProgress } from "./useProgress";

/** Remembers this lesson, quiz set or drill as the learner's last visit, once their progress has loaded. */
export function useVisitRecord(kind: VisitKind, slug: string): void {
  const hydrated = useProgress(selectHydrated);
  const visit = useProgress(selectVisit);
  useEffect(() => {
    if (hydrated) visit(kind, slug);
  }, [hydrated, visit, kind, slug]);
}
