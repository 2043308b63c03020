/**
 * The event log: what happened, in order of (t, seq). Times are true time in milliseconds.
 * Every reader (checker, spans, timeline, story, CLI) works from these plain records.
 */
export type DropReason = "loss" | "partition" | "isolated" | "outage" | "crashed";

export type BeliefEndReason =
  | "released"
  | "lease-deadline"
  | "renewal-refused"
  | "session-lost"
  | "crashed";

export type LeaseEndReason = "released" | "expired" | "revoked" | "failover" | "restart" | "deleted";

export type EventBody =
  | { kind: "send"; proc: string; from: string; to: string; id: number; msg: string }
  | { kind: "deliver"; proc: string; from: string; to: string; id: number; msg: string }
  | { kind: "drop"; proc: string; from: string; to: string; id: number; msg: string; reason: DropReason }
  | { kind: "timeout"; proc: string; to: string; msg: string }
  | { kind: "pause-start"; proc: string; forMs: number; cause: string }
  | { kind: "pause-end"; proc: string; pausedMs: number }
  | { kind: "crash"; proc: string; host: boolean }
  | { kind: "restart"; proc: string }
  | { kind: "clock-jump"; proc: string; byMs: number }
  | { kind: "partition-start" | "partition-end"; proc: "network"; between: [string, string] }
  | { kind: "isolate-start" | "isolate-end"; proc: "network"; target: string }
  | { kind: "outage-start" | "outage-end"; proc: "network" }
  | { kind: "failover"; proc: string; lostAfterMs: number }
  | { kind: "leader-change"; proc: string; term: number }
  | { kind: "acquire-start"; proc: string; lock: string }
  | { kind: "refused"; proc: string; lock: string; reason: "held" | "unavailable" | "no-quorum" | "no-validity" | "session-lost" }
  | { kind: "grant"; proc: string; client: string; lock: string; grant: number; token: number | null }
  | { kind: "lease-end"; proc: string; client: string; lock: string; grant: number; token: number | null; reason: LeaseEndReason }
  | { kind: "belief-start"; proc: string; lock: string; grant: number | null; token: number | null; latencyMs: number; leaseDeadline: number | null }
  | { kind: "belief-end"; proc: string; lock: string; reason: BeliefEndReason }
  | { kind: "renew"; proc: string; lock: string; ok: boolean }
  | { kind: "release"; proc: string; lock: string }
  | { kind: "read"; proc: "storage"; client: string; key: string; value: number; version: number; token: number | null; ok: boolean; reason: string | null }
  | { kind: "work-start"; proc: string; ms: number }
  | { kind: "work-end"; proc: string }
  | { kind: "check"; proc: string; ok: boolean; remainingMs: number | null }
  | {
      kind: "write";
      proc: "storage";
      client: string;
      key: string;
      /** Counter workload: the value written; cron: 1 per effect. */
      value: number;
      readValue: number;
      token: number | null;
      grant: number | null;
      accepted: boolean;
      applied: boolean;
      reason: string | null;
      /** Counter increments this write overwrote (lost), and whose they were. */
      lostIncrements: number;
      overwrote: string[];
      run: number | null;
    }
  | { kind: "attempt-abort"; proc: string; reason: string }
  | { kind: "job-done"; proc: string; job: number }
  | { kind: "run-due"; proc: string; run: number }
  | { kind: "run-skip"; proc: string; run: number; reason: string }
  | { kind: "fail-open"; proc: string; lock: string };

export type EventKind = EventBody["kind"];
export type SimEvent = EventBody & { t: number; seq: number };
export type EventOf<K extends EventKind> = Extract<SimEvent, { kind: K }>;

/** The kinds the checker needs; a summary-only run records just these. */
export const CHECKER_EVENT_KINDS: ReadonlySet<EventKind> = new Set<EventKind>([
  "grant",
  "lease-end",
  "belief-start",
  "belief-end",
  "write",
  "read",
  "attempt-abort",
  "job-done",
  "run-due",
  "timeout",
]);
