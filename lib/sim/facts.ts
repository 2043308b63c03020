/**
 * The facts of a run: what the checker established from the event log, as typed data, computed
 * once and carried by the result. Every reader (story, timeline, topology, questions, compare,
 * challenges, real-run traces) reads these instead of rebuilding them from the log, and none
 * parses an English `reason` back into a number. All times are true time in milliseconds.
 */
import type { AbortCause, BeliefEndReason, LeaseEndReason, Rejection } from "./events";

// Why storage refused and why a client gave up are words of the log that facts carry on: they are
// defined beside the events that record them, so facts read events and never the other way.
export type { AbortCause, Rejection };

/** A grant: the service let `client` take `lock` (Redlock: the client's own majority conclusion). */
export interface GrantFact {
  grant: number;
  client: string;
  lock: string;
  token: number | null;
  /** Where the grant was issued: a service node, or the client itself for Redlock. */
  issuedBy: string;
  grantedAt: number;
  /** True time the service considered it over; null if it outlived the run. */
  endedAt: number | null;
  endReason: LeaseEndReason | null;
}

/** A client's belief that it holds a lock: from when it learned of the grant to when it handled its end. */
export interface BeliefFact {
  client: string;
  lock: string;
  /** The grant it believed in; null for the critical section of a lockless or fail-open attempt. */
  grant: number | null;
  token: number | null;
  from: number;
  /** When the belief ended; null if it outlived the run. */
  to: number | null;
  endReason: BeliefEndReason | null;
  /** The grant's end, if the belief outlived it: the true time from which the client believed wrongly. */
  outlivedGrantAt: number | null;
}

/** Why a write was stale: its grant was no longer live when storage answered it. */
export type Staleness = { grantEndedAt: number; grantEndReason: LeaseEndReason };

export interface WriteFact {
  t: number;
  seq: number;
  client: string;
  key: string;
  lock: string;
  grant: number | null;
  token: number | null;
  value: number;
  readValue: number;
  /** Storage answered with success (an idempotent replay included). */
  accepted: boolean;
  /** The write changed the state. */
  applied: boolean;
  rejection: Rejection | null;
  /** Non-null when the writer's grant was not live at `t`. */
  stale: Staleness | null;
  /** Counter increments this write erased, and whose they were (writers other than itself first). */
  lostIncrements: number;
  overwrote: string[];
  /** Cron: the run it performs; null for counter writes. */
  run: number | null;
  /** The job or run it performs (its idempotency key): a retry of the same job carries the same one. */
  job: string;
  /**
   * A duplicate effect: storage had already applied a write for the same job or run (a cron run
   * performed twice, or a counter job retried after its reply was lost); the seq of that first write.
   */
  duplicateOf: number | null;
}

export interface ReadFact {
  t: number;
  seq: number;
  client: string;
  key: string;
  token: number | null;
  value: number;
  version: number;
  rejection: Rejection | null;
}

/**
 * A critical section: a job attempt from taking the lock (or entering the section, with no lock
 * or under fail-open) until its write is answered or the attempt ends, whatever the client believed.
 */
export interface SectionFact {
  client: string;
  lock: string;
  grant: number | null;
  from: number;
  /** When the attempt finished its write or ended; null if it outlived the run. */
  to: number | null;
}

/**
 * An episode of concurrent sections: from when two or more clients were in their critical
 * sections of one lock at once until fewer were, whatever they believed.
 */
export interface ConcurrentFact {
  lock: string;
  from: number;
  to: number;
  clients: string[];
  /** Clients that went on working in it after their belief had ended: when it ended and why. */
  pastBelief: { client: string; beliefEndedAt: number; reason: BeliefEndReason }[];
}

/**
 * A write still to come when the run ended: its attempt was still in its critical section, or its
 * write was already in the network. `stage` says whether it was still reading or working, or had
 * finished its work (its write about to go, or on its way). `stale` is set when its grant had
 * already ended: a stale write is on its way.
 */
export interface PendingFact {
  client: string;
  lock: string;
  grant: number | null;
  token: number | null;
  since: number;
  stage: "working" | "writing";
  stale: Staleness | null;
  /**
   * The write was in the network when the run ended: sent then, it would reach storage at
   * `arrivesAt`, where, as storage stood at the end, it would be refused (`rejection`) or ignored
   * as a repeat: either is final, so such a write cannot change the verdict.
   */
  inFlight: {
    sentAt: number;
    arrivesAt: number;
    key: string;
    value: number;
    readValue: number;
    rejection: Rejection | null;
    repeat: boolean;
  } | null;
  /** When its sender crashed, with the write already sent: a message already sent arrives all the same. */
  senderCrashedAt: number | null;
  /** When the attempt that sent it ended (a timeout, a lost lock) with its sender still running: it lands all the same. */
  senderGaveUpAt: number | null;
}

export interface AbortFact {
  t: number;
  seq: number;
  client: string;
  cause: AbortCause;
}

export interface RunFacts {
  grants: GrantFact[];
  beliefs: BeliefFact[];
  writes: WriteFact[];
  reads: ReadFact[];
  sections: SectionFact[];
  /** Episodes of concurrent sections, in time order. */
  concurrent: ConcurrentFact[];
  /** Attempts whose write was still to come when the run ended. */
  pending: PendingFact[];
  aborts: AbortFact[];
}
