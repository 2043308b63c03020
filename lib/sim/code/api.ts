/**
 * The API a learner's lock client is written against: what `client(api)` receives. This file is
 * the contract in both directions: the engine's runtime (codeClient.ts) implements these types,
 * and the editor on /code loads this very text as the type definitions it completes and documents
 * from, so it holds declarations only and imports nothing.
 *
 * Every call that waits (a request, a sleep, work) returns a `Step`: the program `yield`s it and
 * gets the answer back, in simulated time, when the run reaches it.
 */

/** One call that takes simulated time: `yield` it to wait for its answer. */
export interface Step<T> {
  /** What the call is, as errors name it: `redis.set("lock", …)`. */
  readonly call: string;
  /** Never set: only says what `yield` gives back. */
  readonly answer?: T;
}

/** A request got no answer within its timeout (1 s by the client's clock). It may still have taken effect. */
export interface TimeoutError extends Error {
  readonly name: "TimeoutError";
}

/** The client's own clocks. Neither is true time: the wall clock can be skewed, drift and jump; the monotonic clock only drifts. */
export interface Clocks {
  /** Milliseconds on this machine's wall clock (what `Date.now()` would say). It may jump backwards or forwards. */
  wall(): number;
  /** Milliseconds on this machine's monotonic clock (what `performance.now()` would say). Never jumps. */
  monotonic(): number;
}

/** The protected store every client reads and writes: one counter per key. */
export interface Storage {
  /**
   * Reads a key. With a `token`, storage that fences reads registers it (and refuses a token below
   * the highest it has seen). Throws a `TimeoutError` if storage does not answer.
   */
  read(key: string, options?: { token?: number }): Step<ReadResult>;
  /**
   * Writes `value` to `key`, computed from this client's last read of it. Storage *accepts* or
   * *rejects* it: fencing storage rejects a token below the highest it has seen; versioned storage
   * rejects a write whose read is no longer current; idempotent storage applies a repeated
   * `idempotencyKey` only once. An accepted write counts as one job done. Throws a `TimeoutError`
   * if storage does not answer (the write may still land).
   */
  write(key: string, value: number, options?: { token?: number; idempotencyKey?: string }): Step<WriteResult>;
}

export type ReadResult = { ok: true; value: number; version: number } | { ok: false; rejected: string };
export type WriteResult = { accepted: true } | { accepted: false; rejected: string };

/** A background task started with `spawn`. */
export interface Task {
  /** Stops the task at its next step. */
  cancel(): void;
  /** True once the task has returned, thrown or been cancelled. */
  readonly done: boolean;
}

/** What the timeline says this client believes, beyond what the lock service's answers tell it. */
export interface Belief {
  /** Whether your client believes it holds a lock right now (it was granted one and has not stopped believing). */
  readonly holds: boolean;
  /**
   * Your client stops believing it holds the lock when its own `clock` reads `reading` (unless it
   * releases first). Call it right after the grant, and again after each renewal.
   */
  until(clock: "wall" | "monotonic", reading: number): void;
  /** Your client stops believing it holds the lock now, for `reason`. */
  end(reason: "lease-deadline" | "renewal-refused" | "session-lost"): void;
}

/** Redis, one instance: the commands a lock library sends it. */
export interface Redis {
  /** `SET key value NX PX ms`: "OK" if the key was absent and is now set (the lock is granted), null if it was there. Without `PX`, the key never expires. */
  set(key: string, value: string, options: { NX: true; PX?: number }): Step<"OK" | null>;
  /** `DEL key`: deletes the key whoever set it. Sent without waiting for the answer. */
  del(key: string): Step<void>;
  /**
   * `EVAL script 1 key ...args`: runs one of `redis.scripts` atomically on the server.
   * - `COMPARE_AND_DELETE` (args: value): deletes the key only if it still holds `value`; sent without waiting.
   * - `COMPARE_AND_PEXPIRE` (args: value, ms): extends the key's expiry only if it still holds `value`; answers 1 or 0.
   * - `SET_NX_PX_INCR` (args: value, ms): `SET NX PX`, and if set, `INCR key:fence`; answers the new fencing token, or null.
   */
  eval(script: string, key: string, ...args: (string | number)[]): Step<number | null>;
  /** The Lua text of the scripts this Redis runs, the same as real lock libraries send. */
  readonly scripts: {
    readonly COMPARE_AND_DELETE: string;
    readonly COMPARE_AND_PEXPIRE: string;
    readonly SET_NX_PX_INCR: string;
  };
}

