/**
 * Where a recorded run and the model's run of the same scenario part ways, in what the agreement
 * compares rather than in timings (a real machine's are its own): the grants in order (to whom,
 * with which token) and the writes in order (whose, what value, accepted or not). The first grant
 * or write that differs marks the moment, the earlier of its two times; null when none does. Pure.
 */
import type { RunFacts } from "../sim/facts";
import type { ResolvedScenario } from "../sim/scenario";
import { tokensByValue } from "./agreement";

interface Step {
  t: number;
  key: string;
}

/** The first position at which two step lists differ, as a time; null when they are the same. */
function firstApart(a: Step[], b: Step[]): number | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x && y && x.key === y.key) continue;
    return Math.min(x?.t ?? Infinity, y?.t ?? Infinity);
  }
  return null;
}

export function firstRealDifference(scenario: ResolvedScenario, real: RunFacts, model: RunFacts): number | null {
  const byValue = tokensByValue(scenario);
  const grants = (f: RunFacts) =>
    f.grants.map((g) => ({
      t: g.grantedAt,
      key: `${g.client} ${byValue ? g.token : g.token === null ? "none" : "some"}`,
    }));
  const writes = (f: RunFacts) => f.writes.map((w) => ({ t: w.t, key: `${w.client} ${w.value} ${w.accepted}` }));
  const times = [firstApart(grants(real), grants(model)), firstApart(writes(real), writes(model))].filter(
    (t): t is number => t !== null,
  );
  return times.length ? Math.min(...times) : null;
}
