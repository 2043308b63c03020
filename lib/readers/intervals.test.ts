import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IntervalIndex, lowerBound, upperBound } from "./intervals";

describe("IntervalIndex", () => {
  it("finds the items that overlap a window", () => {
    const index = new IntervalIndex(
      [
        { s: 0, e: 10 },
        { s: 5, e: 6 },
        { s: 20, e: 30 },
        { s: 2, e: 100 },
      ],
      (x) => x.s,
      (x) => x.e,
    );
    expect(index.query(7, 15)).toEqual([
      { s: 0, e: 10 },
      { s: 2, e: 100 },
    ]);
    expect(index.query(40, 50)).toEqual([{ s: 2, e: 100 }]);
    expect(index.query(101, 200)).toEqual([]);
    expect(index.query(6, 6)).toHaveLength(3);
  });

  it("agrees with a plain filter on any intervals and window", () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 200 }))
      .map(([s, len]) => ({ s, e: s + len }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 60 }),
        fc.integer({ min: -10, max: 1300 }),
        fc.integer({ min: 0, max: 400 }),
        (items, from, width) => {
          const to = from + width;
          const index = new IntervalIndex(
            items,
            (x) => x.s,
            (x) => x.e,
          );
          const expected = items.filter((x) => x.e >= from && x.s <= to);
          expect(index.query(from, to)).toHaveLength(expected.length);
          expect(new Set(index.query(from, to))).toEqual(new Set(expected));
        },
      ),
    );
  });
});

describe("bounds", () => {
  it("finds insertion points", () => {
    const values = [1, 2, 2, 5];
    expect(lowerBound(values, 2)).toBe(1);
    expect(upperBound(values, 2)).toBe(3);
    expect(lowerBound(values, 9)).toBe(4);
    expect(upperBound(values, 0)).toBe(0);
  });
});
