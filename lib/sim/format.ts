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
  if (victims.length > 1) return count === 1 ? `an increment made by ${listOf(victims)} was lost` : `${count} increments, by ${listOf(victims)}, were lost`;
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
  const [whole, fraction = ""] = text.split(".");
  if (fraction.length <= 3) return [whole, fraction];
  const thousandths = BigInt(whole + fraction.slice(0, 3)) + (fraction[3] >= "5" ? 1n : 0n);
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
