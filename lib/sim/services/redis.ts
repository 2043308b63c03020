/**
 * A single Redis instance (optionally with an asynchronous replica). Acquire is `SET k v NX PX ttl`;
 * renew is compare-and-pexpire; release is compare-and-delete, or a plain `DEL` with
 * `release: "delete"` (the anti-pattern that deletes whoever holds the lock now). With
 * `tokens: "incr"` the acquire script also INCRs a counter on the same node for a fencing token.
 * A failover promotes the replica with its state as of `t − lagMs`: the key and the counter can
 * go back in time.
 */
import type { Kernel, Proc } from "../kernel";
import { RedisNodeStore } from "./redis-node";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import type { LeaseEndReason } from "../events";
import { serviceNodeIds } from "../scenario";
import type { Wire } from "../world";
import type { CodeCalls } from "../code/calls";
import type { Redis, Step } from "../code/api";

type RedisSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "redis" }>;

/** The commands a Redis lock library sends (each a script on one node), and what they answer. */
type RedisProtocol = {
  /** With `incr`, the script also INCRs `lock:fence` for a fencing token; with no `ttlMs`, the key never expires. */
  "SET NX PX": {
    request: { lock: string; value: string; ttlMs: number | null; incr: boolean };
    reply: { type: "OK"; grant: number; token: number | null } | { type: "nil" };
  };
  "PEXPIRE if value": {
    request: { lock: string; value: string | undefined; ttlMs: number };
    reply: { type: "1" } | { type: "0" };
  };
  "DEL if value": { request: { lock: string; value: string }; reply: never };
  DEL: { request: { lock: string }; reply: never };
};

interface LiveGrant {
  grant: number;
  client: string;
  lock: string;
  token: number | null;
}

