"use client";

import { lazy, Suspense } from "react";
import type { Level } from "@/lib/challenges/level";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { ChallengeList } from "./ChallengeList";

/**
 * Reading the link (the level codec, the lab's URL format, the presets) loads in a chunk of its
 * own: the page's HTML is the level list, and it shows that list until the link has been read.
 */
const FromUrl = lazy(() => import("./ChallengeFromUrl").then((m) => ({ default: m.FromUrl })));

/**
 * The challenges page. Its query string (a level, a solution, an arcade seed) exists only in the
 * browser, so the prerendered HTML shows the level list; a link that cannot be opened shows the
 * list with a notice naming what was wrong.
 */
export function ChallengesApp({ levels }: { levels: readonly Level[] }) {
  return (
    <ProgressProvider>
      <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
        <Suspense fallback={<ChallengeList levels={levels} notice={[]} readingLink />}>
          <FromUrl levels={levels} />
        </Suspense>
      </div>
    </ProgressProvider>
  );
}
