"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import type { Level } from "@/lib/challenges/level";
import { challengeDecode, solutionFits } from "@/lib/challenges/share";
import { ChallengeList } from "./ChallengeList";

/**
 * A level is the lab on a page of its own (the engine, the timeline, the topology, the exhaustive
 * check), and only a link to a level or the arcade opens one: each view loads in its own chunk
 * when it is opened, so the level list, which is what the page's HTML holds, loads none of them.
 */
function LevelLoading() {
  return <p className="min-h-40 text-ink-muted">Loading the level…</p>;
}
const ArcadeView = dynamic(() => import("./ArcadeView").then((m) => m.ArcadeView), { ssr: false, loading: LevelLoading });
const BreakLevelView = dynamic(() => import("./BreakLevelView").then((m) => m.BreakLevelView), { ssr: false, loading: LevelLoading });
const DefendLevelView = dynamic(() => import("./DefendLevelView").then((m) => m.DefendLevelView), { ssr: false, loading: LevelLoading });

/** What the page's query string asks for: the level list (with what could not be opened), a level, or the arcade. */
export function FromUrl({ levels }: { levels: readonly Level[] }) {
  const params = useSearchParams();
  const search = params.toString();
  const location = challengeDecode(search, levels);
  if (location.kind === "list") return <ChallengeList levels={levels} notice={location.problems} />;
  if (location.kind === "arcade") return <ArcadeView key={search} seed={location.seed} solution={location.solution} levels={levels} />;
  const index = levels.findIndex((l) => l.slug === location.slug);
  const level = levels[index];
  const problem = location.solution ? solutionFits(level, location.solution) : null;
  if (problem) return <ChallengeList levels={levels} notice={[problem]} />;
  const kicker = `Level ${index + 1} of ${levels.length}`;
  const solution = location.solution;
  return level.mode === "break" ? (
    <BreakLevelView
      key={search}
      level={level}
      target={{ level: level.slug }}
      kicker={kicker}
      initialFaults={solution && "faults" in solution ? solution.faults : []}
    />
  ) : (
    <DefendLevelView
      key={search}
      level={level}
      target={{ level: level.slug }}
      kicker={kicker}
      initialDesign={solution && "design" in solution ? solution.design : null}
    />
  );
}
