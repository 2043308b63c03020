/**
 * The phrasebook: the words every reader of a run shares (story, timeline, topology, compare), so a
 * lease that "expired" on the timeline is the lease that "expired" in the story. Each entry reads
 * typed facts (a lease-end reason, a rejection, a pause's cause), never English.
 */
import type { LeaseEndReason, SessionState } from "@/lib/sim/events";
import type { Rejection } from "@/lib/sim/facts";
import { seconds, rejectionText, formatDuration } from "@/lib/sim/format";

export interface LeaseEndWords {
  /** A sentence for the story: `who` lost it, `where` is the node (or "the lock service"). */
  sentence: ((who: string, where: string) => string) | null;
  /** A verb phrase after "the lease": "expired", "was lost in a failover". */
  verb: string;
  /** A short label for a mark on the service's lane. */
  label: string;
}

export const leaseEndWords: Record<LeaseEndReason, LeaseEndWords> = {
  // The release is told by the client's own line ("c1 released the lock").
  released: { sentence: null, verb: "was released", label: "released" },
  // Kubernetes's API server expires nothing: the Lease goes stale, and candidates may then take it.
  expired: {
    sentence: (who, where) =>
      where === "k8s"
        ? `${who}'s Lease went stale, with no renewal for its LeaseDuration, so a candidate may take it over`
        : `${where} let ${who}'s lease expire`,
    verb: "expired",
    label: "expired",
  },
  revoked: { sentence: (who, where) => `${where} revoked ${who}'s lease`, verb: "was revoked", label: "revoked" },
  failover: {
    sentence: (who) => `${who}'s lock was lost in the failover`,
    verb: "was lost in a failover",
    label: "lost: failover",
  },
  restart: {
    sentence: (who, where) => `${who}'s lock was lost when ${where} restarted empty`,
    verb: "was lost in a restart",
    label: "lost: restart",
  },
  deleted: {
    sentence: (who) => `${who}'s lock was deleted by another client's release`,
    verb: "was deleted by another client",
    label: "deleted",
  },
  "taken-over": {
    sentence: (who, where) => `${where} let another client take over ${who}'s lock`,
    verb: "was taken over",
    label: "taken over",
  },
  "connection-lost": {
    sentence: (who, where) => `${where} closed ${who}'s connection, and its lock went with it`,
    verb: "was lost with its connection",
    label: "connection lost",
  },
};

/** A session change in words for the story, or null when another line already tells it. */
export const sessionWords: Record<SessionState, (client: string, proc: string) => string | null> = {
  disconnected: (client) => `${client} heard nothing from the ensemble and declared itself Disconnected`,
  reconnected: (client) => `${client} reached the ensemble again; its session was still alive`,
  expired: (client, proc) =>
    proc === client ? `${client} learned its session had expired` : `${proc} expired ${client}'s session`,
  jeopardy: (client) => `${client}'s local lease ran out: its session is in jeopardy`,
  safe: (client) => `${client}'s session survived its jeopardy`,
  "stopped-leading": (client) => `${client} stopped leading: its renew deadline passed`,
  // The lock's own end says it ("pg closed c1's connection, and its lock went with it").
  "connection-lost": () => null,
};

/** Why the lock service refused an acquire, after "was refused: ". */
export const refusalWords: Record<"unavailable" | "no-quorum" | "no-validity" | "session-lost", string> = {
  unavailable: "the lock service did not answer",
  "no-quorum": "it could not reach a majority",
  "no-validity": "too little of the lease was left by the time a majority answered",
  "session-lost": "its session was gone",
};

/** A pause by its cause and length: "GC pause 15 s", "pause 2 s" (chaos), "VM pause 3 s". */
export function pauseLabel(cause: string, forMs: number): string {
  const length = formatDuration(forMs);
  return cause === "gc" ? `GC pause ${length}` : cause === "chaos" ? `pause ${length}` : `${cause} pause ${length}`;
}

/** The same pause inside a sentence: "a 15 s GC pause", "a 2 s pause". */
export function pausePhrase(cause: string, forMs: number): string {
  const length = formatDuration(forMs);
  return cause === "gc"
    ? `a ${length} GC pause`
    : cause === "chaos"
      ? `a ${length} pause`
      : `a ${length} ${cause} pause`;
}

/** A rejection as a short note under a mark: "1 < 2", "version 3 ≠ 4", "no token", "transaction over". */
export function rejectionNote(r: Rejection): string {
  // The engine's own words for fencing and versions are already short; a rolled-back transaction's are a sentence.
  return r.by === "transaction" ? "transaction over" : rejectionText(r);
}

/** Why storage refused, as the end of a sentence after "storage …". */
export function rejectionClause(r: Rejection): string {
  switch (r.by) {
    case "fencing":
      if (r.token === null) return "fences writes, so it rejected it";
      return r.seen === null ? "rejected it" : `had already seen ${r.seen} and rejected it`;
    case "version":
      return `rejected it: the version it read had changed (version ${r.expected} ≠ ${r.actual})`;
    case "transaction":
      return r.cause === "ended"
        ? "rejected it: its transaction had already ended"
        : `rejected it: its transaction was rolled back when ${r.client}'s connection was lost at ${seconds(r.atMs)}`;
  }
}
