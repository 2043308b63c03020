import { describe, expect, it } from "vitest";
import { chunkSize, fillOrder } from "./spread";

const key = ({ x, y }: { x: number; y: number }) => `${x},${y}`;

describe("fillOrder", () => {
  it.each([
    [40, 40],
    [1, 1],
    [7, 3],
    [20, 40],
  ])("lists every cell of a %i × %i grid exactly once", (cols, rows) => {
    const order = fillOrder(cols, rows);
    expect(order).toHaveLength(cols * rows);
    expect(new Set(order.map(key)).size).toBe(cols * rows);
    for (const { x, y } of order) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(cols);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(rows);
    }
  });

  it("goes coarse to fine: a sparse lattice over the whole grid first", () => {
    const order = fillOrder(40, 40);
    expect(order.slice(0, 4).map(key)).toEqual(["0,0", "32,0", "0,32", "32,32"]);
    const firstHundred = order.slice(0, 100);
    expect(Math.max(...firstHundred.map((c) => c.x))).toBeGreaterThanOrEqual(36);
    expect(Math.max(...firstHundred.map((c) => c.y))).toBeGreaterThanOrEqual(36);
  });
});

describe("chunkSize", () => {
  it.each([1, 2, 3, 8])(
    "cuts a 40 × 40 map for %i workers into chunks that cover every cell once and shrink to 1",
    (workers) => {
      const sizes: number[] = [];
      for (let remaining = 1600; remaining > 0; remaining -= sizes.at(-1)!) sizes.push(chunkSize(remaining, workers));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(1600);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(32);
      expect(sizes.at(-1)).toBe(1);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]!);
    },
  );

  it("never asks for more cells than remain, nor for none", () => {
    expect(chunkSize(3, 2)).toBe(1);
    expect(chunkSize(1, 8)).toBe(1);
    expect(chunkSize(100, 0)).toBe(25);
    expect(chunkSize(5, 1)).toBe(2);
  });
});
