/**
 * What the scenario picker files each preset under: its lock service and the kinds of failure it
 * injects, read from the preset's scenario (never typed by hand), and the search that matches a
 * preset by its title, description, service or failure. The service is read from the preset as
 * written, so the list can be grouped as the lab loads; the failures need the scenario resolved
 * (zod and defaults), so an entry is worked out only when a preset's tags or a search ask for it.
 */
import type { Preset } from "@/lib/scenario/presets";
import { validateScenario, type ResolvedScenario } from "@/lib/sim/scenario";
import { serviceLabel } from "./catalog";

export type FailureKind = "pause" | "clock" | "partition" | "crash" | "failover" | "outage" | "traffic" | "none";

/** In the order the picker lists them. */
export const failureKinds: readonly FailureKind[] = [
  "pause",
  "clock",
  "partition",
  "crash",
  "failover",
  "outage",
  "traffic",
  "none",
];

const failureLabels: Record<FailureKind, string> = {
  pause: "Process pause",
  clock: "Clock skew or jump",
  partition: "Partition or slow network",
  crash: "Crash",
  failover: "Failover",
  outage: "Service outage",
  traffic: "Traffic",
  none: "No fault injected",
};

export const failureLabel = (kind: FailureKind): string => failureLabels[kind];

/** The failures a scenario injects: its faults, chaos pauses, clock settings and a stream of traffic. */
export function failuresOf(resolved: ResolvedScenario): FailureKind[] {
  const found = new Set<FailureKind>();
  for (const fault of resolved.faults) {
    if (fault.kind === "pause") found.add("pause");
    else if (fault.kind === "clock-jump") found.add("clock");
    else if (fault.kind === "partition" || fault.kind === "isolate" || fault.kind === "delay") found.add("partition");
    else if (fault.kind === "storage-failover") found.add("failover");
    else found.add(fault.kind);
  }
  if (resolved.chaos.pauseEveryMs > 0) found.add("pause");
  const clocks = resolved.clocks;
  if (clocks.skewMs > 0 || clocks.driftPpm > 0 || Object.values(clocks.per).some((c) => c.offsetMs || c.driftPpm))
    found.add("clock");
  if (resolved.network.lossRate > 0) found.add("partition");
  if (resolved.workload.kind === "stream") found.add("traffic");
  return found.size ? failureKinds.filter((kind) => found.has(kind)) : ["none"];
}

export interface PresetEntry {
  preset: Preset;
  service: string;
  failures: FailureKind[];
  /** Lower-case text the search looks in. */
  haystack: string;
}

/** The lock service a preset runs, as the list groups it. */
export const presetService = (preset: Preset): string => serviceLabel(preset.scenario.service.kind);

export function presetEntry(preset: Preset): PresetEntry {
  const validation = validateScenario(preset.scenario);
  if (!validation.ok) throw new Error(`preset ${preset.id} is not valid: ${validation.errors.join("; ")}`);
  const service = presetService(preset);
  const failures = failuresOf(validation.scenario);
  const haystack = [preset.title, preset.description, service, ...failures.map(failureLabel), preset.id]
    .join(" ")
    .toLowerCase();
  return { preset, service, failures, haystack };
}

/** Every word of the query appears somewhere in the entry (in any order), and it has the failure asked for. */
export function matchesFilter(entry: PresetEntry, query: string, failure: FailureKind | null): boolean {
  if (failure && !entry.failures.includes(failure)) return false;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => entry.haystack.includes(word));
}

/** Presets grouped by lock service, in the order their first preset comes. */
export function groupByService(list: readonly Preset[]): [string, Preset[]][] {
  const groups = new Map<string, Preset[]>();
  for (const preset of list) {
    const service = presetService(preset);
    groups.set(service, [...(groups.get(service) ?? []), preset]);
  }
  return [...groups.entries()];
}
