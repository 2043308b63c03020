/**
 * Finding what is on screen: items with a start and an end, sorted by start, with a running
 * maximum of ends, so the items that overlap a window are found by two binary searches and a scan
 * of only the candidates. This is what lets the timeline draw only what is visible.
 */
export class IntervalIndex<T> {
  private readonly items: T[];
  private readonly starts: Float64Array;
  private readonly maxEnds: Float64Array;

  constructor(
    items: readonly T[],
    start: (item: T) => number,
    private readonly end: (item: T) => number,
  ) {
    this.items = [...items].sort((a, b) => start(a) - start(b));
    this.starts = Float64Array.from(this.items, start);
    this.maxEnds = new Float64Array(this.items.length);
    let max = -Infinity;
    this.items.forEach((item, i) => {
      max = Math.max(max, end(item));
      this.maxEnds[i] = max;
    });
  }

  get size(): number {
    return this.items.length;
  }

  /** The items that overlap [from, to], in order of start. */
  query(from: number, to: number): T[] {
    // Before `first`, every item ended before `from`; from `last` on, every item starts after `to`.
    const first = lowerBound(this.maxEnds, from);
    const last = upperBound(this.starts, to);
    const out: T[] = [];
    for (let i = first; i < last; i++) {
      const item = this.items[i]!; // last ≤ the number of items
      if (this.end(item) >= from) out.push(item);
    }
    return out;
  }
}

/** The first index whose value is ≥ x in an ascending array (its length if none). */
export function lowerBound(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1; // lo ≤ mid < hi ≤ length: in range, unchecked in this hot search
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose value is > x in an ascending array (its length if none). */
export function upperBound(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1; // as in lowerBound
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
