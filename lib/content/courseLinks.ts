/**
 * Where a piece of course text may send the learner inside the app, by id, so that a link to a
 * level or a recording that does not exist fails `content:check` instead of reaching a page:
 *   :challenge{level="fence-the-pause"}   a challenge level's page, /challenges/<slug>/
 *                                         (lib/challenges/levelPath.ts), named by its title
 *   :trace{id="gc-pause"}                 a run recorded on a real system (content/traces), which the
 *                                         lab opens under "Real vs model"; named by its title
 * Either may carry its own words: :challenge[the first level]{level="…"}.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { levelPath } from "../challenges/levelPath";
import { presetById } from "../scenario/presets";
import { challengeCheck } from "./challengeLoad";

export interface CourseLink {
  url: string;
  title: string;
}

let levels: Map<string, CourseLink> | null = null;

/** Every level's link by slug. Levels are read, not played (content:check plays them on its own). */
function levelLinks(): Map<string, CourseLink> {
  levels ??= new Map(
    challengeCheck(process.cwd(), false).levels.map((level) => [
      level.slug,
      { url: levelPath(level.slug), title: `${level.mode === "break" ? "Break it" : "Defend it"}: ${level.title}` },
    ]),
  );
  return levels;
}

/** A challenge level's link, or null for a slug that names none. */
export function challengeLink(slug: string): CourseLink | null {
  return levelLinks().get(slug) ?? null;
}

export const challengeSlugs = (): string[] => [...levelLinks().keys()];

interface ManifestEntry {
  id: string;
  preset?: string;
  scenario?: string;
}

let traces: Map<string, CourseLink> | null = null;

/**
 * Every shipped recording's link by id, read from content/traces/manifest.json as the lab's list
 * of recordings is (lib/real/shipped.ts), titled the same way: its preset's title, or the name of
 * the scenario file beside it. The lab has no address for a recording itself, so the link opens
 * the lab on the recorded preset (when there is one) at its Real vs model panel, where the
 * recording is one button.
 */
function traceLinks(): Map<string, CourseLink> {
  const folder = join(process.cwd(), "content/traces");
  const read = (file: string): unknown => JSON.parse(readFileSync(join(folder, file), "utf8"));
  traces ??= new Map(
    (read("manifest.json") as ManifestEntry[]).map((entry) => {
      const title = entry.preset ? presetById(entry.preset)?.title : entry.scenario ? (read(entry.scenario) as { name?: string }).name : undefined;
      return [entry.id, { url: `/lab/${entry.preset ? `?preset=${entry.preset}` : ""}#real-heading`, title: `Real vs model: ${title ?? entry.id}` }];
    }),
  );
  return traces;
}

/** A shipped recording's link, or null for an id that names none. */
export function traceLink(id: string): CourseLink | null {
  return traceLinks().get(id) ?? null;
}

export const traceIds = (): string[] => [...traceLinks().keys()];
