"use client";

import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { loadEngineInSteps } from "@/components/lab/loadEngineInSteps";
import { nextTask } from "@/components/ui/nextTask";
import { LinkedHoldFrame } from "@/components/lab/LinkedHoldFrame";
import { StaticThenLive } from "@/components/ui/StaticThenLive";
import type { LevelProps } from "./LevelLive";

/**
 * As the lab's page does (components/lab/LabApp.tsx): the level's code (the engine, its stores,
 * the timeline, the topology, the exhaustive check) is a chunk of its own, and getting there is
 * split into short tasks, its session opened ahead of rendering (openLevelAhead).
 */
const loadLive = async (props: LevelProps) => {
  await loadEngineInSteps();
  for (const load of [() => import("@/lib/readers/derived"), () => import("@/components/timeline/Timeline")]) {
    await load();
    await nextTask();
  }
  const { LevelLive, openLevelAhead } = await import("./LevelLive");
  await openLevelAhead(props);
  return LevelLive;
};
const LevelOnServer =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, server-only import (see StaticThenLive)
  typeof window === "undefined" ? (require("./LevelLive") as typeof import("./LevelLive")).LevelLive : null;

/**
 * A level's page. The HTML holds the level as it opens, run when the site was built and drawn, so
 * the page paints it before any script runs, and nothing moves when the live level takes over:
 * it hydrates the drawn one in place, or, for a link with a solution, replaces it with the level
 * and that solution.
 */
export function LevelApp({ level, kicker, next }: Omit<LevelProps, "search">) {
  const [search, setSearch] = useState<string | null>(null);
  const props = useMemo(() => ({ level, kicker, next, search: search ?? "" }), [level, kicker, next, search]);
  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-6 sm:px-6 lg:py-8">
      <Suspense fallback={null}>
        <SearchReader onRead={setSearch} />
      </Suspense>
      <noscript>
        <p className="mb-4 font-semibold">
          This is the level as it opens, run when the site was built. Adding faults, choosing a design and checking it
          need JavaScript.
        </p>
      </noscript>
      <LinkedHoldFrame note="Opening the shared solution…">
        <StaticThenLive
          onServer={LevelOnServer}
          load={loadLive}
          props={props}
          start={search !== null}
          island={{ identifierPrefix: "level-", hydrates: props.search === "" }}
          fallback={<p className="text-ink-muted">Loading the level…</p>}
        />
      </LinkedHoldFrame>
    </div>
  );
}

/** Reads the query string the level was opened with, once (see the lab's SearchReader). */
function SearchReader({ onRead }: { onRead: (search: string) => void }) {
  const params = useSearchParams();
  const first = useRef(params.get("solution") === null ? "" : `?${params.toString()}`);
  const read = useRef(onRead);
  useEffect(() => read.current(first.current), []);
  return null;
}
