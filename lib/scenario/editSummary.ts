/**
 * What an edited scenario changed from the preset it started as, in the controls' own words
 * ("Lease TTL: 10 s → 20 s"), so the lab can say that instead of the preset's description, which
 * no longer describes the run. Each control reads and formats its value the way the lab shows it.
 */
import { validateScenario, type ResolvedScenario, type Scenario } from "@/lib/sim/scenario";
import { guardLabel, serviceLabel, workloadLabel } from "./catalog";
import { trafficSliders } from "@/lib/scenario/trafficSliders";
import { sliders } from "./sliders";
import { toggles } from "./toggles";

export interface Change {
  what: string;
  from: string;
  to: string;
}

type Reading = { what: string; read: (input: Scenario, resolved: ResolvedScenario) => string };

const onOff = (on: boolean) => (on ? "on" : "off");

const readings: readonly Reading[] = [
  { what: "Lock service", read: (_i, r) => serviceLabel(r.service.kind) },
  { what: "Storage guard", read: (_i, r) => guardLabel(r.storage.guard) },
  { what: "Workload", read: (_i, r) => workloadLabel(r.workload.kind) },
  ...[...trafficSliders, ...sliders].map((spec) => ({
    what: spec.label,
    read: (i: Scenario, r: ResolvedScenario) => spec.format(spec.read(i, r), r),
  })),
  ...toggles.map((spec) => ({ what: spec.label, read: (_i: Scenario, r: ResolvedScenario) => onOff(spec.read(r)) })),
  { what: "Seed", read: (_i, r) => String(r.seed) },
];

/** The controls whose value differs between the two scenarios, in the order the lab lists them. */
export function changesBetween(before: Scenario, after: Scenario): Change[] {
  const a = validateScenario(before);
  const b = validateScenario(after);
  if (!a.ok || !b.ok) return [];
  const changes: Change[] = [];
  for (const { what, read } of readings) {
    const from = read(before, a.scenario);
    const to = read(after, b.scenario);
    if (from !== to) changes.push({ what, from, to });
  }
  return changes;
}

export const changeText = (change: Change): string => `${change.what}: ${change.from} → ${change.to}`;
