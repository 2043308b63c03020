/**
 * A run's digest: its whole summary, the size of each part of the result, and a hash of each part,
 * so a frozen set of digests (frozenSummaries.json.gz, written by scripts/freeze-summaries.ts) can
 * show that a change to the engine changed no result. Never imported by the app.
 */
import { createHash } from "node:crypto";
import type { Summary } from "./checker";
import type { Scenario } from "./scenario";
import type { SimResult } from "./simulate";

/** The parts of a result a digest hashes; `events` and `spans` only exist in a full run. */
export const DIGEST_PARTS = ["events", "spans", "facts", "violations", "warnings", "series", "scenario"] as const;
export type DigestPart = (typeof DIGEST_PARTS)[number];
/** The parts a summary-only run shares with the full run of the same scenario. */
export const SUMMARY_ONLY_PARTS: readonly DigestPart[] = ["facts", "violations", "warnings", "series", "scenario"];

export interface RunDigest {
  summary: Summary;
  /** How many events, spans, violations and warnings, and how many of each kind of fact. */
  counts: Record<string, number>;
  hashes: Partial<Record<DigestPart, string>>;
}

/** One frozen scenario: its input as written, and the digest of its full run. */
export interface FrozenEntry {
  name: string;
  scenario: Scenario;
  digest: RunDigest;
}

/** JSON with every object's keys sorted, so a hash depends on values and not on the order fields were set. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record).sort())
    if (record[key] !== undefined) fields.push(`${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(",")}}`;
}

const hash = (value: unknown) => createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 20);

/** The digest of a result over `parts` (a summary-only run has no events or spans to digest). */
export function digestOf(result: SimResult, parts: readonly DigestPart[] = DIGEST_PARTS): RunDigest {
  const counts: Record<string, number> = {};
  const hashes: RunDigest["hashes"] = {};
  for (const part of parts) hashes[part] = hash(result[part]);
  if (parts.includes("events")) counts.events = result.events.length;
  if (parts.includes("spans")) counts.spans = result.spans.length;
  counts.violations = result.violations.length;
  counts.warnings = result.warnings.length;
  for (const [kind, list] of Object.entries(result.facts)) counts[`facts.${kind}`] = list.length;
  return { summary: result.summary, counts, hashes };
}

/** The path of the first place two JSON-like values differ ("summary.grants: 3 ≠ 4"), or null if they are equal. */
export function firstDifference(expected: unknown, actual: unknown, path = ""): string | null {
  if (Object.is(expected, actual)) return null;
  const bothObjects = expected && actual && typeof expected === "object" && typeof actual === "object";
  if (!bothObjects || Array.isArray(expected) !== Array.isArray(actual)) {
    return `${path || "(root)"}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  const a = expected as Record<string, unknown>;
  const b = actual as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const difference = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
    if (difference) return difference;
  }
  return null;
}
