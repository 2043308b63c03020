/**
 * The run's one source of randomness: a seeded PRNG (sfc32, seeded through splitmix32), so the
 * same seed gives the same numbers on every machine. `fork()` derives an independent stream from
 * this one, so separate concerns (network, chaos, clients) draw without disturbing each other:
 * a fault injected late in a run leaves every earlier draw unchanged.
 */
export class Rng {
  /**
   * sfc32's four 32-bit words (a, b, c, d). An Int32Array rather than four fields: Chrome's V8
   * compresses pointers, which leaves small integers 31 bits (v8.dev/blog/pointer-compression),
   * so a field holding a 32-bit word half the time holds a boxed heap number instead. Drawing
   * was about three times slower in Chromium than in Node; a failure map's worker ran ~15% slower.
   */
  private readonly state = new Int32Array(4);

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    const state = this.state;
    for (let i = 0; i < 4; i++) state[i] = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform float in [0, 1). */
  next(): number {
    const state = this.state;
    // Four words of state, always there: no check in the engine's hottest call.
    const a = state[0]!;
    const b = state[1]!;
    const c = state[2]!;
    const d = state[3]!;
    const t = (((a + b) | 0) + d) | 0;
    state[3] = d + 1;
    state[0] = b ^ (b >>> 9);
    state[1] = c + (c << 3);
    state[2] = ((c << 21) | (c >>> 11)) + t;
    return (t >>> 0) / 4294967296;
  }

  /** A uniform float in [lo, hi]. */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** A uniform whole number in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor((hi - lo + 1) * this.next());
  }

  /** One of `items` (not empty), each as likely: one draw, as `int` makes. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** An exponentially distributed float with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** A copy that goes on from this point: the same numbers this stream would draw next. */
  clone(): Rng {
    const copy = new Rng(0);
    copy.state.set(this.state);
    return copy;
  }

  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}
