/**
 * The one interface every lock service implements. A service is both its server (the nodes'
 * request handling and timers) and its client library (what `acquire`, `renew` and `release` do
 * on the client's side), because the library is where much of each system's semantics lives
 * (Redlock's quorum and validity, etcd's KeepAlive and watches).
 */
import type { Rejection } from "../facts";
import type { Proc } from "../kernel";
import type { World } from "../world";
import type { ResolvedScenario } from "../scenario";
import type { CodeCalls } from "../code/calls";

export type AcquireResult =
  | {
      kind: "granted";
      grant: number;
      token: number | null;
      /** True time the request that earned the lease was sent; the client measures from it. */
      leaseBasisT: number;
      /** How long the lease lasts from that moment, or null if it has no expiry. */
      leaseMs: number | null;
    }
  | { kind: RefusalReason };

/** Why an acquisition did not give the client the lock. Only "unavailable" means no answer. */
export type RefusalReason = "held" | "unavailable" | "no-quorum" | "no-validity" | "session-lost";

export type RenewResult =
  { kind: "renewed"; leaseBasisT: number; leaseMs: number } | { kind: "refused" | "unavailable" };

/** How a service tells a client's lock library about its lease between requests. */
export interface ClientNotices {
  /** The lease was extended (etcd KeepAlive): the new lease runs `leaseMs` from `basisT`. */
  leaseExtended(client: string, basisT: number, leaseMs: number): void;
  /** The library learned the session or lock is gone (etcd session done). */
  lockLost(client: string, lock: string): void;
}

export interface LockService {
  readonly nodeIds: string[];
  /** True when the service keeps leases alive by itself (etcd KeepAlive): no client renewals. */
  readonly renewsItself: boolean;
  /**
   * Tries to take `lock` for `client`. With `wait`, a service with a queue (etcd) waits its turn;
   * without it, every service answers at once whether the lock is free (a cron run tries once).
   */
  acquire(client: string, lock: string, wait: boolean, done: (result: AcquireResult) => void): void;
  renew(client: string, lock: string, done: (result: RenewResult) => void): void;
  /** Sends the release; fire and forget, as the client never waits for it. */
  release(client: string, lock: string): void;
  /** The client has no more work: close its session, if it has one. */
  finish(client: string): void;
  onCrash(proc: Proc, host: boolean): void;
  onRestart(proc: Proc): void;
  /** Service-specific faults (Redis failover): the primary dies now, its replica is promoted `promoteAfterMs` later. */
  failover(promoteAfterMs: number): void;
  /** A partition, isolation or outage began or ended (a consensus service re-checks its quorum). */
  onNetworkChange(): void;
  /**
   * Only for a lock that lives in the same database as the data (Postgres `SELECT … FOR UPDATE`):
   * why a write made under `grant` cannot commit because its transaction is over, or null if it
   * can. Storage asks before applying a write; services whose lock lives elsewhere leave it out,
   * as nothing they do can stop a write.
   */
  writeRolledBack?(grant: number): Rejection | null;
  /**
   * The calls a learner's client makes to this service (lib/sim/code/api.ts), in the real client's
   * names, sent with this service's own protocol: what the built-in client's library does in
   * `acquire`, `renew` and `release`, taken apart so the learner's code does each step.
   */
  codeApi?(calls: CodeCalls): unknown;
}

export interface ServiceSetup {
  world: World;
  scenario: ResolvedScenario;
  notices: ClientNotices;
}
