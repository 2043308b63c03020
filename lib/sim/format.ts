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
