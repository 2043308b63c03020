import { clientColor, roleColor } from "@/lib/theme/tokens";

/** The colour of a client by its id ("c3" → client 3's colour); neutral for anything else. */
export function colorOfProcess(id: string): string {
  const match = /^c(\d+)$/.exec(id);
  return match ? clientColor(Number(match[1])) : roleColor.lockService;
}
