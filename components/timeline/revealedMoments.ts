/**
 * While a run plays the playhead moves every frame, but most of what the diagram shows changes
 * only when the playhead passes one of a layer's moments: a mark appears, a refusal is counted, a
 * violation ends. A layer that selects the latest such moment at or before the playhead, instead
 * of the playhead itself, re-renders only when one is passed. Each moments array is built once per
 * run model (they are cached on it).
 */
import { lowerBound, upperBound, type IntervalIndex } from "@/lib/readers/intervals";
import type { FocusMark, RefusalBand, ViolationMarkModel } from "@/lib/readers/timelineModel";

const cache = new WeakMap<object, Float64Array>();
function cached(owner: object, build: () => number[]): Float64Array {
  let values = cache.get(owner);
  if (!values) cache.set(owner, (values = Float64Array.from(build()).sort()));
  return values;
}

/** The latest of `moments` at or before `until`, or -Infinity before the first. */
function latestBy(moments: Float64Array, until: number): number {
  const k = upperBound(moments, until);
  return moments[k - 1] ?? -Infinity;
}

const markTimesCache = new WeakMap<FocusMark[], number[]>();
/** The marks' times, in their (time) order. */
export function markTimes(marks: FocusMark[]): number[] {
  let times = markTimesCache.get(marks);
  if (!times) markTimesCache.set(marks, (times = marks.map((m) => m.t)));
  return times;
}

/**
 * What the marks layer draws up to `until`: the marks revealed by then and each violation's
 * stretch so far. While a violation is under way its stretch grows with the playhead, so that is
 * `until` itself; otherwise the latest mark or violation end passed, which draws the same.
 */
export function marksMoment(marks: FocusMark[], until: number): number {
  const violations = violationsOf(marks);
  for (const v of violations) {
    if (v.t > until) break;
    if (v.endT !== null && v.endT > until) return until;
  }
  return latestBy(
    cached(marks, () => [...markTimes(marks), ...violations.flatMap((v) => (v.endT === null ? [] : [v.endT]))]),
    until,
  );
}

const violationsCache = new WeakMap<FocusMark[], ViolationMarkModel[]>();
function violationsOf(marks: FocusMark[]): ViolationMarkModel[] {
  let violations = violationsCache.get(marks);
  if (!violations) violationsCache.set(marks, (violations = marks.filter((m) => m.kind === "violation")));
  return violations;
}

const grantsAndWritesCache = new WeakMap<FocusMark[], Uint32Array>();
/** How many grants and writes (not violations) are at or after `from` and at or before `until`. */
export function grantsAndWritesBetween(marks: FocusMark[], from: number, until: number): number {
  let before = grantsAndWritesCache.get(marks);
  if (!before) {
    // before[i]: how many of the first i marks are grants or writes.
    before = new Uint32Array(marks.length + 1);
    marks.forEach((m, i) => (before![i + 1] = before![i]! + (m.kind === "violation" ? 0 : 1)));
    grantsAndWritesCache.set(marks, before);
  }
  const times = markTimes(marks);
  // Both bounds are at most marks.length, the last index of `before`.
  return Math.max(0, before[upperBound(times, until)]! - before[lowerBound(times, from)]!);
}

/** What the refusal bands show up to `until`: a band appears at its first request, its count grows with each refusal. */
export function refusalsMoment(refusals: IntervalIndex<RefusalBand>, until: number): number {
  return latestBy(
    cached(refusals, () => refusals.query(-Infinity, Infinity).flatMap((band) => [band.startT, ...band.times])),
    until,
  );
}
