/**
 * Build-time loader for content/challenges: every level parsed (challenge.ts), ordered, and
 * played (lib/challenges/verify.ts): a bad file, or a reference solution that does not win, stops
 * `npm run content:check` (and so `npm run build`) with its file, line and reason. Never import this from
 * a client component: it reads the file system.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { levelVerify } from "../challenges/verify";
import type { Level } from "../challenges/level";
import { challengeParse } from "./challenge";
import { ContentValidationError, type ContentProblem } from "./errors";

const FOLDER = "content/challenges";

/**
 * Parses every level under `root`, and plays each one unless `play` is false: the build's pages
 * load levels without playing them, since `npm run build` runs content:check (which plays them) first.
 */
export function challengeCheck(root = process.cwd(), play = true): { levels: Level[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const levels: Level[] = [];
  const orders = new Map<number, string>();
  for (const name of readdirSync(join(root, FOLDER)).filter((entry) => entry.endsWith(".yaml")).sort()) {
    const file = `${FOLDER}/${name}`;
    const parsed = challengeParse(file, readFileSync(join(root, file), "utf8"));
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      continue;
    }
    const { level, lineAt } = parsed.value;
    const taken = orders.get(level.order);
    if (taken) problems.push({ file, line: lineAt(["order"]), reason: `order ${level.order} is already taken by ${taken}` });
    orders.set(level.order, file);
    const played = play ? levelVerify(level) : [];
    for (const p of played) problems.push({ file, line: lineAt(p.path), reason: p.reason });
    if (played.length === 0) levels.push(level);
  }
  return { levels: levels.sort((a, b) => a.order - b.order), problems };
}

let cached: Level[] | null = null;

/** Every level, validated; throws ContentValidationError if any is bad. */
export function challengeLoad(): Level[] {
  if (!cached) {
    const { levels, problems } = challengeCheck(process.cwd(), false);
    if (problems.length > 0) throw new ContentValidationError(problems);
    cached = levels;
  }
  return cached;
}