/** How one of several calls ended, as an entry of `Promise.allSettled` says: its answer, or the error it threw. */
export type Settled<T> =
  | {
      /** The call answered. */
      readonly status: "fulfilled";
      /** Its answer. */
      readonly value: T;
    }
  | {
      /** The call threw (a `TimeoutError`, say). */
      readonly status: "rejected";
      /** The error it threw. */
      readonly reason: Error;
    };

/** One of Redlock's independent Redis nodes: the commands Redlock sends each. A node that has not answered within 50 ms makes the call throw a `TimeoutError`. */
export interface RedlockNode {
  /** The node's name on the timeline: "r1", "r2", … */
  readonly name: string;
  /** `SET key value NX PX ms` on this node: "OK" if the key was absent and is now set here, null if it was there. One node's OK is one vote, not the lock. */
  set(key: string, value: string, options: { NX: true; PX: number }): Step<"OK" | null>;
  /**
   * `EVAL script 1 key ...args` on this node: one of `redlock.scripts`.
   * - `COMPARE_AND_DELETE` (args: value): deletes the key only if it still holds `value`; sent without waiting.
   * - `COMPARE_AND_PEXPIRE` (args: value, ms): extends the key's expiry only if it still holds `value`; answers 1 or 0.
   */
  eval(script: string, key: string, ...args: (string | number)[]): Step<number | null>;
}

/**
 * Redlock: N independent Redis nodes, no replication between them. No node grants the lock: your
 * client holds it when it has concluded so, from a majority of OKs within the validity time
 * measured on its own clock (TTL − elapsed − drift). Redlock issues no fencing token.
 */
export interface Redlock {
  /** The independent nodes, in order: send each the same key and value. */
  readonly nodes: readonly RedlockNode[];
  /** How many nodes make a majority: ⌊N/2⌋ + 1. */
  readonly quorum: number;
  /** The clock drift to allow for, as a share of the TTL: drift = round(ttl × driftFactor) + 2 ms (node-redlock's rule). */
  readonly driftFactor: number;
  /** The Lua text of the scripts the nodes run, the same as Redlock sends. */
  readonly scripts: {
    /** Deletes the key only if it still holds your value: the release, on every node. */
    readonly COMPARE_AND_DELETE: string;
    /** Extends the key's expiry only if it still holds your value: one node's part of an extension. */
    readonly COMPARE_AND_PEXPIRE: string;
  };
  /**
   * Starts every call at once and waits until each has answered or failed, like `Promise.allSettled`:
   * `yield redlock.allSettled(redlock.nodes.map((n) => n.set(key, value, { NX: true, PX: ttl })))`.
   */
  allSettled<T>(calls: readonly Step<T>[]): Step<Settled<T>[]>;
  /**
   * Your client concludes it holds the lock: call it when a majority of nodes said OK and the
   * validity time left is above 0. From now it believes it holds the lock, and the timeline draws
   * the grant and each node's key. Set the belief's end with `belief.until`. Once per value.
   */
  acquired(key: string, value: string): void;
  /**
   * Your client concludes it did not get the lock (after unlocking every node): `no-quorum` (fewer
   * than a majority said OK), `no-validity` (a majority, but the round took `elapsedMs` by your clock,
   * too long for the TTL) or `unavailable` (too few nodes answered at all: the attempt is over).
   */
  failed(key: string, reason: "no-quorum" | "no-validity" | "unavailable", elapsedMs?: number): void;
  /** Your client concludes whether its extension round kept the lock (a majority said 1, within the validity time). */
  extended(key: string, ok: boolean): void;
}

