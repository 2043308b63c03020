/**
 * Spreading the failure map's cells over workers: a coarse-to-fine order, so the map shows its
 * whole shape early and sharpens (like an interlaced image), and interleaved shards, so neighbouring
 * cells, which cost about the same, go to different workers and all workers finish together.
 */

/**
 * Every cell of a cols × rows grid once, coarse to fine: first the cells whose column and row are
 * both multiples of the largest power of two below the grid size, then of the next smaller power,
 * and so on down to 1; row by row within a pass.
 */
export function fillOrder(cols: number, rows: number): { x: number; y: number }[] {
  const cells: { x: number; y: number; level: number }[] = [];
  const top = Math.max(0, Math.floor(Math.log2(Math.max(cols, rows, 1))));
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) cells.push({ x, y, level: Math.min(twos(x, top), twos(y, top)) });
  }
  cells.sort((a, b) => b.level - a.level || a.y - b.y || a.x - b.x);
  return cells.map(({ x, y }) => ({ x, y }));
}

/** How many times 2 divides n (0 counts as divisible up to `top`). */
function twos(n: number, top: number): number {
  let k = 0;
  while (k < top && n % 2 ** (k + 1) === 0) k++;
  return k;
}

/** Splits `items` into `n` shards, item i going to shard i mod n, each keeping the items' order. */
export function shard<T>(items: readonly T[], n: number): T[][] {
  const count = Math.max(1, Math.floor(n));
  const shards: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, i) => shards[i % count].push(item));
  return shards;
}
