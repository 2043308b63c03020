/**
 * The playhead's arithmetic: stepping event by event, and advancing while playing. Times are true
 * time in ms; `speed` is simulated seconds per real second.
 */
import { lowerBound, upperBound } from "@/lib/run/intervals";

/** The first stop after t (not past `max`), or null at the end. */
export function nextStop(stops: ArrayLike<number>, t: number, max: number): number | null {
  const i = upperBound(stops, t);
  if (i >= stops.length || stops[i] > max) return t < max ? max : null;
  return stops[i];
}

/** The last stop before t, or 0 from the first stop. */
export function previousStop(stops: ArrayLike<number>, t: number): number | null {
  const i = lowerBound(stops, t) - 1;
  if (i >= 0) return stops[i];
  return t > 0 ? 0 : null;
}

/** Where the playhead is after `realMs` of playing, and whether it reached the end. */
export function advancePlayhead(t: number, realMs: number, speed: number, max: number): { t: number; ended: boolean } {
  const next = t + realMs * speed;
  return next >= max ? { t: max, ended: true } : { t: next, ended: false };
}

export const SPEEDS = [0.5, 1, 2, 5, 10, 20, 60] as const;

/** A speed that plays this much of a run in about 10 s, from SPEEDS. */
export function speedFor(durationMs: number): number {
  const wanted = durationMs / 10_000;
  return SPEEDS.reduce((best, s) => (Math.abs(Math.log(s / wanted)) < Math.abs(Math.log(best / wanted)) ? s : best), SPEEDS[0]);
}
