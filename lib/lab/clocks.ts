/**
 * Each process's own clock, as the engine sets it up (DESIGN §2 "Clocks"): `skewMs` and
 * `driftPpm` spread evenly over c1..cN, then the service nodes by id, then storage; a
 * `clocks.per` entry replaces a process's spread values; clock-jump faults apply from `atMs`.
 * lib/sim keeps this spread private to `simulate`, so it is mirrored here for the lane labels,
 * with the engine's own ProcessClock doing the arithmetic. clocks.test.ts checks the mirror
 * against the engine's behaviour.
 */
import { ProcessClock, type ClockJump } from "@/lib/sim/clock";
import { clientIds, serviceNodeIds, type ResolvedScenario } from "@/lib/sim/scenario";

/** The processes in the order the clock spread uses: c1..cN, service nodes by id, storage. */
export function clockSpreadOrder(scenario: ResolvedScenario): string[] {
  return [...clientIds(scenario.clients.count), ...[...serviceNodeIds(scenario.service)].sort(), "storage"];
}

/** The clock of process `id` in this scenario, or null if the scenario has no such process. */
export function processClock(scenario: ResolvedScenario, id: string): ProcessClock | null {
  const order = clockSpreadOrder(scenario);
  const index = order.indexOf(id);
  if (index < 0) return null;
  const share = order.length > 1 ? index / (order.length - 1) - 0.5 : 0;
  const per = scenario.clocks.per[id] ?? {};
  const jumps: ClockJump[] = scenario.faults.flatMap((f) => (f.kind === "clock-jump" && f.target === id ? [{ atMs: f.atMs, byMs: f.byMs }] : []));
  return new ProcessClock(per.offsetMs ?? share * scenario.clocks.skewMs, per.driftPpm ?? share * scenario.clocks.driftPpm, jumps);
}

export interface ClockReading {
  /** The process's wall clock at true time t, in milliseconds of its own clock. */
  wallMs: number;
  /** How far that reading is from true time: wallMs − t. */
  aheadMs: number;
}

/** What process `id`'s wall clock reads at true time `t` (ms), or null for an unknown process. */
export function clockReadingAt(scenario: ResolvedScenario, id: string, t: number): ClockReading | null {
  const clock = processClock(scenario, id);
  if (!clock) return null;
  const wallMs = clock.wall(t);
  return { wallMs, aheadMs: wallMs - t };
}