/** A query's answer, as node-postgres gives it: the rows it returned, and how many rows it returned or changed. */
export interface QueryResult<Row> {
  /** The rows the statement returned (RETURNING, or a SELECT's result). */
  readonly rows: Row[];
  /** How many rows the statement returned or changed: an UPDATE that matched no row says 0. */
  readonly rowCount: number;
}

/** The database refused a statement: `code` is its SQLSTATE ("55P03", lock_not_available: a row another transaction has locked). */
export interface DatabaseError extends Error {
  /** Always "DatabaseError", the class node-postgres throws. */
  readonly name: "DatabaseError";
  /** The SQLSTATE: "55P03" is lock_not_available. */
  readonly code: string;
}

/** The database no longer knows this client's connection (it restarted, or gave up on the client): the statement did not run. The next query opens a new connection. */
export interface ConnectionResetError extends Error {
  /** Always "ConnectionResetError". */
  readonly name: "ConnectionResetError";
  /** Always "ECONNRESET", the code Node gives a socket the other side reset. */
  readonly code: "ECONNRESET";
}

/** The statements a PostgreSQL lock client runs (`pg.sql`). A level's database is set up for one way of locking: advisory locks, a row locked FOR UPDATE, or a lock table. */
export interface PostgresSql {
  /** Advisory lock: takes the session-level lock on `$1` (key) if no other session holds it; `locked` says whether it did. It has no TTL: it lasts as long as this connection. */
  readonly TRY_ADVISORY_LOCK: "SELECT pg_try_advisory_lock(hashtext($1)) AS locked";
  /** Advisory lock: releases this session's lock on `$1` (key). */
  readonly ADVISORY_UNLOCK: "SELECT pg_advisory_unlock(hashtext($1))";
  /** FOR UPDATE: opens a transaction and locks the lock's row `$1` (key) in it; NOWAIT makes a row another transaction has locked an error (55P03) instead of a wait. */
  readonly SELECT_FOR_UPDATE_NOWAIT: "BEGIN; SELECT name FROM locks WHERE name = $1 FOR UPDATE NOWAIT";
  /** FOR UPDATE: commits the transaction, which releases its row lock. A write made after it is no longer inside the lock. */
  readonly COMMIT: "COMMIT";
  /** Lock table: takes the row for `$1` (key) if it is absent or its `expires_at` has passed by the database's clock, for `$2` ms; returns the new token, or no row. */
  readonly INSERT_LOCK: "INSERT INTO locks (name, token, expires_at) VALUES ($1, nextval('lock_tokens'), now() + $2 * interval '1 ms') ON CONFLICT (name) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE locks.expires_at < now() RETURNING token";
  /** Lock table, timed by the client: as INSERT_LOCK, but "now" is `$3`, a reading of the client's own wall clock in ms. */
  readonly INSERT_LOCK_CLIENT_CLOCK: "INSERT INTO locks (name, token, expires_at) VALUES ($1, nextval('lock_tokens'), to_timestamp(($3 + $2) / 1000.0)) ON CONFLICT (name) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE locks.expires_at < to_timestamp($3 / 1000.0) RETURNING token";
  /** Lock table: moves `expires_at` to `$3` ms from now by the database's clock, only where the row for `$1` (key) still has token `$2`; `rowCount` is 1 or 0. */
  readonly UPDATE_EXPIRY: "UPDATE locks SET expires_at = now() + $3 * interval '1 ms' WHERE name = $1 AND token = $2";
  /** Lock table, timed by the client: as UPDATE_EXPIRY, but "now" is `$4`, a reading of the client's own wall clock in ms. */
  readonly UPDATE_EXPIRY_CLIENT_CLOCK: "UPDATE locks SET expires_at = to_timestamp(($4 + $3) / 1000.0) WHERE name = $1 AND token = $2";
  /** Lock table: deletes the row for `$1` (key) only if it still has token `$2`. */
  readonly DELETE_LOCK: "DELETE FROM locks WHERE name = $1 AND token = $2";
}

