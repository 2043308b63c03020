import type { Metadata } from "next";
import { CodeLevelApp } from "@/components/code/CodeLevelApp";
import { codeLevelPath } from "@/lib/challenges/codeLevel";
import { codeApiDocsLoad } from "@/lib/content/codeApiDocs";
import { codeLevelsLoad } from "@/lib/content/codeLevels";
// The timeline's styles, as on a challenge level (app/challenges/[level]/page.tsx).
import "../../lab/lab.css";

interface Props {
  params: Promise<{ level: string }>;
}

// A static export: every level is a page built ahead of time, and any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return codeLevelsLoad().map((level) => ({ level: level.slug }));
}

function levelOf(slug: string) {
  const levels = codeLevelsLoad();
  const index = levels.findIndex((l) => l.slug === slug);
  const level = levels[index];
  if (!level) throw new Error(`no code level "${slug}"`);
  return { levels, index, level };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { level } = levelOf((await params).level);
  return { title: `Code it yourself: ${level.title}`, description: level.summary };
}

/** A code level's page: the prompt and the starter code in its HTML; the editor and the sandbox load after. */
export default async function CodeLevelPage({ params }: Props) {
  const { levels, index, level } = levelOf((await params).level);
  const following = levels[index + 1];
  // The reference solution stays on the server: the page never ships it.
  return (
    <CodeLevelApp
      level={{ ...level, solution: "" }}
      docs={codeApiDocsLoad()}
      kicker={`Code level ${index + 1} of ${levels.length}`}
      next={following ? { href: codeLevelPath(following.slug), title: following.title } : null}
    />
  );
}
