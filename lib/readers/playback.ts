/**
 * The playhead's arithmetic: stepping event by event, and advancing while playing. Times are true
 * time in ms; `speed` is simulated seconds per real second.
 */
import { lowerBound, upperBound } from "@/lib/readers/intervals";

/**
 * The first stop after t (not past `max`), or null at the end. Stops less than `gapMs` after that
 * first one are drawn at the same spot at the current zoom: the step takes them together, landing
 * on the last, so a step always changes what is seen (a grant, the belief it starts and a refusal
 * a few ms apart are one step at a 60 s scale, and three when zoomed in on them).
 */
export function nextStop(stops: ArrayLike<number>, t: number, max: number, gapMs = 0): number | null {
  const next = stops[upperBound(stops, t)];
  if (next === undefined || next > max) return t < max ? max : null;
  // The last stop within gapMs of `next`: `next` itself at least.
  return Math.min(stops[upperBound(stops, next + gapMs) - 1]!, max);
}

/** The last stop before t and at least `gapMs` from it (see nextStop), or 0 from the first stop. */
export function previousStop(stops: ArrayLike<number>, t: number, gapMs = 0): number | null {
  const stop = stops[lowerBound(stops, t - gapMs) - 1];
  if (stop !== undefined) return stop;
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
  return SPEEDS.reduce(
    (best, s) => (Math.abs(Math.log(s / wanted)) < Math.abs(Math.log(best / wanted)) ? s : best),
    SPEEDS[0],
  );
}
