/**
 * Redlock: `SET k v NX PX ttl` on N independent Redis nodes, each with its own clock, with a short
 * per-node timeout. The client holds the lock iff a majority said OK and validity
 * = ttl − elapsed − (ttl·driftFactor + 2 ms) is still positive; otherwise it unlocks every node and
 * retries after 100–300 ms. Redlock issues no fencing token. A grant is live while a majority of
 * nodes still hold its value by their own clocks.
 */
import type { Proc } from "../kernel";
import type { LeaseEndReason } from "../events";
import { RedisNodeStore } from "./redis-node";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import { serviceNodeIds } from "../scenario";
import { CodeStep, type CodeCalls } from "../code/calls";
import type { Redlock, RedlockNode, Settled, Step } from "../code/api";
import { REDIS_SCRIPTS } from "./redis";

type RedlockSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "redlock" }>;

/** What the Redlock library sends each independent Redis node, and what a node answers. */
type RedlockProtocol = {
  "SET NX PX": { request: { lock: string; value: string; ttlMs: number }; reply: { type: "OK" } | { type: "nil" } };
  "PEXPIRE if value": { request: { lock: string; value: string; ttlMs: number }; reply: { type: "1" } | { type: "0" } };
  "DEL if value": { request: { lock: string; value: string }; reply: never };
};

/**
 * The per-node timeout: the Redis documentation's Redlock page asks for one small against the TTL
 * ("5-50 milliseconds" for a 10 s auto-release time); we take its upper end. The retries per
 * acquisition and the delay between them are node-redlock's defaults (retryCount 10,
 * retryDelay 200 ms with 100 ms of jitter).
 */
const NODE_TIMEOUT_MS = 50;
const RETRIES = 10;
const RETRY_DELAY_MS: [number, number] = [100, 300];

interface Grant {
  grant: number;
  client: string;
  lock: string;
  ended: boolean;
}

/** How many of Redlock's independent nodes must hold a client's key for it to hold the lock: a majority. */
export const redlockQuorum = (nodes: number) => Math.floor(nodes / 2) + 1;

