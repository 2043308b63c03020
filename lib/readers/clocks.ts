/** What a process's own clock reads at the playhead, for lane labels and the topology. */
import { processClock } from "@/lib/sim/processes";
import type { ResolvedScenario } from "@/lib/sim/scenario";

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
