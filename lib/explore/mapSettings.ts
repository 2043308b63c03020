/**
 * The failure map's settings (two axes with their ranges and sizes, seeds per cell, the layer
 * shown) and their URL parameter, `map=`, so a map can be shared:
 *   map=lease-ttl_1000_60000_40.pause-length_100_30000_40.20          unsafe runs (the default layer)
 *   map=lease-ttl_1000_60000_40.pause-length_100_30000_40.20.overlap  the overlap layer
 * Only characters URLSearchParams leaves as they are, so the link stays readable. Decoding never
 * throws: a bad parameter comes back as problems, one sentence each.
 */
import { axes, axisAvailability, axisById, axisValues, type AxisId } from "@/lib/explore";
import { defaultMapLayer, type MapLayer } from "@/lib/explore/mapDefaults";
import type { Scenario } from "@/lib/sim/scenario";
import { groupDigits } from "@/lib/sim/format";

export type { MapLayer };

export interface MapAxisSettings {
  axis: AxisId;
  /** [low, high] in the axis's unit, whole numbers, low < high. */
  range: [number, number];
  /** Columns (x) or rows (y) asked for; axisValues may give fewer. */
  count: number;
}

export interface MapSettings {
  x: MapAxisSettings;
  y: MapAxisSettings;
  seeds: number;
  layer: MapLayer;
}

export const MAP_LIMITS = {
  /** Columns or rows per axis. */
  count: [2, 50],
  seeds: [1, 100],
  /** The largest axis value (an hour, in ms: the longest run the engine allows). */
  value: 3_600_000,
  /** Cells × seeds: beyond this a map takes minutes, not seconds. */
  runs: 100_000,
} as const;

const DEFAULT_COUNT = 20;
const DEFAULT_SEEDS = 10;

/**
 * Lease TTL × Pause length where the scenario has a lease, else Work time × Pause length; coloured
 * by unsafe runs, or by overlap where storage guards its writes (lib/explore/mapDefaults.ts says why).
 */
export function defaultMapSettings(scenario: Scenario): MapSettings {
  const xAxis: AxisId = axisAvailability(scenario, "lease-ttl").ok ? "lease-ttl" : "work-time";
  const axisSettings = (axis: AxisId): MapAxisSettings => ({
    axis,
    range: [...axisById(axis).range],
    count: DEFAULT_COUNT,
  });
  return {
    x: axisSettings(xAxis),
    y: axisSettings("pause-length"),
    seeds: DEFAULT_SEEDS,
    layer: defaultMapLayer(scenario),
  };
}

/** What is wrong with a map's settings, one sentence each; empty when they can run. */
export function mapSettingsProblems(settings: MapSettings, scenario?: Scenario): string[] {
  const problems: string[] = [];
  const [minCount, maxCount] = MAP_LIMITS.count;
  for (const [name, a] of [
    ["columns", settings.x],
    ["rows", settings.y],
  ] as const) {
    const label = axisById(a.axis).label;
    const [low, high] = a.range;
    if (!Number.isInteger(low) || !Number.isInteger(high) || low < 0)
      problems.push(`${label}: the range must be whole numbers, 0 or more.`);
    else if (low >= high) problems.push(`${label}: the low end must be below the high end.`);
    else if (high > MAP_LIMITS.value)
      problems.push(`${label}: the high end must be at most ${groupDigits(MAP_LIMITS.value)}.`);
    if (!Number.isInteger(a.count) || a.count < minCount || a.count > maxCount)
      problems.push(`The number of ${name} must be a whole number from ${minCount} to ${maxCount}.`);
    if (scenario) {
      const available = axisAvailability(scenario, a.axis);
      if (!available.ok) problems.push(`${label} does not apply to this scenario: ${available.reason}`);
    }
  }
  if (settings.x.axis === settings.y.axis) problems.push("The two axes must be different parameters.");
  const [minSeeds, maxSeeds] = MAP_LIMITS.seeds;
  if (!Number.isInteger(settings.seeds) || settings.seeds < minSeeds || settings.seeds > maxSeeds)
    problems.push(`Seeds per cell must be a whole number from ${minSeeds} to ${maxSeeds}.`);
  const runs = settings.x.count * settings.y.count * settings.seeds;
  if (problems.length === 0 && runs > MAP_LIMITS.runs) {
    problems.push(
      `${groupDigits(runs)} runs is more than the map's limit of ${groupDigits(MAP_LIMITS.runs)}: fewer cells or seeds, please.`,
    );
  }
  return problems;
}

/** What a map asks of the browser: its cells (an axis may give fewer values than asked) and runs. */
export function mapWork(settings: MapSettings): { cells: number; runs: number } {
  const cells =
    axisValues(settings.x.axis, settings.x.range, settings.x.count).length *
    axisValues(settings.y.axis, settings.y.range, settings.y.count).length;
  return { cells, runs: cells * settings.seeds };
}

/** The `map` parameter's value. */
export function encodeMapSettings(settings: MapSettings): string {
  const axis = (a: MapAxisSettings) => [a.axis, a.range[0], a.range[1], a.count].join("_");
  const parts = [axis(settings.x), axis(settings.y), String(settings.seeds)];
  if (settings.layer !== "unsafe") parts.push(settings.layer);
  return parts.join(".");
}

const axisIds = new Set<string>(axes.map((a) => a.id));
const WHOLE = /^\d{1,9}$/;

function decodeAxis(text: string): MapAxisSettings | null {
  const fields = text.split("_");
  const [axis = "", low, high, count] = fields;
  if (fields.length !== 4 || !axisIds.has(axis) || !fields.slice(1).every((f) => WHOLE.test(f))) return null;
  return { axis: axis as AxisId, range: [Number(low), Number(high)], count: Number(count) };
}

/** Map settings from a `map` parameter, or the problems that stop it from being used. Never throws. */
export function decodeMapSettings(
  raw: string,
): { ok: true; settings: MapSettings } | { ok: false; problems: string[] } {
  const shown = raw.slice(0, 80);
  const parts = raw.split(".");
  const x = parts[0] === undefined ? null : decodeAxis(parts[0]);
  const y = parts[1] === undefined ? null : decodeAxis(parts[1]);
  const seeds = parts[2] !== undefined && WHOLE.test(parts[2]) ? Number(parts[2]) : null;
  const layer = parts[3] ?? "unsafe";
  if (
    raw.length > 200 ||
    parts.length < 3 ||
    parts.length > 4 ||
    !x ||
    !y ||
    seeds === null ||
    (layer !== "unsafe" && layer !== "overlap")
  ) {
    return { ok: false, problems: [`The map settings in this link (map=${shown}) are not in a form the lab knows.`] };
  }
  const settings: MapSettings = { x, y, seeds, layer };
  const problems = mapSettingsProblems(settings);
  return problems.length ? { ok: false, problems } : { ok: true, settings };
}
