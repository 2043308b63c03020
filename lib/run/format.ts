import { groupDigits } from "@/lib/sim/format";

/**
 * How the lab writes numbers for people: durations with their unit, clock readings, offsets from
 * true time. Sentences use lib/sim's `seconds` ("17.0 s"), so the story and the checker agree.
 */

/** Significant digits that are worth showing: 1500 → "1.5", 10000 → "10", 12345 → "12.3". */
function trimmed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** A duration in milliseconds with its unit: "0 ms", "500 ms", "1.5 s", "15 s", "2 min". */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1000) return `${trimmed(ms, abs < 10 ? 1 : 0)} ms`;
  if (abs < 100_000) return `${trimmed(ms / 1000, abs < 10_000 ? 2 : 1)} s`;
  if (abs < 600_000) return `${trimmed(ms / 1000, 0)} s`;
  return `${trimmed(ms / 60_000, 1)} min`;
}

/** A clock reading in milliseconds, as a lane label shows it: "12.340 s", "−1.000 s". */
export function formatClock(ms: number): string {
  const s = (ms / 1000).toFixed(3);
  return `${s.replace("-", "−")} s`;
}

/** How far a clock is from true time: "+2.0 s", "−350 ms", "+3 ms", "±0". */
export function formatOffset(ms: number): string {
  const rounded = Math.round(ms * 10) / 10;
  if (rounded === 0) return "±0";
  const sign = rounded > 0 ? "+" : "−";
  const abs = Math.abs(rounded);
  return abs < 1000 ? `${sign}${trimmed(abs, abs < 10 ? 1 : 0)} ms` : `${sign}${(abs / 1000).toFixed(1)} s`;
}

/** A drift in parts per million: "200 ppm", "50,000 ppm (5 %)". */
export function formatPpm(ppm: number): string {
  const text = `${groupDigits(Math.round(ppm))} ppm`;
  return ppm >= 10_000 ? `${text} (${trimmed(ppm / 10_000, 1)} %)` : text;
}

/** A range of durations: "1–5 ms", "0.5–3 s", or one value when both ends agree. */
export function formatDurationRange([lo, hi]: readonly [number, number]): string {
  if (lo === hi) return formatDuration(hi);
  const unitOf = (text: string) => text.replace(/^[−\d.,]+ /, "");
  const a = formatDuration(lo);
  const b = formatDuration(hi);
  return unitOf(a) === unitOf(b) ? `${a.replace(/ .*$/, "")}–${b}` : `${a} – ${b}`;
}

/** ZooKeeper's and Chubby's names for a session its client library is unsure of. */
export function formatSessionDoubt(state: "disconnected" | "jeopardy"): string {
  return state === "disconnected" ? "session disconnected" : "session in jeopardy";
}

// Rates and shares, as the Load panel writes them: "40 jobs/s", "1.3 jobs/s", "92 %".

/** A rate in jobs per second, to two significant digits below 10 and whole above. */
export function formatRate(perSec: number): string {
  const text = perSec >= 10 ? groupDigits(Math.round(perSec)) : String(Number(perSec.toPrecision(2)));
  return `${text} jobs/s`;
}

/** A fraction as a whole percentage; "< 1 %" for a small share that is not nothing. */
export function formatPercent(fraction: number): string {
  if (fraction > 0 && fraction < 0.005) return "< 1 %";
  return `${Math.round(fraction * 100)} %`;
}

/** The text with its first letter capitalised: "lost update" → "Lost update". */
export const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