export function createRedlock({ world, scenario }: ServiceSetup, spec: RedlockSpec): LockService {
  const { kernel } = world;
  const leaseClock = scenario.clients.leaseClock;
  const nodeIds = serviceNodeIds(spec);
  const quorum = redlockQuorum(spec.nodes);
  const driftMs = Math.round(spec.ttlMs * spec.driftFactor) + 2;
  /** Which nodes hold each value right now (judged by each node's own clock), and since when. */
  const holders = new Map<string, Map<string, number>>();
  const grants = new Map<string, Grant>();
  const held = new Map<string, string>();
  const key = (client: string, lock: string) => `${client}/${lock}`;

  const endIfMinority = (value: string, reason: LeaseEndReason) => {
    const g = grants.get(value);
    if (!g || g.ended || (holders.get(value)?.size ?? 0) >= quorum) return;
    g.ended = true;
    kernel.log({
      kind: "lease-end",
      proc: g.client,
      client: g.client,
      lock: g.lock,
      grant: g.grant,
      token: null,
      reason,
    });
  };
  const stores = new Map<string, RedisNodeStore>();
  for (const id of nodeIds) {
    stores.set(
      id,
      new RedisNodeStore(
        kernel,
        kernel.proc(id),
        (lock, value, reason) => {
          holders.get(value)?.delete(id);
          const g = grants.get(value);
          if (g) kernel.log({ kind: "node-key-end", proc: id, client: g.client, lock, grant: g.grant, reason });
          endIfMinority(value, reason);
        },
        false,
      ),
    );
  }

  const wire = world.wire<RedlockProtocol>();
  wire.serve(nodeIds, spec.capacityOpsPerSec, (node, _from, msg, respond) => {
    const store = stores.get(node)!;
    const { lock, value } = msg;
    switch (msg.type) {
      case "SET NX PX": {
        const ok = store.setNx(lock, value, msg.ttlMs);
        if (ok) {
          let set = holders.get(value);
          if (!set) holders.set(value, (set = new Map()));
          set.set(node, kernel.now);
        }
        return respond({ type: ok ? "OK" : "nil" });
      }
      case "PEXPIRE if value":
        return respond({ type: store.pexpireIfValue(lock, value, msg.ttlMs) ? "1" : "0" });
      case "DEL if value":
        store.deleteIfValue(lock, value);
        return;
    }
  });

  /**
   * Sends `type` to every node and collects the answers; `done` gets the OK count, whether any node
   * refused (as opposed to not answering), and the true time the round started.
   */
  function round(
    client: string,
    msg: { type: "SET NX PX" | "PEXPIRE if value"; lock: string; value: string },
    done: (oks: number, refusals: number, startT: number) => void,
  ) {
    const startT = kernel.now;
    let oks = 0;
    let refusals = 0;
    let settled = 0;
    const settle = () => {
      if (++settled === nodeIds.length) done(oks, refusals, startT);
    };
    for (const node of nodeIds) {
      wire.request(
        client,
        node,
        { ...msg, ttlMs: spec.ttlMs },
        {
          reply: (r) => {
            if (r.type === "OK" || r.type === "1") oks++;
            else refusals++;
            settle();
          },
          timeout: settle,
        },
        NODE_TIMEOUT_MS,
      );
    }
  }

  /** Milliseconds of validity left, by the client's own clock, for a round started at startT. */
  const validity = (client: Proc, startT: number) =>
    spec.ttlMs - (client.clock.read(leaseClock, kernel.now) - client.clock.read(leaseClock, startT)) - driftMs;

  const unlockAll = (client: string, lock: string, value: string) => {
    for (const node of nodeIds) wire.tell(client, node, { type: "DEL if value", lock, value });
  };

  /**
   * The client has concluded it holds `lock` with `value` (a majority within the validity time):
   * the grant, and each node's key, as the timeline draws them. A grant whose value a majority no
   * longer holds ends at once.
   */
  function concluded(client: string, lock: string, value: string): number {
    const grant = world.grantId();
    grants.set(value, { grant, client, lock, ended: false });
    kernel.log({ kind: "grant", proc: client, client, lock, grant, token: null });
    for (const [node, sinceT] of holders.get(value) ?? [])
      kernel.log({ kind: "node-key-start", proc: node, client, lock, grant, sinceT });
    endIfMinority(value, "expired");
    return grant;
  }

  /** A learner's Redlock client: each call is one command on one node; the conclusions are its own. */
  function codeApi(calls: CodeCalls): Redlock {
    const { client } = calls;
    const text = (value: unknown) => JSON.stringify(value) ?? String(value);
    const node = (name: string, i: number): RedlockNode => ({
      name,
      set(key, value, options) {
        const call = `redlock.nodes[${i}].set(${text(key)}, ${text(value)}, ${text(options)})`;
        if (!options || options.NX !== true)
          throw new TypeError(`${call}: a lock needs NX (set only if absent): set(key, value, { NX: true, PX: ms })`);
        const ttlMs = positive(options.PX, call);
        const lock = String(key);
        const msg = { type: "SET NX PX" as const, lock, value: String(value), ttlMs };
        return calls.step<"OK" | null>(call, (answer) => {
          calls.acquiring(lock);
          wire.request(
            client,
            name,
            msg,
            { reply: (r) => answer.ok(r.type === "OK" ? "OK" : null), timeout: () => answer.fail(calls.timeout(call)) },
            NODE_TIMEOUT_MS,
          );
        });
      },
      eval(script, key, ...args) {
        const call = `redlock.nodes[${i}].eval(${Object.entries(REDLOCK_SCRIPTS).find(([, lua]) => lua === script)?.[0] ?? "…"}, ${[key, ...args].map(text).join(", ")})`;
        const lock = String(key);
        const value = String(args[0]);
        switch (script) {
          case REDLOCK_SCRIPTS.COMPARE_AND_DELETE:
            return calls.step(call, (answer) => {
              calls.releasing(lock);
              wire.tell(client, name, { type: "DEL if value", lock, value });
              answer.ok(null);
            });
          case REDLOCK_SCRIPTS.COMPARE_AND_PEXPIRE: {
            const ttlMs = positive(args[1], call);
            return calls.step<number | null>(call, (answer) =>
              wire.request(
                client,
                name,
                { type: "PEXPIRE if value", lock, value, ttlMs },
                { reply: (r) => answer.ok(r.type === "1" ? 1 : 0), timeout: () => answer.fail(calls.timeout(call)) },
                NODE_TIMEOUT_MS,
              ),
            );
          }
          default:
            throw new TypeError(
              `redlock.nodes[${i}].eval runs only the scripts in redlock.scripts (COMPARE_AND_DELETE, COMPARE_AND_PEXPIRE)`,
            );
        }
      },
    });
    return {
      nodes: nodeIds.map(node),
      quorum,
      driftFactor: spec.driftFactor,
      scripts: REDLOCK_SCRIPTS,
      allSettled<T>(steps: readonly Step<T>[]): Step<Settled<T>[]> {
        const list = [...steps];
        const bad = list.findIndex((s) => !(s instanceof CodeStep));
        if (bad >= 0)
          throw new TypeError(`redlock.allSettled takes calls such as node.set(…); item ${bad} is ${text(list[bad])}`);
        return calls.step<Settled<T>[]>(`redlock.allSettled([${list.map((s) => s.call).join(", ")}])`, (answer) => {
          const results: Settled<T>[] = new Array(list.length);
          let left = list.length;
          if (left === 0) return answer.ok(results);
          const settle = (i: number, result: Settled<T>) => {
            if (results[i]) return;
            results[i] = result;
            if (--left === 0) answer.ok(results);
          };
          list.forEach((s, i) =>
            (s as CodeStep<T>).start({
              ok: (value) => settle(i, { status: "fulfilled", value }),
              fail: (reason) => settle(i, { status: "rejected", reason }),
            }),
          );
        });
      },
      acquired(key, value) {
        // Once per value: a value is one round's, and the grant it earned is already drawn.
        if (grants.has(String(value))) return;
        const lock = String(key);
        calls.granted(lock, concluded(client, lock, String(value)), null);
      },
      failed(key, reason, elapsedMs) {
        const lock = String(key);
        if (reason === "unavailable") return calls.unavailable(lock);
        if (reason !== "no-quorum" && reason !== "no-validity")
          throw new TypeError(
            `redlock.failed: the reason is "no-quorum", "no-validity" or "unavailable", not ${text(reason)}`,
          );
        calls.refused(lock, reason, elapsedMs === undefined ? undefined : Number(elapsedMs));
      },
      extended(key, ok) {
        calls.renewal(String(key))(Boolean(ok));
      },
    };
  }

  return {
    nodeIds,
    renewsItself: false,
    acquire(client, lock, wait, done: (r: AcquireResult) => void) {
      const proc = kernel.proc(client);
      const attempt = (retriesLeft: number) => {
        const value = `${client}:${world.grantId()}`;
        round(client, { type: "SET NX PX", lock, value }, (oks, refusals, startT) => {
          const left = validity(proc, startT);
          if (oks >= quorum && left > 0) {
            const grant = concluded(client, lock, value);
            held.set(key(client, lock), value);
            return done({ kind: "granted", grant, token: null, leaseBasisT: startT, leaseMs: spec.ttlMs - driftMs });
          }
          unlockAll(client, lock, value);
          if (retriesLeft > 0) {
            // A majority said OK, but the round took longer than the lease leaves: the client gives it up.
            if (oks >= quorum)
              kernel.log({
                kind: "refused",
                proc: client,
                lock,
                reason: "no-validity",
                elapsedMs: spec.ttlMs - driftMs - left,
              });
            kernel.sleep(proc, world.rng.uniform(RETRY_DELAY_MS[0], RETRY_DELAY_MS[1]), () => attempt(retriesLeft - 1));
            return;
          }
          done({ kind: oks >= quorum ? "no-validity" : refusals > 0 ? "no-quorum" : "unavailable" });
        });
      };
      attempt(wait ? RETRIES : 0);
    },
    renew(client, lock, done: (r: RenewResult) => void) {
      const value = held.get(key(client, lock));
      if (!value) return done({ kind: "refused" });
      const proc = kernel.proc(client);
      round(client, { type: "PEXPIRE if value", lock, value }, (oks, refusals, startT) => {
        if (oks >= quorum && validity(proc, startT) > 0)
          return done({ kind: "renewed", leaseBasisT: startT, leaseMs: spec.ttlMs - driftMs });
        done({ kind: refusals > 0 || oks > 0 ? "refused" : "unavailable" });
      });
    },
    release(client, lock) {
      const value = held.get(key(client, lock));
      held.delete(key(client, lock));
      if (value) unlockAll(client, lock, value);
    },
    finish() {},
    onCrash(proc: Proc) {
      for (const k of [...held.keys()]) if (k.startsWith(`${proc.id}/`)) held.delete(k);
    },
    onRestart(proc: Proc) {
      // Without persistence a restarted node has forgotten every key it held.
      stores.get(proc.id)?.clear("restart");
    },
    failover() {},
    onNetworkChange() {},
    codeApi,
  };
}

/**
 * The Lua Redlock sends each node to release and to extend: the Redis documentation's Redlock page
 * gives the release script (https://redis.io/docs/latest/develop/use/patterns/distributed-locks/);
 * the extension is the same compare, then PEXPIRE.
 */
const REDLOCK_SCRIPTS = {
  COMPARE_AND_DELETE: REDIS_SCRIPTS.COMPARE_AND_DELETE,
  COMPARE_AND_PEXPIRE: REDIS_SCRIPTS.COMPARE_AND_PEXPIRE,
} as const;

function positive(ms: unknown, call: string): number {
  const n = Number(ms);
  if (!Number.isFinite(n) || n <= 0)
    throw new RangeError(
      `${call}: PX needs a number of milliseconds above 0; it was given ${JSON.stringify(ms) ?? String(ms)}`,
    );
  return n;
}
