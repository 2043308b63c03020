/**
 * The recorded runs shipped with the course (content/traces): each names the preset, or the
 * scenario file beside it, that the recorder ran. The list is plain data; the traces themselves
 * are loaded on demand (they are tens of kilobytes each).
 */
import manifest from "../../content/traces/manifest.json";
import etcdPauseFenced from "../../content/traces/etcd-pause-fenced.scenario.json";
import { presets } from "../sim/presets";
import type { Scenario } from "../sim/scenario";

export interface ShippedTrace {
  id: string;
  title: string;
  scenario: Scenario;
}

/** Scenario files that sit beside the traces, by file name (a static import each, so the lab's bundle has them). */
const scenarioFiles: Record<string, Scenario> = { "etcd-pause-fenced.scenario.json": etcdPauseFenced as Scenario };

export const shippedTraces: ShippedTrace[] = (manifest as { id: string; preset?: string; scenario?: string }[]).map((entry) => {
  if (entry.preset) {
    const preset = presets.find((p) => p.id === entry.preset);
    if (!preset) throw new Error(`content/traces/manifest.json: ${entry.id} names preset ${entry.preset}, which does not exist`);
    return { id: entry.id, title: preset.title, scenario: preset.scenario };
  }
  const scenario = entry.scenario ? scenarioFiles[entry.scenario] : undefined;
  if (!scenario) throw new Error(`content/traces/manifest.json: ${entry.id} names no preset and no known scenario file`);
  return { id: entry.id, title: scenario.name ?? entry.id, scenario };
});
