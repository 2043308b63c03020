/**
 * Spreading the failure map's cells over workers: a coarse-to-fine order, so the map shows its
 * whole shape early and sharpens (like an interlaced image), handed out in chunks that shrink as
 * the map nears its end, each to the next worker free, so all workers finish together even when
 * one shares its core with the page's drawing.
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

/** Chunks are cut so that each is at most this share of the cells still waiting per worker. */
const CHUNKS_PER_WORKER = 4;
/** And at most this many cells: a chunk of a large map is still done in a fraction of a second. */
const MAX_CHUNK = 32;

/**
 * How many of the `remaining` cells the next free worker of `workers` takes: a quarter of its
 * share, within [1, MAX_CHUNK]. Large chunks early cost few messages; small ones at the end leave
 * no worker running alone while the others wait.
 */
export function chunkSize(remaining: number, workers: number): number {
  const share = Math.ceil(remaining / (Math.max(1, Math.floor(workers)) * CHUNKS_PER_WORKER));
  return Math.max(1, Math.min(MAX_CHUNK, remaining, share));
}
