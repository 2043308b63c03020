"use client";

import { lazy, Suspense } from "react";
import { useSearchParams } from "next/navigation";
import type { Level } from "@/lib/challenges/level";
import { ProgressProvider } from "@/components/progress/ProgressProvider";
import { ChallengeList } from "./ChallengeList";

/**
 * Reading the link (the solution codec, the lab's URL format, the presets) loads in a chunk of its
 * own, and only for a link with a query string: the page's HTML is the level list, and it shows
 * that list until the link has been read.
 */
const FromUrl = lazy(() => import("./ChallengeFromUrl").then((m) => ({ default: m.FromUrl })));

/**
 * The challenges page. Its query string (an arcade seed, or an old link to a level) exists only in
 * the browser, so the prerendered HTML shows the level list; a link that cannot be opened shows the
 * list with a notice naming what was wrong.
 */
export function ChallengesApp({ levels }: { levels: readonly Level[] }) {
  return (
    <ProgressProvider>
      <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
        <Suspense fallback={<ChallengeList levels={levels} notice={[]} readingLink />}>
          <ListOrLink levels={levels} />
        </Suspense>
      </div>
    </ProgressProvider>
  );
}

/** The level list as it is, or, for a link with a query string, what the link asks for. */
function ListOrLink({ levels }: { levels: readonly Level[] }) {
  const params = useSearchParams();
  return params.size === 0 ? <ChallengeList levels={levels} notice={[]} /> : <FromUrl levels={levels} />;
}
