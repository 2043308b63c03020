/**
 * The smallest scenario that means the same: every field whose removal leaves the validated
 * scenario (defaults filled, clamps applied) and its warnings unchanged is removed, and object
 * keys are sorted, so one meaning has one spelling. Links carry this form. It is found by trying
 * each removal against validateScenario itself, so it needs no copy of the engine's defaults and
 * stays right when the engine adds a field.
 */
import { validateScenario, type Scenario } from "@/lib/sim/scenario";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep equality of JSON-like values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return (
      keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => sameJson(a[k], b[k]))
    );
  }
  return false;
}

function sortedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((k) => {
        const v = value[k];
        return v === undefined ? [] : [[k, sortedKeys(v)]];
      }),
  );
}

/** Fields never removed: what a scenario must say to be one at all. */
const KEPT = new Set(["version", "kind"]);

export function minimizeScenario(input: Scenario): Scenario {
  const target = validateScenario(input);
  if (!target.ok) return input;
  const root = sortedKeys(JSON.parse(JSON.stringify(input)) as Json) as JsonObject;
  const same = (candidate: JsonObject) => {
    const v = validateScenario(candidate);
    return v.ok && sameJson(v.scenario, target.scenario) && sameJson(v.warnings, target.warnings);
  };

  // Walk the tree, trying to delete each field in place; a removal that changes the meaning is undone.
  const prune = (node: JsonObject) => {
    for (const key of Object.keys(node)) {
      if (KEPT.has(key)) continue;
      const value = node[key];
      if (value === undefined) continue;
      delete node[key];
      if (same(root)) continue;
      node[key] = value;
      if (isObject(value)) prune(value);
    }
  };
  prune(root);
  return root as unknown as Scenario;
}
