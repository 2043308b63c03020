/**
 * Each process's own clocks. True time `t` (ms) is the simulation's omniscient time; a process only
 * ever reads its own clocks:
 * - wall(t) = t + offsetMs + driftPpm·1e-6·t + (sum of jumps with atMs ≤ t)
 * - mono(t) = t·(1 + driftPpm·1e-6), immune to offsets and jumps.
 * Every jump is known before the run starts (faults are part of the scenario), so the true time at
 * which a clock reaches a reading can be computed exactly, which is how timers are scheduled.
 */
export type ClockKind = "wall" | "monotonic";

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
  wall(t: number): number {
    let jumped = 0;
    for (const j of this.jumps) {
      if (j.atMs > t) break;
      jumped += j.byMs;
    }
    return t * this.rate + this.offsetMs + jumped;
  }

  /** The monotonic clock's reading (ms) at true time t. */
  mono(t: number): number {
    return t * this.rate;
  }

  read(kind: ClockKind, t: number): number {
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
      const segmentEnd = i < this.jumps.length ? this.jumps[i].atMs : Infinity;
      const from = Math.max(segmentStart, fromT);
      if (segmentEnd > from) {
        const t = (reading - this.offsetMs - jumped) / this.rate;
        if (t <= from) return from;
        if (t < segmentEnd) return t;
      }
      if (i < this.jumps.length) {
        jumped += this.jumps[i].byMs;
        segmentStart = segmentEnd;
      }
    }
    return Infinity;
  }
}
