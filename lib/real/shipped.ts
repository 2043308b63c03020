/**
 * The recorded runs shipped with the course (content/traces): each names the preset, or the
 * scenario file beside it, that the recorder ran. The list is plain data; the traces themselves
 * are loaded on demand (they are tens of kilobytes each).
 */
import manifest from "../../content/traces/manifest.json";
import etcdPauseFenced from "../../content/traces/etcd-pause-fenced.scenario.json";
import redisPrimaryFrozen from "../../content/traces/redis-primary-frozen.scenario.json";
import { presets } from "../scenario/presets";
import type { Scenario } from "../sim/scenario";

export interface ShippedTrace {
  id: string;
  title: string;
  scenario: Scenario;
}

/** Scenario files that sit beside the traces, by file name (a static import each, so the lab's bundle has them). */
const scenarioFiles: Record<string, Scenario> = {
  "etcd-pause-fenced.scenario.json": etcdPauseFenced as Scenario,
  "redis-primary-frozen.scenario.json": redisPrimaryFrozen as Scenario,
};

export const shippedTraces: ShippedTrace[] = (manifest as { id: string; preset?: string; scenario?: string }[]).map(
  (entry) => {
    if (entry.preset) {
      const preset = presets.find((p) => p.id === entry.preset);
      if (!preset)
        throw new Error(`content/traces/manifest.json: ${entry.id} names preset ${entry.preset}, which does not exist`);
      return { id: entry.id, title: preset.title, scenario: preset.scenario };
    }
    const scenario = entry.scenario ? scenarioFiles[entry.scenario] : undefined;
    if (!scenario)
      throw new Error(`content/traces/manifest.json: ${entry.id} names no preset and no known scenario file`);
    return { id: entry.id, title: scenario.name ?? entry.id, scenario };
  },
);

/** Each shipped trace as its own chunk, loaded when opened (a static import each, so every bundler sees them). */
const traceLoaders: Record<string, () => Promise<{ default: unknown }>> = {
  "gc-pause": () => import("../../content/traces/gc-pause.json"),
  "gc-pause-fenced": () => import("../../content/traces/gc-pause-fenced.json"),
  "redis-failover": () => import("../../content/traces/redis-failover.json"),
  "redis-primary-frozen": () => import("../../content/traces/redis-primary-frozen.json"),
  "etcd-pause-fenced": () => import("../../content/traces/etcd-pause-fenced.json"),
  "pg-advisory-pause": () => import("../../content/traces/pg-advisory-pause.json"),
  "pg-lock-table-skew": () => import("../../content/traces/pg-lock-table-skew.json"),
  "pg-lock-table-db-clock": () => import("../../content/traces/pg-lock-table-db-clock.json"),
  "pg-for-update": () => import("../../content/traces/pg-for-update.json"),
};

export async function loadShippedTrace(id: string): Promise<unknown> {
  const load = traceLoaders[id];
  if (!load) throw new Error(`no shipped trace ${id}`);
  return (await load()).default;
}

/** Shipped ids with no loader (a test keeps this empty). */
export const unloadable = (): string[] => shippedTraces.map((t) => t.id).filter((id) => !traceLoaders[id]);
