/**
 * Density bands: when a lane has too many spans in view to draw one by one, what it can still
 * show truthfully is the share of each pixel column's time that the spans cover (a client that
 * holds the lock 50 ms of every 80 ms is 62 % held, not solid). Shares are quantised to a few
 * levels and equal neighbours merged, so the number of shapes stays bounded by the plot's width.
 */

export const DENSITY_LEVELS = 8;

export interface DensityRun {
  /** Pixel columns [from, to), from the plot's left edge. */
  from: number;
  to: number;
  /** Covered share of those columns' time, rounded up to a multiple of 1 / DENSITY_LEVELS. */
  share: number;
}

/**
 * The covered share of each pixel column, from intervals already in pixels (relative to the plot's
 * left edge); overlapping intervals add up, capped at 1.
 */
export function columnShares(intervals: Iterable<readonly [number, number]>, columns: number): Float32Array {
  const shares = new Float32Array(columns);
  for (const [px0, px1] of intervals) {
    const from = Math.max(0, px0);
    const to = Math.min(columns, px1);
    for (let c = Math.floor(from); c < to; c++) shares[c]! += Math.min(c + 1, to) - Math.max(c, from); // 0 ≤ c < columns
  }
  for (let c = 0; c < columns; c++) shares[c] = Math.min(1, shares[c]!);
  return shares;
}

/** Columns with the same quantised share merged into runs; empty columns left out. */
export function densityRuns(shares: Float32Array): DensityRun[] {
  const runs: DensityRun[] = [];
  const level = (share: number) => Math.ceil(share * DENSITY_LEVELS - 1e-6) / DENSITY_LEVELS;
  for (let c = 0; c < shares.length; c++) {
    const share = level(shares[c]!);
    if (share <= 0) continue;
    const last = runs.at(-1);
    if (last && last.to === c && last.share === share) last.to = c + 1;
    else runs.push({ from: c, to: c + 1, share });
  }
  return runs;
}
