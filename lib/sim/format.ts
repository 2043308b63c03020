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
