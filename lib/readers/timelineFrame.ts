/**
 * The window of true time the timeline frames to show one moment or one violation: the moment (or
 * the violation's whole window) in the middle, with at least MIN_FRAME_MS around it for context,
 * kept inside the run.
 */
export const MIN_FRAME_MS = 4000;

export function frameAround(startT: number, endT: number, durationMs: number): [number, number] {
  const length = Math.max(0, endT - startT);
  const width = Math.min(durationMs, Math.max(MIN_FRAME_MS, length * 1.5));
  const pad = (width - length) / 2;
  let t0 = startT - pad;
  let t1 = endT + pad;
  if (t0 < 0) [t0, t1] = [0, t1 - t0];
  if (t1 > durationMs) [t0, t1] = [Math.max(0, t0 - (t1 - durationMs)), durationMs];
  return [t0, t1];
}