export function createRedis({ world, scenario }: ServiceSetup, spec: RedisSpec): LockService {
  const { kernel } = world;
  const release = scenario.clients.release;
  const nodeIds = serviceNodeIds(spec);
  /** Grants by the random value their client wrote; a grant ends once, however its key goes. */
  const live = new Map<string, LiveGrant>();
  /** Each client's current value per lock, as its library remembers it. */
  const held = new Map<string, string>();
  let primaryId = "redis";

  const onGone = (node: string) => (lock: string, value: string, reason: LeaseEndReason) => {
    if (node !== primaryId) return;
    const g = live.get(value);
    if (!g) return;
    live.delete(value);
    kernel.log({ kind: "lease-end", proc: node, client: g.client, lock, grant: g.grant, token: g.token, reason });
  };
  const stores = new Map<string, RedisNodeStore>();
  for (const id of nodeIds)
    stores.set(id, new RedisNodeStore(kernel, kernel.proc(id), onGone(id), id === "redis" && !!spec.replica));
  const primary = () => stores.get(primaryId)!;

  const wire = world.wire<RedisProtocol>();
  wire.serve(nodeIds, spec.capacityOpsPerSec, (node, from, msg, respond) => {
    if (node !== primaryId) return;
    const store = primary();
    const lock = msg.lock;
    switch (msg.type) {
      case "SET NX PX": {
        const value = msg.value;
        if (!store.setNx(lock, value, msg.ttlMs ?? Infinity)) return respond({ type: "nil" });
        const token = msg.incr ? store.incr(`${lock}:fence`) : null;
        const grant = world.grantId();
        live.set(value, { grant, client: from, lock, token });
        kernel.log({ kind: "grant", proc: node, client: from, lock, grant, token });
        return respond({ type: "OK", grant, token });
      }
      case "PEXPIRE if value":
        return respond({ type: store.pexpireIfValue(lock, msg.value, msg.ttlMs) ? "1" : "0" });
      case "DEL if value":
        store.deleteIfValue(lock, msg.value);
        return;
      case "DEL":
        store.delete(lock);
        return;
    }
  });

  const key = (client: string, lock: string) => `${client}/${lock}`;

  return {
    nodeIds,
    renewsItself: false,
    acquire(client, lock, _wait, done: (r: AcquireResult) => void) {
      const value = `${client}:${world.grantId()}`;
      const sentT = kernel.now;
      wire.request(
        client,
        primaryId,
        { type: "SET NX PX", lock, value, ttlMs: spec.ttlMs, incr: spec.tokens === "incr" },
        {
          reply(r) {
            if (r.type !== "OK") return done({ kind: "held" });
            held.set(key(client, lock), value);
            done({ kind: "granted", grant: r.grant, token: r.token, leaseBasisT: sentT, leaseMs: spec.ttlMs });
          },
          timeout: () => done({ kind: "unavailable" }),
        },
      );
    },
    renew(client, lock, done: (r: RenewResult) => void) {
      const value = held.get(key(client, lock));
      const sentT = kernel.now;
      wire.request(
        client,
        primaryId,
        { type: "PEXPIRE if value", lock, value, ttlMs: spec.ttlMs },
        {
          reply: (r) =>
            done(r.type === "1" ? { kind: "renewed", leaseBasisT: sentT, leaseMs: spec.ttlMs } : { kind: "refused" }),
          timeout: () => done({ kind: "unavailable" }),
        },
      );
    },
    release(client, lock) {
      const value = held.get(key(client, lock));
      held.delete(key(client, lock));
      if (release === "delete") wire.tell(client, primaryId, { type: "DEL", lock });
      else if (value) wire.tell(client, primaryId, { type: "DEL if value", lock, value });
    },
    finish() {},
    onCrash(proc: Proc) {
      if (proc.id.startsWith("c")) held.forEach((_, k) => k.startsWith(`${proc.id}/`) && held.delete(k));
    },
    onRestart(proc: Proc) {
      // No persistence: a restarted node comes back empty, counter included.
      if (stores.has(proc.id)) stores.get(proc.id)!.clear("restart");
    },
    failover(promoteAfterMs) {
      const old = primaryId;
      const diedT = kernel.now;
      if (spec.replica && old === "redis") {
        // Until Sentinel promotes the replica, the dead primary answers nothing: nobody can take the lock.
        kernel.crash(kernel.proc("redis"), true, undefined);
        const asOf = diedT - spec.replica.lagMs;
        const promote = () => {
          const replica = stores.get("replica")!;
          replica.replicate(stores.get("redis")!.journal, asOf);
          primaryId = "replica";
          for (const [value, g] of [...live]) {
            if (!replica.holds(g.lock, value)) {
              live.delete(value);
              kernel.log({
                kind: "lease-end",
                proc: old,
                client: g.client,
                lock: g.lock,
                grant: g.grant,
                token: g.token,
                reason: "failover",
              });
            }
          }
          kernel.log({ kind: "failover", proc: "replica", lostAfterMs: asOf, downMs: kernel.now - diedT });
        };
        if (promoteAfterMs === 0) promote();
        else kernel.at(diedT + promoteAfterMs, promote);
      } else if (promoteAfterMs === 0) {
        primary().clear("failover");
        kernel.log({ kind: "failover", proc: primaryId, lostAfterMs: kernel.now, downMs: 0 });
      } else {
        // No replica to promote: the primary is down for that long and comes back empty.
        kernel.crash(kernel.proc(primaryId), true, promoteAfterMs);
        kernel.at(diedT + promoteAfterMs, () =>
          kernel.log({ kind: "failover", proc: primaryId, lostAfterMs: diedT, downMs: kernel.now - diedT }),
        );
      }
    },
    onNetworkChange() {},
    codeApi: (calls: CodeCalls): Redis => redisCalls(calls, wire, kernel, () => primaryId),
  };
}

/**
 * The Lua a lock library sends (the pattern of the Redis documentation's SET page, "a simple
 * locking pattern": https://redis.io/docs/latest/commands/set/), as the learner's client sends it.
 */
