/**
 * Axis values for people, and where the current scenario sits on an axis of the failure map.
 * The lab's sliders already read most of these parameters from a scenario (same names: Lease TTL,
 * Clock skew, …); Pause length reads as the map's axis sets it (the first pause, else chaos).
 */
import { axisById, type AxisId } from "@/lib/explore";
import type { ResolvedScenario, Scenario } from "@/lib/sim/scenario";
import { formatDuration, formatPpm } from "@/lib/sim/format";
import { sliders } from "@/lib/scenario/sliders";
import { groupDigits } from "@/lib/sim/format";

/** "4.7 s", "50 ppm", "5 clients". */
export function formatAxisValue(id: AxisId, value: number): string {
  const { unit } = axisById(id);
  if (unit === "ms") return formatDuration(value);
  if (unit === "ppm") return formatPpm(value);
  return `${value} ${value === 1 ? "client" : "clients"}`;
}

/** A short tick label: "4.7 s", "50 ppm", "5". */
export function tickText(id: AxisId, value: number): string {
  const { unit } = axisById(id);
  if (unit === "clients") return String(value);
  if (unit === "ppm") return `${groupDigits(value)}`;
  return formatDuration(value);
}

/** The value of an axis in a scenario, or null where it has none (no pause at all, no TTL). */
export function axisReading(input: Scenario, resolved: ResolvedScenario, id: AxisId): number | null {
  if (id === "pause-length") {
    const pause = resolved.faults.find((f) => f.kind === "pause");
    if (pause?.kind === "pause") return pause.forMs;
    return resolved.chaos.pauseEveryMs ? resolved.chaos.pauseMs[1] : null;
  }
  const slider = sliders.find((s) => s.label === axisById(id).label);
  return slider ? slider.read(input, resolved) : null;
}

/**
 * The index of the value nearest to `value` (by ratio on a log axis), or null when `value` is
 * null or lies beyond either end by more than half a step.
 */
export function nearestIndex(id: AxisId, values: readonly number[], value: number | null): number | null {
  const [low, second] = values;
  const high = values.at(-1);
  if (value === null || low === undefined || high === undefined) return null;
  const log = axisById(id).scale === "log" && value > 0 && low > 0;
  const at = (v: number) => (log ? Math.log(v) : v);
  let best = 0;
  let bestDistance = Math.abs(at(low) - at(value));
  for (const [i, v] of values.entries()) {
    const distance = Math.abs(at(v) - at(value));
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  const step = second === undefined ? 0 : Math.abs(at(second) - at(low));
  const first = at(low);
  const last = at(high);
  const beyond = Math.max(0, first - at(value), at(value) - last);
  return beyond > step / 2 + 1e-9 ? null : best;
}