/**
 * PostgreSQL, through a driver like node-postgres: with `const pg = api.postgres`,
 * `yield pg.query(pg.sql.X, [values])` runs one of `pg.sql`'s statements on this client's
 * connection. A statement that gets no answer within 1 s throws a `TimeoutError`; one sent on a
 * connection the database has closed throws a `ConnectionResetError`. Statements that release are
 * sent without waiting for the answer.
 */
export interface Postgres {
  /** The statements this client may run. */
  readonly sql: PostgresSql;
  /** `pg_try_advisory_lock`: one row, `{ locked: true }` if this session now holds the lock, `{ locked: false }` if another does. */
  query(text: PostgresSql["TRY_ADVISORY_LOCK"], values: [key: string]): Step<QueryResult<{ locked: boolean }>>;
  /** `pg_advisory_unlock`: sent without waiting; only a session that holds the lock releases it. */
  query(text: PostgresSql["ADVISORY_UNLOCK"], values: [key: string]): Step<void>;
  /** `BEGIN; SELECT … FOR UPDATE NOWAIT`: the row, locked until COMMIT or until the connection dies; throws a `DatabaseError` with code "55P03" if another transaction holds it (and the failed transaction is over). */
  query(text: PostgresSql["SELECT_FOR_UPDATE_NOWAIT"], values: [key: string]): Step<QueryResult<{ name: string }>>;
  /** `COMMIT`: ends the transaction and its row lock; sent without waiting. */
  query(text: PostgresSql["COMMIT"], values?: []): Step<void>;
  /** `INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now() RETURNING token`: `[{ token }]` if the lock is now yours (use the token to fence), no rows if it is held. */
  query(text: PostgresSql["INSERT_LOCK"], values: [key: string, ttlMs: number]): Step<QueryResult<{ token: number }>>;
  /** As INSERT_LOCK, with expiry judged by `nowMs`, your wall clock's reading: another client's clock decides whether your lock has expired. */
  query(
    text: PostgresSql["INSERT_LOCK_CLIENT_CLOCK"],
    values: [key: string, ttlMs: number, nowMs: number],
  ): Step<QueryResult<{ token: number }>>;
  /** `UPDATE … SET expires_at … WHERE token = mine`: `rowCount` 1 if the lock is still yours and now extended, 0 if not. */
  query(
    text: PostgresSql["UPDATE_EXPIRY"],
    values: [key: string, token: number, ttlMs: number],
  ): Step<QueryResult<never>>;
  /** As UPDATE_EXPIRY, with the new expiry computed from `nowMs`, your wall clock's reading. */
  query(
    text: PostgresSql["UPDATE_EXPIRY_CLIENT_CLOCK"],
    values: [key: string, token: number, ttlMs: number, nowMs: number],
  ): Step<QueryResult<never>>;
  /** `DELETE … WHERE token = mine`: releases the lock if it is still yours; sent without waiting. */
  query(text: PostgresSql["DELETE_LOCK"], values: [key: string, token: number]): Step<void>;
}

// ---- etcd and ZooKeeper ----

/** The lock service says your session is over (etcd: "mutex: session is expired"; ZooKeeper: "KeeperErrorCode = Session expired"). */
export interface SessionExpiredError extends Error {
  readonly name: "SessionExpiredError";
}

/** etcd says the lease is gone: it expired or was revoked ("etcdserver: requested lease not found"). */
export interface LeaseNotFoundError extends Error {
  readonly name: "LeaseNotFoundError";
}

/** An etcd lease's id, as `etcd.lease.grant` answers it. */
export type LeaseID = number;

/**
 * etcd's lease API (clientv3's `Lease`): a lease expires `TTL` after the last KeepAlive the leader
 * received, and every key put with it goes when it does.
 */