export const REDIS_SCRIPTS = {
  COMPARE_AND_DELETE:
    'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end',
  COMPARE_AND_PEXPIRE:
    'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end',
  SET_NX_PX_INCR:
    'if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then return redis.call("incr", KEYS[1] .. ":fence") else return false end',
} as const;

/** A learner's Redis client: each call is one command (or script) on the primary. */
function redisCalls(calls: CodeCalls, wire: Wire<RedisProtocol>, kernel: Kernel, primary: () => string): Redis {
  const { client } = calls;
  const text = (value: unknown) => JSON.stringify(value) ?? String(value);
  const setNx = (call: string, lock: string, value: string, ttlMs: number | null, incr: boolean) =>
    calls.step<"OK" | number | null>(call, (answer) => {
      calls.acquiring(lock);
      wire.request(
        client,
        primary(),
        { type: "SET NX PX", lock, value, ttlMs, incr },
        {
          reply(r) {
            if (r.type !== "OK") {
              calls.refused(lock);
              return answer.ok(null);
            }
            calls.granted(lock, r.grant, r.token);
            answer.ok(incr ? r.token : "OK");
          },
          timeout() {
            calls.unavailable(lock);
            answer.fail(calls.timeout(call));
          },
        },
      );
    });
  const positive = (ms: unknown, call: string): number => {
    const n = Number(ms);
    if (!Number.isFinite(n) || n <= 0)
      throw new RangeError(`${call}: PX needs a number of milliseconds above 0; it was given ${text(ms)}`);
    return n;
  };
  return {
    set(key, value, options) {
      const call = `redis.set(${text(key)}, ${text(value)}, ${text(options)})`;
      if (!options || options.NX !== true)
        throw new TypeError(
          `${call}: a lock needs NX (set only if absent): redis.set(key, value, { NX: true, PX: ms })`,
        );
      const ttl = options.PX === undefined ? null : positive(options.PX, call);
      return setNx(call, String(key), String(value), ttl, false) as Step<"OK" | null>;
    },
    del(key) {
      return calls.step(`redis.del(${text(key)})`, (answer) => {
        calls.releasing(String(key));
        wire.tell(client, primary(), { type: "DEL", lock: String(key) });
        answer.ok(undefined);
      });
    },
    eval(script, key, ...args) {
      const call = `redis.eval(${Object.entries(REDIS_SCRIPTS).find(([, lua]) => lua === script)?.[0] ?? "…"}, ${[key, ...args].map(text).join(", ")})`;
      const lock = String(key);
      const value = String(args[0]);
      switch (script) {
        case REDIS_SCRIPTS.COMPARE_AND_DELETE:
          return calls.step(call, (answer) => {
            calls.releasing(lock);
            wire.tell(client, primary(), { type: "DEL if value", lock, value });
            answer.ok(null);
          });
        case REDIS_SCRIPTS.COMPARE_AND_PEXPIRE: {
          const ttlMs = positive(args[1], call);
          return calls.step<number | null>(call, (answer) => {
            const report = calls.renewal(lock);
            wire.request(
              client,
              primary(),
              { type: "PEXPIRE if value", lock, value, ttlMs },
              {
                reply(r) {
                  report(r.type === "1");
                  answer.ok(r.type === "1" ? 1 : 0);
                },
                timeout() {
                  report(false);
                  answer.fail(calls.timeout(call));
                },
              },
            );
          });
        }
        case REDIS_SCRIPTS.SET_NX_PX_INCR:
          return setNx(call, lock, value, positive(args[1], call), true) as Step<number | null>;
        default:
          throw new TypeError(
            `redis.eval runs only the scripts in redis.scripts (COMPARE_AND_DELETE, COMPARE_AND_PEXPIRE, SET_NX_PX_INCR)`,
          );
      }
    },
    scripts: REDIS_SCRIPTS,
  };
}
