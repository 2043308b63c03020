/** How the Load panel writes rates and shares: "40 jobs/s", "1.3 jobs/s", "92 %". */

/** A rate in jobs per second, to two significant digits below 10 and whole above. */
export function formatRate(perSec: number): string {
  const text = perSec >= 10 ? Math.round(perSec).toLocaleString("en-US") : String(Number(perSec.toPrecision(2)));
  return `${text} jobs/s`;
}

/** A fraction as a whole percentage; "< 1 %" for a small share that is not nothing. */
export function formatPercent(fraction: number): string {
  if (fraction > 0 && fraction < 0.005) return "< 1 %";
  return `${Math.round(fraction * 100)} %`;
}
