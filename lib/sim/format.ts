import type { Rejection } from "./events";

/** Formats a true time in milliseconds as seconds for sentences: 17000 → "17.0 s". */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Math.abs(s) >= 100 ? s.toFixed(0) : s.toFixed(1)} s`;
}

/** "c1", "c1 and c2", "c1, c2 and c3". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * The increments a write overwrote, as the end of a sentence: "c2's increment was lost", "2
 * increments, by c1 and c3, were lost"; `victims` are the clients whose increments they were.
 */
export function lostIncrements(victims: string[], count: number): string {
  if (victims.length > 1)
    return count === 1
      ? `an increment made by ${listOf(victims)} was lost`
      : `${count} increments, by ${listOf(victims)}, were lost`;
  const whose = victims.length === 1 ? `${victims[0]}'s` : null;
  if (count === 1) return `${whose ?? "an earlier"} increment was lost`;
  return whose ? `${count} of ${whose} increments were lost` : `${count} earlier increments were lost`;
}

/**
 * A number as en-US writes it: thousands grouped, at most three decimals, rounded half away from
 * zero (9720 → "9,720", 1234.5678 → "1,234.568"), the same text as `toLocaleString("en-US")`.
 * Written out because the first toLocaleString in a page loads ICU's number formats: 20–36 ms in
 * Chromium, on the lab's first render. Finite numbers only, exact up to 1e21.
 */
export function groupDigits(n: number): string {
  const [whole, fraction] = roundedToThousandths(Math.abs(n));
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

/** The whole digits and up to three decimals (no trailing zeros) of a non-negative number. */
function roundedToThousandths(abs: number): [string, string] {
  // The shortest decimal that reads back as the number, as ICU rounds it (1.0005 → 1.001).
  const text = String(abs);
  if (text.includes("e")) return abs < 1 ? ["0", ""] : [BigInt(Math.round(abs)).toString(), ""];
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= 3) return [whole, fraction];
  const thousandths = BigInt(whole + fraction.slice(0, 3)) + (fraction.charAt(3) >= "5" ? 1n : 0n);
  const digits = thousandths.toString().padStart(4, "0");
  return [digits.slice(0, -3), digits.slice(-3).replace(/0+$/, "")];
}

/** A rejection in words, for the event log's `reason` (the CLI prints it; no reader parses it). */
export function rejectionText(r: Rejection): string {
  switch (r.by) {
    case "fencing":
      return r.seen === null ? "no token" : `${r.token ?? "no token"} < ${r.seen}`;
    case "version":
      return `version ${r.expected} ≠ ${r.actual}`;
    case "transaction":
      return r.cause === "ended"
        ? "its transaction had already ended"
        : `its transaction was rolled back when ${r.client}'s connection was lost at ${seconds(r.atMs)}`;
  }
}

// How the site writes numbers for people: durations with their unit, clock readings, offsets from
// true time, rates and shares. One module, so the engine's sentences and every view agree.

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
