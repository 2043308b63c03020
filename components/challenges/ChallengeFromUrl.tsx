"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { useSearchParams } from "next/navigation";
import type { Level } from "@/lib/challenges/level";
import { levelPath } from "@/lib/challenges/levelPath";
import { challengeDecode } from "@/lib/challenges/share";
import { ChallengeList } from "./ChallengeList";

/**
 * The arcade is the lab on this page (the engine, the timeline, the topology), opened only by an
 * arcade link: it loads in its own chunk when it is opened, so the level list, which is what the
 * page's HTML holds, loads none of it. Levels have pages of their own (app/challenges/[level]).
 */
function ArcadeLoading() {
  return <p className="min-h-40 text-ink-muted">Loading the arcade…</p>;
}
const ArcadeView = dynamic(() => import("./ArcadeView").then((m) => m.ArcadeView), {
  ssr: false,
  loading: ArcadeLoading,
});

/** What the page's query string asks for: the level list (with what could not be opened), or the arcade; a level link goes on to the level's page. */
export function FromUrl({ levels }: { levels: readonly Level[] }) {
  const params = useSearchParams();
  const search = params.toString();
  const slug = params.get("level");
  const moved = slug !== null && params.get("arcade") === null && levels.some((l) => l.slug === slug) ? slug : null;
  if (moved) return <MovedLevel slug={moved} solution={params.get("solution")} levels={levels} />;
  const location = challengeDecode(search, levels);
  if (location.kind === "arcade")
    return <ArcadeView key={search} seed={location.seed} solution={location.solution} levels={levels} />;
  return <ChallengeList levels={levels} notice={location.kind === "list" ? location.problems : []} />;
}

/**
 * A link to a level made before levels had pages (`?level=<slug>`), sent on to the level's page
 * with its solution, whose own page says if that cannot be opened. A full page load, so the level
 * arrives drawn in its HTML; the list stays on show, its seed form disabled, until it does.
 */
function MovedLevel({ slug, solution, levels }: { slug: string; solution: string | null; levels: readonly Level[] }) {
  useEffect(() => {
    window.location.replace(`${levelPath(slug)}${solution === null ? "" : `?${new URLSearchParams({ solution })}`}`);
  }, [slug, solution]);
  return <ChallengeList levels={levels} notice={[]} readingLink />;
}
