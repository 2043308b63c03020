/**
 * The event log: what happened, in order of (t, seq). Times are true time in milliseconds.
 * Every reader (checker, spans, timeline, story, CLI) works from these plain records.
 */
export type DropReason = "loss" | "partition" | "isolated" | "outage" | "crashed";

export type BeliefEndReason = "released" | "lease-deadline" | "renewal-refused" | "session-lost" | "crashed";

export type LeaseEndReason =
  | "released"
  | "expired"
  | "revoked"
  | "failover"
  | "restart"
  | "deleted"
  /** Another client took the lock over (an expired Postgres lock-table row, a Kubernetes Lease). */
  | "taken-over"
  /** The server closed the holder's connection, and its session locks went with it (Postgres). */
  | "connection-lost";

/** Why storage refused a read or a write. */
export type Rejection =
  /** Fencing: the request has no token, or one below the highest storage has seen (null: none yet). */
  | { by: "fencing"; token: number | null; seen: number | null }
  /** Optimistic concurrency: the version read is no longer the current one. */
  | { by: "version"; expected: number; actual: number }
  /** Postgres FOR UPDATE: the write's transaction had already ended (rolled back with a lost connection at `atMs`, or released). */
  | { by: "transaction"; cause: "connection-lost"; client: string; atMs: number }
  | { by: "transaction"; cause: "ended" };

export type AbortCause =
  | { kind: "unavailable" }
  | { kind: "read-rejected"; rejection: Rejection }
  | { kind: "write-rejected"; rejection: Rejection }
  | { kind: "read-timeout" }
  | { kind: "write-timeout" }
  /** `checkBeforeWrite` found the lease over; `beliefEnded` says what had ended the belief, if anything. */
  | { kind: "check-failed"; beliefEnded: BeliefEndReason | null; remainingMs: number | null }
  /** `onLockLost: "abort"`: the client stopped believing before sending its write and dropped the job at once. */
  | { kind: "lock-lost"; beliefEnded: BeliefEndReason };

/** A session as a lock library or a service sees it change (ZooKeeper, Chubby, Kubernetes, Postgres). */
export type SessionState =
  /** ZooKeeper client: nothing heard from the ensemble for ⅔ of the session timeout. */
  | "disconnected"
  /** ZooKeeper client: heard from the ensemble again, and the session was still alive. */
  | "reconnected"
  /** The session is over: the service expired it, or (on a client's lane) the client learned so. */
  | "expired"
  /** Chubby client: its local lease ran out; the grace period begins. */
  | "jeopardy"
  /** Chubby client: the master answered within the grace period; the session survived. */
  | "safe"
  /** Kubernetes leader: RenewDeadline passed without a successful renewal. */
  | "stopped-leading"
  /** Postgres: the server closed the client's connection (reset, or TCP keepalive gave up). */
  | "connection-lost";

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
  /** The new primary took over (`downMs` after the old one died), lacking the writes after `lostAfterMs`. */
  | { kind: "failover"; proc: string; lostAfterMs: number; downMs: number }
  | { kind: "leader-change"; proc: string; term: number }
  /** Storage failed over to a replica holding only the writes applied at or before `lostAfterMs`: `lostWrites` were lost, and each key's value is `values`. */
  | {
      kind: "storage-failover";
      proc: "storage";
      lostAfterMs: number;
      lostWrites: number;
      values: Record<string, number>;
    }
  | { kind: "acquire-start"; proc: string; lock: string }
  | {
      kind: "refused";
      proc: string;
      lock: string;
      reason: "held" | "unavailable" | "no-quorum" | "no-validity" | "session-lost";
      /** Redlock, no validity: how long the round took by the client's clock (it had a majority, but too late). */
      elapsedMs?: number;
    }
  | { kind: "grant"; proc: string; client: string; lock: string; grant: number; token: number | null }
  | {
      kind: "lease-end";
      proc: string;
      client: string;
      lock: string;
      grant: number;
      token: number | null;
      reason: LeaseEndReason;
    }
  /** Redlock: one node's share of a grant (the key with the grant's value), as that node enforces it. */
  | { kind: "node-key-start"; proc: string; client: string; lock: string; grant: number; sinceT: number }
  | { kind: "node-key-end"; proc: string; client: string; lock: string; grant: number; reason: LeaseEndReason }
  | { kind: "session"; proc: string; client: string; state: SessionState }
  /** Chubby: after a holder failed, nobody may take the lock until true time `untilT`. */
  | { kind: "lock-delay"; proc: string; client: string; lock: string; untilT: number }
  | {
      kind: "belief-start";
      proc: string;
      lock: string;
      grant: number | null;
      token: number | null;
      latencyMs: number;
      leaseDeadline: number | null;
    }
  | { kind: "belief-end"; proc: string; lock: string; reason: BeliefEndReason }
  | { kind: "renew"; proc: string; lock: string; ok: boolean }
  | { kind: "release"; proc: string; lock: string }
  | {
      kind: "read";
      proc: "storage";
      client: string;
      key: string;
      value: number;
      version: number;
      token: number | null;
      ok: boolean;
      reason: string | null;
      rejection: Rejection | null;
    }
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
      /** The rejection in words, for the CLI's event log; readers use `rejection`. */
      reason: string | null;
      rejection: Rejection | null;
      /** Counter increments this write overwrote (lost), and whose they were. */
      lostIncrements: number;
      overwrote: string[];
      run: number | null;
      /** The job (counter) or run (cron) the write performs: a retry of the same job carries the same key. */
      idempotencyKey: string;
    }
  /**
   * Logged once per write still in the network when the run ended, at the run's end: sent at
   * `sentAt`, it would reach storage at `arrivesAt`, whatever became of its sender.
   */
  | {
      kind: "write-in-flight";
      proc: "network";
      client: string;
      id: number;
      key: string;
      value: number;
      readValue: number;
      token: number | null;
      grant: number | null;
      sentAt: number;
      arrivesAt: number;
      /** What storage, as it stood at the run's end, would do with it: refuse it, or ignore it as a repeat (both final). */
      rejection: Rejection | null;
      repeat: boolean;
    }
  | { kind: "attempt-abort"; proc: string; reason: string; cause: AbortCause }
  | { kind: "job-done"; proc: string; job: number }
  | { kind: "job-arrive"; proc: "dispatcher"; job: number; key: number }
  | { kind: "job-start"; proc: string; job: number; key: number; waitedMs: number }
  | { kind: "run-due"; proc: string; run: number }
  | { kind: "run-skip"; proc: string; run: number; reason: string }
  | { kind: "fail-open"; proc: string; lock: string }
  /** A learner's client wrote a line with `log` (lib/sim/code). */
  | { kind: "code-log"; proc: string; text: string }
  /** A learner's client sent a write from this line of its code (logged only on runs that trace lines: a counterexample's). */
  | { kind: "code-call"; proc: string; call: string; line: number }
  /** A learner's client threw and stopped: the error, and the line of the learner's code, if known. */
  | { kind: "code-error"; proc: string; message: string; line: number | null };

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
  "work-end",
  "check",
  "job-done",
  "run-due",
  "timeout",
  "storage-failover",
  "write-in-flight",
  "crash",
]);
