import type { Metadata } from "next";
import { LevelApp } from "@/components/challenges/LevelApp";
import { linkedSolutionHoldScript } from "@/components/lab/linkedScenarioHold";
import { modeLabel } from "@/components/challenges/LevelHeader";
import { levelPath } from "@/lib/challenges/levelPath";
import { challengeLoad } from "@/lib/content/challengeLoad";
// As on the lab's page (app/lab/page.tsx): the topology's styles come with the page, not with its canvas.
import "@xyflow/react/dist/style.css";
import "@/components/topology/topology.css";
import "../../lab/lab.css";

interface Props {
  params: Promise<{ level: string }>;
}

// A static export: every level is a page built ahead of time, and any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return challengeLoad().map((level) => ({ level: level.slug }));
}

function levelOf(slug: string) {
  const levels = challengeLoad();
  const index = levels.findIndex((l) => l.slug === slug);
  const level = levels[index];
  // generateStaticParams lists every level's slug: no other page is built.
  if (!level) throw new Error(`no challenge level "${slug}"`);
  return { levels, index, level };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { level } = levelOf((await params).level);
  return { title: `${modeLabel(level.mode)}: ${level.title}`, description: level.story };
}

/** A level's own page: the level drawn at build time, which comes to life once its code has loaded (LevelApp). */
export default async function LevelPage({ params }: Props) {
  const { levels, index, level } = levelOf((await params).level);
  const following = levels[index + 1];
  return (
    <>
      {/* Before the first paint: a shared solution's link hides the drawn level until the live one is in (linkedScenarioHold.ts). */}
      <script dangerouslySetInnerHTML={{ __html: linkedSolutionHoldScript }} />
      <LevelApp
        level={level}
        kicker={`Level ${index + 1} of ${levels.length}`}
        next={following ? { href: levelPath(following.slug), title: following.title } : null}
      />
    </>
  );
}
