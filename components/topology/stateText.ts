import { idleProcess, type ProcessState } from "@/lib/readers/topologyFrame";
import type { TopologyNodeKind } from "@/lib/readers/topologyLayout";
import { formatSessionDoubt } from "@/lib/sim/format";

const tokenText = (token: number | null) => (token === null ? "no token" : `token ${token}`);

/**
 * A process's state in words, as its card shows it: what it is doing ("paused (GC)", with "cut off"
 * added when a partition isolates it and "session disconnected" while its session is in doubt)
 * and what it believes ("believes it holds the lock · token 1", "· its lease has ended" once the
 * service no longer grants it: a client believes, only the service grants).
 */
export function stateText(
  kind: TopologyNodeKind,
  state: ProcessState | undefined,
): { status: string; detail: string | null } {
  const s = state ?? idleProcess();
  let status: string;
  let detail: string | null = null;
  if (kind === "client") {
    status =
      s.status === "paused" && s.pauseCause === "gc"
        ? "paused (GC)"
        : s.status === "waiting"
          ? "waiting for the lock"
          : s.status;
    if (s.holding)
      detail = `believes it holds the lock · ${tokenText(s.holding.token)}${s.holding.pastLease ? " · its lease has ended" : ""}`;
  } else {
    status = s.status === "crashed" ? "down" : s.status === "paused" ? "paused" : "up";
    if (kind === "service" && s.status !== "crashed") detail = s.leases.length ? null : "no lease";
  }
  const doubt = s.sessionInDoubt ? ` · ${formatSessionDoubt(s.sessionInDoubt)}` : "";
  return { status: `${status}${s.partitioned ? " · cut off" : ""}${doubt}`, detail };
}