export interface EtcdLease {
  /**
   * `Lease.Grant(ctx, ttl)`: a new lease of `ttlMs` milliseconds (etcd counts seconds; the lab, ms),
   * raised to etcd's minimum TTL. Answers its `ID` and the `TTL` granted, in ms. Your client keeps
   * one lease at a time: a new grant stops keeping the old one alive. In the lab, a lease is taken
   * to get the lock, so its grant starts an attempt at it. Throws a `TimeoutError` if no leader
   * with a quorum answers.
   */
  grant(ttlMs: number): Step<{ ID: LeaseID; TTL: number }>;
  /**
   * `Lease.KeepAlive(ctx, id)`, as `concurrency.NewSession` starts it: from now the client library
   * sends a KeepAlive every TTL/3 in the background. Each one answered moves your belief's deadline
   * on (the level's lease clock and margin, from when it was sent). When the leader answers that the
   * lease is gone, or no KeepAlive is answered for a whole TTL, the library gives the session up:
   * your belief ends (`session-lost`), and an `etcd.waitDeletes` still waiting throws a
   * `SessionExpiredError`. Answers the keep-alive: `closed` turns true once the library has given
   * the session up (as Go's response channel closes), so check it before you use the lease again.
   * Throws a `LeaseNotFoundError` if `id` is not your current lease.
   */
  keepAlive(id: LeaseID): Step<KeepAlive>;
  /**
   * `Lease.Revoke(ctx, id)`: ends the lease now, and with it every key put with it (a lock you hold
   * under it is released). Sent without waiting. When your program returns, its lease is revoked
   * anyway, as `Session.Close()` does.
   */
  revoke(id: LeaseID): Step<void>;
}

/** A lease's keep-alive, as `etcd.lease.keepAlive` answers it. */
export interface KeepAlive {
  /** True once the library has stopped keeping the lease alive: the session is over. */
  readonly closed: boolean;
}

/** etcd, as `clientv3` and its `concurrency` package's Mutex use it: a lock is a prefix, and each client's key under it. */
export interface Etcd {
  /** Leases: grant one, keep it alive, revoke it. */
  readonly lease: EtcdLease;
  /**
   * The Mutex's one-round-trip transaction, with `key` = `prefix + "/" + lease` in hex:
   * `Txn().If(Compare(CreateRevision(key), "=", 0)).Then(OpPut(key, "", WithLease(lease)), getOwner).Else(OpGet(key), getOwner)`,
   * where `getOwner` = `OpGet(prefix, WithFirstCreate()...)`. Answers whether the put ran
   * (`succeeded`: the key was absent), your `key`, its `createRevision` (the fencing token: etcd's
   * revisions only rise, with gaps) and the create revision of the oldest key under the prefix:
   * the lock is yours when `ownerCreateRevision === createRevision`. Throws a `LeaseNotFoundError`
   * if the lease has expired (the session is over: grant a new one), or a `TimeoutError`.
   */
  txn(
    prefix: string,
    lease: LeaseID,
  ): Step<{ succeeded: boolean; key: string; createRevision: number; ownerCreateRevision: number }>;
  /**
   * Mutex.Lock's wait, `waitDeletes(ctx, client, prefix, maxCreateRevision)` and the `Get` of your
   * own key after it: waits until every key under `prefix` created at or before
   * `maxCreateRevision` (your key's create revision − 1) is deleted. Each waiter watches only the
   * key just before its own, so a release wakes one waiter; the library also looks again after each
   * KeepAlive answered, as a watch stream resumes. Answers your key's create revision once it is
   * the oldest: the lock is yours. Throws a `SessionExpiredError` if your key is gone meanwhile (its
   * lease expired) or the session is given up.
   */
  waitDeletes(prefix: string, maxCreateRevision: number): Step<number>;
  /**
   * `Delete(key)`: Mutex.Unlock, for the key `txn` answered. Sent without waiting (the library
   * retries it, up to 3 times, when no answer comes). If your session is already over, its key
   * went with its lease and nothing is sent.
   */
  delete(key: string): Step<void>;
}

/** What a ZooKeeper watch reports when it fires: the watched node's change, or the connection's state. */
export type WatchedEvent = { type: "NodeDeleted"; path: string } | { type: "None"; state: "SyncConnected" };

/**
 * ZooKeeper, as a client handle (Java `org.apache.zookeeper.ZooKeeper`) and the lock recipe use it.
 * The handle keeps its session: the first call opens it (connect), and the library sends a
 * heartbeat every session timeout / 3. The belief in a lock follows the session: it runs ⅔ of the
 * session timeout (less the level's margin) from the last word heard from the ensemble, and ends
 * (`session-lost`) when the handle declares itself Disconnected. A call that finds the session
 * expired throws a `SessionExpiredError`; the next call opens a new session.
 */
