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
}

/** A lock client: a generator over the API. */
export type ClientProgram = (api: ClientApi) => Generator<Step<unknown>, void, unknown>;
