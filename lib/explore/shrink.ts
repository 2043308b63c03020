/**
 * Shrinks a failing fault schedule towards a minimal one: fewest faults, then latest placement,
 * then smallest sizes (pauses, jumps and delays, in 100 ms steps), repeated until nothing changes
 * (at most three rounds). Every change is kept only if the schedule still fails, so the result
 * always fails. The search is greedy: it finds a local minimum, not necessarily the global one.
 */
import { canMoveTo, magnitudeOf, moveTo, withMagnitude, type Placed } from "./finderFaults";
import type { Moment } from "./moments";

/** 100 ms: sizes shrink in steps people can read ("8.1 s"), and the search stays short. */
export const SHRINK_STEP_MS = 100;
const ROUNDS = 3;

export interface ShrinkOracle {
  /** Whether the scenario with this schedule added still fails (false once out of runs). */
  fails(schedule: readonly Placed[]): boolean;
  /** The moments of the run with this schedule added. */
  momentsWith(schedule: readonly Placed[]): Moment[];
}

export function shrinkSchedule(schedule: readonly Placed[], oracle: ShrinkOracle): Placed[] {
  let current = [...schedule];
  for (let round = 0; round < ROUNDS; round++) {
    const before = keyOf(current);
    current = fewerFaults(current, oracle);
    current = laterPlacements(current, oracle);
    current = smallerSizes(current, oracle);
    if (keyOf(current) === before) break;
  }
  return current;
}

function fewerFaults(schedule: Placed[], oracle: ShrinkOracle): Placed[] {
  let current = schedule;
  for (let i = current.length - 1; i >= 0; i--) {
    const without = current.filter((_, j) => j !== i);
    if (oracle.fails(without)) current = without;
  }
  return current;
}

/** Moves each fault to the latest later moment (of its client, in the run with the others) that still fails. */
function laterPlacements(schedule: Placed[], oracle: ShrinkOracle): Placed[] {
  let current = schedule;
  for (let i = 0; i < current.length; i++) {
    const placed = current[i]!; // current keeps its length: each step replaces one fault
    const others = current.filter((_, j) => j !== i);
    const later = oracle
      .momentsWith(others)
      .filter((m) => m.t > placed.moment.t && canMoveTo(placed, m))
      .reverse();
    for (const m of later) {
      const moved = moveTo(placed, m);
      if (JSON.stringify(moved.fault) === JSON.stringify(placed.fault)) continue;
      const candidate = current.map((p, j) => (j === i ? moved : p));
      if (oracle.fails(candidate)) {
        current = candidate;
        break;
      }
    }
  }
  return current;
}

/** Binary search, per fault, for the smallest size (a multiple of 100 ms, or its current size) that still fails. */
function smallerSizes(schedule: Placed[], oracle: ShrinkOracle): Placed[] {
  let current = schedule;
  for (let i = 0; i < current.length; i++) {
    const placed = current[i]!; // current keeps its length: each step replaces one fault
    const size = magnitudeOf(placed.fault);
    const sized = (k: number): Placed[] => {
      const fault = withMagnitude(placed.fault, Math.min(size, k * SHRINK_STEP_MS));
      return current.map((p, j) => (j === i ? { ...p, fault } : p));
    };
    let lo = 0;
    let hi = Math.ceil(size / SHRINK_STEP_MS);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (oracle.fails(sized(mid))) hi = mid;
      else lo = mid;
    }
    current = sized(hi);
  }
  return current;
}

function keyOf(schedule: readonly Placed[]): string {
  return JSON.stringify(schedule.map((p) => p.fault));
}
