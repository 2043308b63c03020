/**
 * The presenter's pace: where the talk should be by now if its planned minutes were spread evenly
 * over the slides, against where it is. Times are real milliseconds since the talk started.
 */
export interface Pace {
  status: "ahead" | "on-pace" | "behind";
  /** How far ahead or behind, in ms; 0 on pace. */
  byMs: number;
  /** Planned time left (negative once over time). */
  remainingMs: number;
}

export function deckPace({
  elapsedMs,
  slide,
  slideCount,
  minutes,
}: {
  elapsedMs: number;
  slide: number;
  slideCount: number;
  minutes: number;
}): Pace {
  const plannedMs = minutes * 60_000;
  const perSlide = plannedMs / Math.max(1, slideCount);
  const slideStart = slide * perSlide;
  const slideEnd = slideStart + perSlide;
  const remainingMs = plannedMs - elapsedMs;
  if (elapsedMs > slideEnd) return { status: "behind", byMs: elapsedMs - slideEnd, remainingMs };
  if (elapsedMs < slideStart) return { status: "ahead", byMs: slideStart - elapsedMs, remainingMs };
  return { status: "on-pace", byMs: 0, remainingMs };
}

/** "4:05", or "1:02:05" past an hour; negative durations read "−0:30". */
export function formatTalkTime(ms: number): string {
  const sign = ms < 0 ? "−" : "";
  const total = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, "0")}:${s}` : `${sign}${m}:${s}`;
}
