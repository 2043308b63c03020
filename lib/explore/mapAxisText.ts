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
  if (value === null || values.length === 0) return null;
  const log = axisById(id).scale === "log" && value > 0 && values[0] > 0;
  const at = (v: number) => (log ? Math.log(v) : v);
  let best = 0;
  for (let i = 1; i < values.length; i++) if (Math.abs(at(values[i]) - at(value)) < Math.abs(at(values[best]) - at(value))) best = i;
  const step = values.length > 1 ? Math.abs(at(values[1]) - at(values[0])) : 0;
  const first = at(values[0]);
  const last = at(values[values.length - 1]);
  const beyond = Math.max(0, first - at(value), at(value) - last);
  return beyond > step / 2 + 1e-9 ? null : best;
}
