import type { Lane } from "@/lib/readers/timelineModel";
import { clientColor, roleColor } from "@/lib/theme/tokens";

/** The colour a lane is drawn in: its client's, by the number the lane carries; neutral for a service or storage. */
export function laneColor(lane: Lane): string {
  return lane.clientNumber === null ? roleColor.lockService : clientColor(lane.clientNumber);
}

/** The colour of a client by its id ("c3" → client 3's colour); neutral for anything else. */
export function colorOfProcess(id: string): string {
  const match = /^c(\d+)$/.exec(id);
  return match ? clientColor(Number(match[1])) : roleColor.lockService;
}
