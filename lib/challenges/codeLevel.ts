/**
 * A "code it yourself" level as the site holds it once content/code/ is validated
 * (lib/content/codeLevels.ts): the learner writes the lock client; the level says what it runs
 * against (the scenario: lock service, storage, clients, jobs), the fault world every schedule of
 * which it must survive, how many jobs it must get done, and a par to beat.
 */
import type { Scenario } from "@/lib/sim/scenario";
import type { FaultWorld } from "./faultWorld";

export interface CodeLevel {
  slug: string;
  order: number;
  title: string;
  /** One line for the index. */
  summary: string;
  /** The task, rendered from the level's markdown at build time. */
  promptHtml: string;
  /** What every client runs against; each client runs the learner's program. Counter workload. */
  scenario: Scenario;
  /** Every schedule of this world must stay safe and live. */
  world: FaultWorld;
  /** Live: at least this many jobs (accepted writes) done in every schedule. */
  goal: { jobs: number };
  /** A score to beat, measured on the run with no added fault: fewest requests to the lock service, or the earliest finish. */
  par: { kind: "service-calls" | "finish-ms"; value: number };
  hintsHtml: string[];
  starter: string;
  solution: string;
  readAfter: { title: string; href: string }[];
  /** Interview mode: timed, its world hidden until the learner submits. */
  interview: { minutes: number } | null;
}

export const codeLevelPath = (slug: string) => `/code/${slug}/`;
