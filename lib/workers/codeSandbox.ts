/**
 * The code worker's lockdown (code.worker.ts), done once when the worker starts, before any
 * learner code is compiled. A lock client lives in simulated time and talks only to the API: so
 * the network, storage in the browser, other workers and channels, true time and unseeded random
 * numbers are taken away, each with a message that points to what the API offers instead. The
 * worker keeps its own `postMessage` first: learner code can never post to the page, so nothing it
 * does can forge an answer. The built-in objects' prototypes are then frozen, so learner code
 * cannot change how the checker that grades it computes (an `Array.prototype.some` that always
 * says no would otherwise hide every violation).
 */

export interface SandboxKept {
  /** The worker's own postMessage, kept before learner code can reach it. */
  post(message: unknown): void;
  /** Real milliseconds, for progress pacing and the watchdog's heartbeat; learner code has none. */
  now(): number;
}

const NETWORK =
  "the network is not reachable from a lock client: it talks to the lock service and storage only through `api`";
const TIME = (instead: string) => `true time is not available to a lock client: ${instead}`;

/** Why each global is gone, in words for the learner. */
export const TAKEN_AWAY: Readonly<Record<string, string>> = {
  fetch: `fetch is not available: ${NETWORK}`,
  WebSocket: `WebSocket is not available: ${NETWORK}`,
  XMLHttpRequest: `XMLHttpRequest is not available: ${NETWORK}`,
  EventSource: `EventSource is not available: ${NETWORK}`,
  WebTransport: `WebTransport is not available: ${NETWORK}`,
  importScripts: `importScripts is not available: ${NETWORK}`,
  indexedDB:
    "indexedDB is not available: a lock client keeps its state in its own variables, and its data in `storage`",
  caches: "caches is not available: a lock client keeps its state in its own variables, and its data in `storage`",
  BroadcastChannel: "BroadcastChannel is not available: clients talk only through the lock service and storage",
  MessageChannel: "MessageChannel is not available: clients talk only through the lock service and storage",
  Worker: "Worker is not available: start a background task with `spawn(task)`",
  SharedWorker: "SharedWorker is not available: start a background task with `spawn(task)`",
  postMessage: "postMessage is not available: write a line on the timeline with `log(message)`",
  close: "close is not available: a client ends by returning from `client`",
  setTimeout: "setTimeout is not available: a lock client waits in simulated time with `yield sleep(ms)`",
  setInterval: "setInterval is not available: a lock client waits in simulated time with `yield sleep(ms)` in a loop",
  queueMicrotask: "queueMicrotask is not available: a lock client waits in simulated time with `yield sleep(ms)`",
  requestAnimationFrame:
    "requestAnimationFrame is not available: a lock client waits in simulated time with `yield sleep(ms)`",
  performance: TIME("read this machine's monotonic clock with `clock.monotonic()`"),
  Date: TIME("read this machine's clocks with `clock.wall()` or `clock.monotonic()`"),
};
export const RANDOM_TAKEN =
  "Math.random is not available: draw from the run's seed with `random()`, so every run can be replayed";

function thrower(message: string): () => never {
  return function taken(): never {
    throw new Error(message);
  };
}

/** Replaces `name` wherever the global object's prototype chain defines it. */
function takeAway(global: object, name: string, message: string): void {
  const fail = thrower(message);
  for (let at: object | null = global; at; at = Object.getPrototypeOf(at)) {
    const own = Object.getOwnPropertyDescriptor(at, name);
    if (!own) continue;
    // An accessor (performance, indexedDB) throws when read; a value (fetch, Date) throws when called.
    if (own.get || name === "performance" || name === "indexedDB" || name === "caches")
      Object.defineProperty(at, name, { get: fail, set: fail, configurable: false, enumerable: false });
    else {
      const replacement =
        name === "Date" ? Object.assign(thrower(message), { now: fail, parse: fail, UTC: fail }) : fail;
      Object.defineProperty(at, name, { value: replacement, writable: false, configurable: false, enumerable: false });
    }
  }
  if (!(name in global)) Object.defineProperty(global, name, { get: fail, configurable: false, enumerable: false });
}

/** Properties programs commonly set on their own objects; the rest stay plain (and fast) frozen data. */
const OVERRIDABLE = new Set<PropertyKey>([
  "name",
  "message",
  "constructor",
  "toString",
  "toJSON",
  "valueOf",
  "stack",
  "cause",
]);

/**
 * Freezes an intrinsic and its prototype. A property a program may still set on its own objects
 * (an error's `name`, say) becomes an accessor that defines it on the object instead: assigning
 * over a frozen prototype's property would otherwise throw in strict code (the "override mistake"),
 * as the engine's own error classes do.
 */
function harden(value: unknown, seen: Set<unknown>): void {
  if ((typeof value !== "object" && typeof value !== "function") || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const own = Object.getOwnPropertyDescriptor(value, key)!;
    if ("value" in own && own.writable && own.configurable && OVERRIDABLE.has(key)) {
      const held = own.value;
      Object.defineProperty(value, key, {
        get: () => held,
        set(this: object, next: unknown) {
          if (this === value) throw new TypeError(`${String(key)} is read-only in a lock client's world`);
          Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
        },
        enumerable: own.enumerable,
        configurable: false,
      });
    }
  }
  Object.freeze(value);
  if (typeof value === "function" && "prototype" in value) harden((value as { prototype: unknown }).prototype, seen);
}

/** The built-in objects whose behaviour the checker relies on. */
function intrinsics(global: typeof globalThis): unknown[] {
  const generator = Object.getPrototypeOf(function* () {});
  const typed = Object.getPrototypeOf(Int8Array);
  return [
    Object,
    Function,
    Array,
    String,
    Number,
    Boolean,
    Symbol,
    BigInt,
    Map,
    Set,
    WeakMap,
    WeakSet,
    Promise,
    RegExp,
    Error,
    TypeError,
    RangeError,
    SyntaxError,
    ReferenceError,
    EvalError,
    URIError,
    ArrayBuffer,
    typed,
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
    DataView,
    JSON,
    Math,
    Reflect,
    global.Intl,
    generator,
    generator.prototype,
    Object.getPrototypeOf(generator.prototype),
    Object.getPrototypeOf([][Symbol.iterator]()),
    Object.getPrototypeOf(new Map()[Symbol.iterator]()),
    Object.getPrototypeOf(new Set()[Symbol.iterator]()),
    Object.getPrototypeOf(""[Symbol.iterator]()),
  ];
}

/** Locks the worker's global scope down; returns what the worker itself keeps. */
export function lockDown(global: typeof globalThis & { postMessage(message: unknown): void }): SandboxKept {
  const post = global.postMessage.bind(global);
  const clock = global.performance;
  const now = () => clock.now();
  for (const [name, message] of Object.entries(TAKEN_AWAY)) takeAway(global, name, message);
  Object.defineProperty(Math, "random", { value: thrower(RANDOM_TAKEN), writable: false, configurable: false });
  const intl = global.Intl as unknown as Record<string, unknown> | undefined;
  // A DateTimeFormat formats the current time when given no date.
  if (intl)
    Object.defineProperty(intl, "DateTimeFormat", {
      value: thrower(TIME("read this machine's clocks with `clock.wall()`")),
      writable: false,
    });
  const seen = new Set<unknown>();
  for (const intrinsic of intrinsics(global)) harden(intrinsic, seen);
  return { post, now };
}
