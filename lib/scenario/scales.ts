/**
 * Slider scales: a slider's position is a whole number from 0 to `max`, and a scale maps it to a
 * value and back. Log scales round each value to two significant digits, so the steps read as
 * people write numbers (9.7 s, 11 s, 12 s …) while each step is still the same ratio.
 */
export interface SliderScale {
  /** The highest position (the lowest is 0). */
  max: number;
  /** The value at a position; null is the scale's "off" value (position 0), when it has one. */
  toValue(position: number): number | null;
  /** The position nearest to a value (a value between two steps shows at the nearer one). */
  toPosition(value: number | null): number;
}

/** Two significant digits, and never finer than 1 (values are whole milliseconds or units). */
export function roundNice(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.max(1, Math.round(value / Math.max(1, magnitude)) * Math.max(1, magnitude));
}

/**
 * Logarithmic from `min` to `max` in `steps` equal ratios. With `off`, position 0 is the off
 * value (`offValue`: 0, or null for "never") and the log range starts at position 1.
 */
export function logScale(min: number, max: number, steps: number, off?: { value: 0 | null }): SliderScale {
  const first = off ? 1 : 0;
  const ratio = Math.log(max / min) / steps;
  return {
    max: steps + first,
    toValue(position) {
      if (off && position <= 0) return off.value;
      const p = Math.min(steps, Math.max(0, position - first));
      if (p === steps) return max;
      if (p === 0) return min;
      return roundNice(min * Math.exp(ratio * p));
    },
    toPosition(value) {
      if (value === null || value <= 0) return 0;
      if (off && value < min / Math.exp(ratio / 2)) return 0;
      const p = Math.round(Math.log(value / min) / ratio);
      return Math.min(steps, Math.max(0, p)) + first;
    },
  };
}

/** Whole numbers from `min` to `max`, one per position. */
export function linearScale(min: number, max: number): SliderScale {
  return {
    max: max - min,
    toValue: (position) => min + Math.min(max - min, Math.max(0, Math.round(position))),
    toPosition: (value) => Math.min(max - min, Math.max(0, Math.round((value ?? min) - min))),
  };
}
