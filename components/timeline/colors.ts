import type { Lane } from "@/lib/readers/timelineModel";
import { clientColor, roleColor } from "@/lib/theme/tokens";

/** The colour a lane is drawn in: its client's, by the number the lane carries; neutral for a service or storage. */
export function laneColor(lane: Lane): string {
  return lane.clientNumber === null ? roleColor.lockService : clientColor(lane.clientNumber);
}

/**
 * Each process's colour by its lane, which carries a client's number: the lanes are the run's
 * processes (lanesOf), so a service, storage or an id with no lane is neutral.
 */
export function processColors(lanes: readonly Lane[]): (id: string) => string {
  const colors = new Map(lanes.map((lane) => [lane.id, laneColor(lane)]));
  return (id) => colors.get(id) ?? roleColor.lockService;
}
