import { describe, expect, it } from "vitest";
import { fillOrder, shard } from "./shards";

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

describe("shard", () => {
  it.each([1, 2, 3, 8])("puts every cell in exactly one of %i shards, balanced", (n) => {
    const cells = fillOrder(40, 40);
    const shards = shard(cells, n);
    expect(shards).toHaveLength(n);
    const all = shards.flat().map(key);
    expect(all).toHaveLength(cells.length);
    expect(new Set(all)).toEqual(new Set(cells.map(key)));
    const sizes = shards.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it("interleaves, keeping the order within each shard", () => {
    expect(shard([0, 1, 2, 3, 4], 2)).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    expect(shard([0, 1], 4)).toEqual([[0], [1], [], []]);
    expect(shard([0, 1], 0)).toEqual([[0, 1]]);
  });
});
