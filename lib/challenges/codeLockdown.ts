/**
 * What a learner's code must not reach, taken away from the global scope it runs in (the sandbox's
 * Web Worker, or the CLI's child process) before it is compiled: real time, unseeded randomness
 * and the network. Each is replaced by something that throws a message pointing to the API, so a
 * learner who reaches for `Date.now()` learns what to use instead. The engine itself uses none of
 * them (lib/sim is pure), so a run is unchanged.
 */
const REAL_TIME =
  "reads real time, which a lock client here does not have: use clock.wall() or clock.monotonic(), this client's own clocks";
const NETWORK = "is not reachable from a lock client: it talks only through the API (storage, and its lock service)";

/** The names taken away, and why, as the learner will read it. */
export const LOCKED: Readonly<Record<string, string>> = {
  Date: REAL_TIME,
  performance: REAL_TIME,
  fetch: NETWORK,
  WebSocket: NETWORK,
  XMLHttpRequest: NETWORK,
  EventSource: NETWORK,
  importScripts: NETWORK,
  Worker: NETWORK,
  SharedWorker: NETWORK,
  BroadcastChannel: NETWORK,
  indexedDB: NETWORK,
  caches: NETWORK,
  require: NETWORK,
  process: "is not a lock client's: use the API (me, clock, sleep, work, log)",
  setTimeout: "waits in real time: use `yield sleep(ms)`, which waits on this client's clock",
  setInterval: "waits in real time: use a loop with `yield sleep(ms)`",
};

const refusal = (name: string, why: string) => () => {
  throw new Error(`${name} ${why}.`);
};

/** Replaces each locked name on `scope` (and Math.random) with a function that throws; returns what it replaced, for the host's own use. */
export function lockDown(scope: Record<string, unknown>): Map<string, unknown> {
  const kept = new Map<string, unknown>();
  for (const [name, why] of Object.entries(LOCKED)) {
    if (!(name in scope)) continue;
    kept.set(name, scope[name]);
    const stand = refusal(name, why);
    // A getter, not a value: `Date.now()`, `new Date()` and `performance.now()` all end in the message.
    Object.defineProperty(scope, name, { get: stand, set: stand, configurable: false });
  }
  const math = scope.Math as { random: () => number } | undefined;
  if (math)
    Object.defineProperty(math, "random", {
      value: refusal("Math.random", "is not seeded: use random(), which draws from the run's seed"),
      writable: false,
      configurable: false,
    });
  return kept;
}
