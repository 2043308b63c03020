/**
 * The course's named scenarios: each failure mode and mitigation, with a title, a one-line
 * description, what to look for, and the outcome it teaches as an expectation on the run's summary
 * (the shape of the shared acceptance cases). They are course data, one file per topic in
 * content/presets/; lessons, quizzes, decks, the lab and the CLI link to them by id.
 */
import type { Scenario } from "@/lib/sim/scenario";
import pausesAndFencing from "@/content/presets/pauses-and-fencing.json" with { type: "json" };
import leases from "@/content/presets/leases.json" with { type: "json" };
import clocks from "@/content/presets/clocks.json" with { type: "json" };
import redisFailover from "@/content/presets/redis-failover.json" with { type: "json" };
import redlock from "@/content/presets/redlock.json" with { type: "json" };
import consensus from "@/content/presets/consensus.json" with { type: "json" };
import databases from "@/content/presets/databases.json" with { type: "json" };
import cronAndOutages from "@/content/presets/cron-and-outages.json" with { type: "json" };
import noLock from "@/content/presets/no-lock.json" with { type: "json" };
import traffic from "@/content/presets/traffic.json" with { type: "json" };
import { presetFileSchema, type PresetFile } from "./presetSchema";

export type { Expectation } from "./presetSchema";

export interface Preset {
  id: string;
  title: string;
  description: string;
  lookFor: string;
  /** The topic file it comes from (content/presets/<topic>.json). */
  topic: string;
  scenario: Scenario;
  expect: PresetFile["presets"][number]["expect"];
}

/** The topic files in the course's order: the lab's picker lists presets in this order. */
export const presetFiles: Record<string, unknown> = {
  "pauses-and-fencing": pausesAndFencing,
  leases,
  clocks,
  "redis-failover": redisFailover,
  redlock,
  consensus,
  databases,
  "cron-and-outages": cronAndOutages,
  "no-lock": noLock,
  traffic,
};

/**
 * Node checks every file as it loads: the build (content:check, and each page's render), the CLI
 * and the tests, so a malformed file stops them with its path and field. A browser takes the files
 * the build checked as they are: checking them again cost each page that lists presets a task of
 * zod's parsing as it loaded. (The schema adds no defaults, so the checked data is the file's own.)
 */
const checkedHere = typeof window === "undefined";

function load(): Preset[] {
  return Object.entries(presetFiles).flatMap(([topic, raw]) => {
    const file = checkedHere ? checked(topic, raw) : (raw as PresetFile);
    return file.presets.map((p) => ({ ...p, topic, scenario: p.scenario as Scenario }));
  });
}

function checked(topic: string, raw: unknown): PresetFile {
  const parsed = presetFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `content/presets/${topic}.json: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}

export const presets: Preset[] = load();

const byId = new Map(presets.map((p) => [p.id, p]));

export function presetById(id: string): Preset | undefined {
  return byId.get(id);
}
