/**
 * Where a piece of course text may send the learner inside the app, by id, so that a link to a
 * level or a recording that does not exist fails `content:check` instead of reaching a page:
 *   :challenge{level="fence-the-pause"}   a challenge level, as /challenges/?level=<slug> opens it
 *                                         (lib/challenges/share.ts), named by its title
 *   :trace{id="gc-pause"}                 a run recorded on a real system (content/traces), which the
 *                                         lab opens under "Real vs model"; named by its title
 * Either may carry its own words: :challenge[the first level]{level="…"}.
 */
import manifest from "../../content/traces/manifest.json";
import { shippedTraces } from "../real/shipped";
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
      { url: `/challenges/?level=${level.slug}`, title: `${level.mode === "break" ? "Break it" : "Defend it"}: ${level.title}` },
    ]),
  );
  return levels;
}

/** A challenge level's link, or null for a slug that names none. */
export function challengeLink(slug: string): CourseLink | null {
  return levelLinks().get(slug) ?? null;
}

export const challengeSlugs = (): string[] => [...levelLinks().keys()];

/**
 * A shipped recording's link. The lab has no address for a recording itself, so the link opens
 * the lab on the recorded scenario's preset (when it has one) at its Real vs model panel, where the
 * recording is one button.
 */
export function traceLink(id: string): CourseLink | null {
  const trace = shippedTraces.find((candidate) => candidate.id === id);
  if (!trace) return null;
  const preset = manifestPreset(id);
  return { url: `/lab/${preset ? `?preset=${preset}` : ""}#real-heading`, title: `Real vs model: ${trace.title}` };
}

export const traceIds = (): string[] => shippedTraces.map((trace) => trace.id);

function manifestPreset(id: string): string | undefined {
  return (manifest as { id: string; preset?: string }[]).find((entry) => entry.id === id)?.preset;
}
