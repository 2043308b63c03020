/**
 * Each process's own clocks. True time `t` (ms) is the simulation's omniscient time; a process only
 * ever reads its own clocks:
 * - wall(t) = t + offsetMs + driftPpm·1e-6·t + (sum of jumps with atMs ≤ t)
 * - mono(t) = t·(1 + driftPpm·1e-6), immune to offsets and jumps.
 * Every jump is known before the run starts (faults are part of the scenario), so the true time at
 * which a clock reaches a reading can be computed exactly, which is how timers are scheduled.
 */
export type ClockKind = "wall" | "monotonic";

declare const readingBrand: unique symbol;
/**
 * A reading of a process's clock (ms), branded so it cannot pass for true time: a timer is set on a
 * reading, a lease deadline is a reading, and mixing one with true time (or with another process's
 * clock) is the bug the lab exists to show, not one the engine may make.
 */
export type ClockReading = number & { readonly [readingBrand]: true };

/** A number that is a reading by construction: a schedule on a clock (cron's wall times, a sweep's ticks) or a reading not yet taken. */
export const clockReading = (ms: number): ClockReading => ms as ClockReading;

/** The reading `ms` later on the same clock (a duration added to a reading stays a reading). */
export const clockAfter = (reading: ClockReading, ms: number): ClockReading => (reading + ms) as ClockReading;

export interface ClockJump {
  atMs: number;
  byMs: number;
}

export class ProcessClock {
  /** Jumps sorted by time. */
  private readonly jumps: ClockJump[];
  private readonly rate: number;

  constructor(
    readonly offsetMs: number,
    readonly driftPpm: number,
    jumps: ClockJump[],
  ) {
    this.jumps = [...jumps].sort((x, y) => x.atMs - y.atMs);
    this.rate = 1 + driftPpm * 1e-6;
  }

  /** The wall clock's reading (ms) at true time t. */
  wall(t: number): ClockReading {
    let jumped = 0;
    for (const j of this.jumps) {
      if (j.atMs > t) break;
      jumped += j.byMs;
    }
    return (t * this.rate + this.offsetMs + jumped) as ClockReading;
  }

  /** The monotonic clock's reading (ms) at true time t. */
  mono(t: number): ClockReading {
    return (t * this.rate) as ClockReading;
  }

  read(kind: ClockKind, t: number): ClockReading {
    return kind === "wall" ? this.wall(t) : this.mono(t);
  }

  /**
   * The earliest true time ≥ fromT at which the given clock reads `reading` or more. A reading
   * already passed (say, after a forward jump) gives fromT itself.
   */
  trueTimeOf(kind: ClockKind, reading: number, fromT: number): number {
    if (kind === "monotonic") return Math.max(fromT, reading / this.rate);
    let jumped = 0;
    let segmentStart = -Infinity;
    for (let i = 0; i <= this.jumps.length; i++) {
      const jump = this.jumps[i];
      const segmentEnd = jump ? jump.atMs : Infinity;
      const from = Math.max(segmentStart, fromT);
      if (segmentEnd > from) {
        const t = (reading - this.offsetMs - jumped) / this.rate;
        if (t <= from) return from;
        if (t < segmentEnd) return t;
      }
      if (jump) {
        jumped += jump.byMs;
        segmentStart = segmentEnd;
      }
    }
    return Infinity;
  }
}
