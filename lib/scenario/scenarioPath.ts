/**
 * Dotted paths into a scenario, as lessons' live controls name them: `service.ttlMs`,
 * `faults.0.forMs` (an array index), `clocks.per.c2.offsetMs` (a record key). Reading never throws;
 * writing returns a new scenario and leaves the one it was given untouched.
 */
import type { Scenario } from "@/lib/sim/scenario";

export function pathSegments(path: string): string[] {
  return path.split(".");
}

const isIndex = (segment: string) => /^(0|[1-9]\d*)$/.test(segment);

/** The value at a dotted path, or undefined where the path leads nowhere. */
export function scenarioPathGet(scenario: unknown, path: string): unknown {
  let value: unknown = scenario;
  for (const segment of pathSegments(path)) {
    if (Array.isArray(value)) value = isIndex(segment) ? value[Number(segment)] : undefined;
    else if (typeof value === "object" && value !== null && Object.hasOwn(value, segment))
      value = (value as Record<string, unknown>)[segment];
    else return undefined;
  }
  return value;
}

/**
 * A copy of the scenario with the value at a dotted path replaced. Only the objects and arrays on
 * the path are copied; a path must already exist up to its last segment.
 */
export function scenarioPathSet(scenario: Scenario, path: string, next: number): Scenario {
  const write = (node: unknown, segments: string[]): unknown => {
    const [head = "", ...rest] = segments;
    if (Array.isArray(node)) {
      if (!isIndex(head) || Number(head) >= node.length) throw new Error(`no element ${head} at "${path}"`);
      const copy = [...node];
      copy[Number(head)] = rest.length ? write(node[Number(head)], rest) : next;
      return copy;
    }
    if (typeof node !== "object" || node === null)
      throw new Error(`"${path}" does not lead into an object at "${head}"`);
    const record = node as Record<string, unknown>;
    return { ...record, [head]: rest.length ? write(record[head], rest) : next };
  };
  return write(scenario, pathSegments(path)) as Scenario;
}
