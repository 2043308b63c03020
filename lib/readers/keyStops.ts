/**
 * The moments worth stopping at when stepping through a run or playing it with reduced motion:
 * the events that change who holds or believes in a lock, what storage holds, or what fails —
 * grants, renewals, lease and belief ends, pauses, writes and reads, the injected faults — and
 * every violation. Messages, retries and work boundaries are left to the every-event stops
 * (message-level stepping), or gc-pause would take 200 steps to reach its stale write.
 */
import type { SimEvent } from "@/lib/sim/events";
import type { SimResult } from "@/lib/sim/simulate";

const KEY_KINDS = new Set<SimEvent["kind"]>([
  "grant",
  "renew",
  "lease-end",
  "belief-start",
  "belief-end",
  "release",
  "pause-start",
  "pause-end",
  "write",
  "read",
  "crash",
  "restart",
  "clock-jump",
  "partition-start",
  "partition-end",
  "isolate-start",
  "isolate-end",
  "outage-start",
  "outage-end",
  "failover",
  "leader-change",
  "lock-delay",
  "fail-open",
]);

export function keyStopsOf(events: readonly SimEvent[], violations: SimResult["violations"]): Float64Array {
  const times = new Set<number>();
  for (const e of events) if (KEY_KINDS.has(e.kind)) times.add(e.t);
  for (const v of violations) times.add(v.t);
  return Float64Array.from([...times].sort((a, b) => a - b));
}
