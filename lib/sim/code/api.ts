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
  readonly scripts: { readonly COMPARE_AND_DELETE: string; readonly COMPARE_AND_PEXPIRE: string; readonly SET_NX_PX_INCR: string };
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
  txn(prefix: string, lease: LeaseID): Step<{ succeeded: boolean; key: string; createRevision: number; ownerCreateRevision: number }>;
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
   * is the fencing token: it rises, with gaps. If the session turns out to have expired before the
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
  /** Present when the level's lock service is etcd. */
  readonly etcd: Etcd;
  /** Present when the level's lock service is ZooKeeper. */
  readonly zookeeper: ZooKeeper;
}

/** A lock client: a generator over the API. */
export type ClientProgram = (api: ClientApi) => Generator<Step<unknown>, void, unknown>;