export interface ZooKeeper {
  /**
   * `create(path, data, acl, CreateMode.EPHEMERAL_SEQUENTIAL)` under a lock's node: `path` is the
   * node and `/lock-` (`"/lock/lock-"`). The node is deleted when your session ends. Answers the
   * created path: `path` followed by a 10-digit sequence number (`"/lock/lock-0000000003"`), which
   * orders the queue. Here the lock's node is never deleted, so the number only rises (with gaps)
   * and the timeline shows it as the grant's token; in real ZooKeeper the sequence starts again if
   * the parent is deleted, and the fencing token is the node's `czxid` (lesson 7). If the session turns out to have expired before the
   * node exists, it tries once more in a new session, as Curator's retry loop does. Throws a
   * `SessionExpiredError` or a `TimeoutError`.
   */
  create(path: string, mode: "EPHEMERAL_SEQUENTIAL"): Step<string>;
  /**
   * `getChildren(path, false)`: the names of the lock node's children (`"lock-0000000003"`, …).
   * Real ZooKeeper lists them in no particular order: sort by sequence number. The lowest holds the
   * lock. Throws a `SessionExpiredError` or a `TimeoutError`.
   */
  getChildren(path: string): Step<string[]>;
  /**
   * `exists(path, true)`, waiting for the watch it leaves: answers `null` at once if the node is
   * gone; otherwise waits until the watch fires (`NodeDeleted`), or until the connection comes
   * back after a disconnect (`None`/`SyncConnected`: a watch may have been lost with it, so look
   * again). Watch only the node just before yours, so each release wakes one waiter. Throws a
   * `SessionExpiredError` (the session expired meanwhile) or a `TimeoutError`.
   */
  exists(path: string, watch: true): Step<WatchedEvent | null>;
  /**
   * `delete(path, -1)`: deletes your own node (the release). Sent without waiting. If your
   * session has expired, the node is already gone and nothing is sent.
   */
  delete(path: string): Step<void>;
}

/** What `client(api)` receives. */
export interface ClientApi {
  /** This client's name: "c1", "c2", … */
  readonly me: string;
  /** How many jobs this client is asked to do (each is one accepted write). */
  readonly jobs: number;
  /** How long one job's work takes, in ms (what `work()` waits by default). */
  readonly workMs: number;
  readonly clock: Clocks;
  /** Waits `ms` on this client's monotonic clock. A pause makes it wake late. */
  sleep(ms: number): Step<void>;
  /** Does `ms` of work (default: the level's `workMs`). A pause stretches it. */
  work(ms?: number): Step<void>;
  /** A line on the timeline and in the story, at this moment. */
  log(message: string): void;
  /**
   * Starts `task` beside the program (a renewal loop, say): a generator function, or a generator
   * already made (`spawn(renew(value))`). It runs until it returns, is cancelled or the client crashes.
   */
  spawn(task: (() => Generator<Step<unknown>, void, unknown>) | Generator<Step<unknown>, void, unknown>): Task;
  /** A number in [0, 1) from the run's seed: the same run draws the same numbers. */
  random(): number;
  /** A value no other call returns in this run, such as "c1:7": use it as your lock's value. */
  uniqueId(): string;
  readonly storage: Storage;
  readonly belief: Belief;
  /** Present when the level's lock service is Redis. */
  readonly redis: Redis;
  /** Present when the level's lock service is Redlock. */
  readonly redlock: Redlock;
  /** Present when the level's lock service is PostgreSQL. */
  readonly postgres: Postgres;
  /** Present when the level's lock service is etcd. */
  readonly etcd: Etcd;
  /** Present when the level's lock service is ZooKeeper. */
  readonly zookeeper: ZooKeeper;
}

/** A lock client: a generator over the API. */
export type ClientProgram = (api: ClientApi) => Generator<Step<unknown>, void, unknown>;
