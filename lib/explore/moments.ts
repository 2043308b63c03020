/**
 * The moments that matter in a run, read from its event log: where the failure finder places its
 * faults. Per client, in time order:
 * - grant: it learned it was granted the lock (`belief-start` with a grant);
 * - read: storage answered its read (`read`, accepted);
 * - write: its work ended and it is about to write (`work-end`; with `checkBeforeWrite` the check
 *   happens at the same instant, so a fault placed here lands between the check and the write);
 * - renew: it sent a renewal, keep-alive or heartbeat to a lock-service node while it believed it
 *   held the lock (its release ends the belief first, so it is not one).
 * Times are true time in milliseconds, from the log (fractional where the log's are).
 */
import type { SimEvent } from "@/lib/sim/events";

export type MomentKind = "grant" | "read" | "write" | "renew";

export interface Moment {
  client: string;
  kind: MomentKind;
  /** True time of the event, in ms. */
  t: number;
}

/** The moments of `events` (a full log, not a summary-only one), sorted by time, then client. */
export function momentsOf(events: readonly SimEvent[], serviceNodes: ReadonlySet<string>): Moment[] {
  const moments: Moment[] = [];
  const believing = new Set<string>();
  for (const e of events) {
    switch (e.kind) {
      case "belief-start":
        believing.add(e.proc);
        if (e.grant !== null) moments.push({ client: e.proc, kind: "grant", t: e.t });
        break;
      case "belief-end":
        believing.delete(e.proc);
        break;
      case "read":
        if (e.ok) moments.push({ client: e.client, kind: "read", t: e.t });
        break;
      case "work-end":
        moments.push({ client: e.proc, kind: "write", t: e.t });
        break;
      case "send":
        // A release ends the belief before it is sent, so it is not counted here.
        if (believing.has(e.from) && serviceNodes.has(e.to)) {
          moments.push({ client: e.from, kind: "renew", t: e.t });
        }
        break;
    }
  }
  return moments.sort((a, b) => a.t - b.t || a.client.localeCompare(b.client, "en", { numeric: true }));
}
