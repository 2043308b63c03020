/**
 * Spans: the intervals the timeline draws, derived from the event log. Each lies on one lane
 * (a process id) between two true times.
 */
import type { BeliefEndReason, LeaseEndReason, SimEvent } from "./events";

export type Span =
  | {
      kind: "belief";
      lane: string;
      startT: number;
      endT: number;
      token: number | null;
      grant: number | null;
      endReason: BeliefEndReason | "run-end";
    }
  | {
      kind: "lease";
      lane: string;
      startT: number;
      endT: number;
      client: string;
      token: number | null;
      grant: number;
      endReason: LeaseEndReason | "run-end";
    }
  | { kind: "paused"; lane: string; startT: number; endT: number; cause: string }
  | { kind: "lock-delay"; lane: string; startT: number; endT: number; lock: string }
  /**
   * A client's session in doubt: the library cannot tell whether the service still holds it
   * (ZooKeeper's Disconnected, Chubby's jeopardy), until it hears it is alive or expired.
   */
  | { kind: "session-in-doubt"; lane: string; startT: number; endT: number; state: "disconnected" | "jeopardy" }
  | { kind: "working" | "waiting" | "down" | "partitioned"; lane: string; startT: number; endT: number };

export function spansOf(events: readonly SimEvent[], durationMs: number): Span[] {
  const spans: Span[] = [];
  const open = new Map<string, { t: number; close: (endT: number, e: SimEvent | null) => Span | null }>();
  const begin = (key: string, t: number, close: (endT: number, e: SimEvent | null) => Span | null) => {
    if (!open.has(key)) open.set(key, { t, close });
  };
  const end = (key: string, t: number, e: SimEvent) => {
    const o = open.get(key);
    if (!o) return;
    open.delete(key);
    const span = o.close(t, e);
    if (span) spans.push(span);
  };

  // A lane is cut off while any partition or isolation involving it lasts: one span, however many overlap.
  const cuts = new Map<string, number>();
  for (const e of events) {
    switch (e.kind) {
      case "belief-start":
        end(`wait/${e.proc}`, e.t, e);
        begin(`belief/${e.proc}`, e.t, (endT, last) => ({
          kind: "belief",
          lane: e.proc,
          startT: e.t,
          endT,
          token: e.token,
          grant: e.grant,
          endReason: last?.kind === "belief-end" ? last.reason : "run-end",
        }));
        break;
      case "belief-end":
        end(`belief/${e.proc}`, e.t, e);
        break;
      case "grant":
        // A Redlock grant is the client's own conclusion; its nodes' keys are drawn instead.
        if (e.proc === e.client) break;
        begin(`lease/${e.grant}`, e.t, (endT, last) => ({
          kind: "lease",
          lane: e.proc,
          startT: e.t,
          endT,
          client: e.client,
          token: e.token,
          grant: e.grant,
          endReason: last?.kind === "lease-end" ? last.reason : "run-end",
        }));
        break;
      case "lease-end":
        end(`lease/${e.grant}`, e.t, e);
        break;
      case "node-key-start":
        begin(`key/${e.grant}/${e.proc}`, e.sinceT, (endT, last) => ({
          kind: "lease",
          lane: e.proc,
          startT: e.sinceT,
          endT,
          client: e.client,
          token: null,
          grant: e.grant,
          endReason: last?.kind === "node-key-end" ? last.reason : "run-end",
        }));
        break;
      case "node-key-end":
        end(`key/${e.grant}/${e.proc}`, e.t, e);
        break;
      case "lock-delay":
        spans.push({
          kind: "lock-delay",
          lane: e.proc,
          startT: e.t,
          endT: Math.min(e.untilT, Math.max(durationMs, e.t)),
          lock: e.lock,
        });
        break;
      case "pause-start":
        begin(`pause/${e.proc}`, e.t, (endT) => ({ kind: "paused", lane: e.proc, startT: e.t, endT, cause: e.cause }));
        break;
      case "pause-end":
        end(`pause/${e.proc}`, e.t, e);
        break;
      case "work-start":
        begin(`work/${e.proc}`, e.t, (endT) => ({ kind: "working", lane: e.proc, startT: e.t, endT }));
        break;
      case "work-end":
        end(`work/${e.proc}`, e.t, e);
        break;
      case "acquire-start":
        begin(`wait/${e.proc}`, e.t, (endT) => ({ kind: "waiting", lane: e.proc, startT: e.t, endT }));
        break;
      case "refused":
      case "attempt-abort":
      case "run-skip":
      case "fail-open":
        if (e.kind !== "refused" || e.reason === "unavailable") end(`wait/${e.proc}`, e.t, e);
        break;
      case "session":
        // Only the client's own view: the service's "expired" on its lane is a moment, not a doubt.
        if (e.proc !== e.client) break;
        if (e.state === "disconnected" || e.state === "jeopardy") {
          const state = e.state;
          begin(`doubt/${e.proc}`, e.t, (endT) => ({
            kind: "session-in-doubt",
            lane: e.proc,
            startT: e.t,
            endT,
            state,
          }));
        } else end(`doubt/${e.proc}`, e.t, e);
        break;
      case "crash":
        // The client's own belief-end ("crashed") follows this event and closes its belief; its session's doubt ends with the process.
        for (const key of [`work/${e.proc}`, `wait/${e.proc}`, `pause/${e.proc}`, `doubt/${e.proc}`]) end(key, e.t, e);
        begin(`down/${e.proc}`, e.t, (endT) => ({ kind: "down", lane: e.proc, startT: e.t, endT }));
        break;
      case "restart":
        end(`down/${e.proc}`, e.t, e);
        break;
      case "partition-start":
      case "isolate-start":
        for (const lane of "between" in e ? e.between : [e.target]) {
          const count = cuts.get(lane) ?? 0;
          cuts.set(lane, count + 1);
          if (count === 0) begin(`cut/${lane}`, e.t, (endT) => ({ kind: "partitioned", lane, startT: e.t, endT }));
        }
        break;
      case "partition-end":
      case "isolate-end":
        for (const lane of "between" in e ? e.between : [e.target]) {
          const count = (cuts.get(lane) ?? 1) - 1;
          cuts.set(lane, count);
          if (count === 0) end(`cut/${lane}`, e.t, e);
        }
        break;
    }
  }
  for (const o of open.values()) {
    const span = o.close(Math.max(durationMs, o.t), null);
    if (span) spans.push(span);
  }
  return spans.sort((a, b) => a.startT - b.startT);
}
