/**
 * The lock as each client process takes it from a real server, with the same requests the model's
 * services describe (lib/sim/services): Redis SET NX PX (+ INCR for a token) in one Lua script;
 * etcd's concurrency.Mutex over etcd's own JSON gateway (lease, put-if-absent under a prefix,
 * lowest create revision owns it, watch the predecessor, then Get(myKey)); PostgreSQL's
 * pg_try_advisory_lock, a lock table, or SELECT … FOR UPDATE NOWAIT.
 *
 * Client libraries: ioredis (the most used Node Redis client, maintained by Redis; Lua scripts and
 * automatic reconnection, which a failover needs) and pg (node-postgres, the standard driver). For
 * etcd, its gRPC gateway (/v3/…, JSON over HTTP, part of etcd itself) with Node's fetch: no gRPC
 * stack to install, and KeepAlive timing stays in our hands, every TTL/3 as in the model.
 */
import Redis from "ioredis";
import pg from "pg";
import type { TraceEvent } from "../../lib/real/trace";

export type Acquired =
  | {
      kind: "granted";
      proc: string;
      grant: string;
      token: number | null;
      /** The lease the client counts from `basisT` (when it sent the request), or null for a lock with no TTL. */
      leaseMs: number | null;
      basisT: number;
      /** Lock table: the expired row this grant took over. */
      tookOver: { grant: string; client: string; token: number } | null;
    }
  | { kind: "refused"; reason: "held" | "session-lost" };

export interface LockClient {
  acquire(): Promise<Acquired>;
  /** Renew a lease; true if it was still mine. */
  renew(): Promise<boolean>;
  /** Release; true if it removed my own lock (the server's lease ended then). */
  release(): Promise<boolean>;
  finish(): Promise<void>;
}

export interface LockContext {
  id: string;
  now: () => number;
  emit: (e: TraceEvent) => void;
  /** A lost session (etcd's lease gone): the client's belief ends. */
  lost: () => void;
  /** The deadline basis moved (etcd KeepAlive answered). */
  extended: (basisT: number) => void;
}

const ACQUIRE_LUA = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if ARGV[3] == '1' then return redis.call('INCR', KEYS[2]) end
  return 0
end
return -1`;
const RENEW_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function redisLock(
  ctx: LockContext,
  redis: Redis,
  opts: { ttlMs: number; tokens: boolean; plainDelete: boolean; node: () => string },
): LockClient {
  let n = 0;
  let value = "";
  return {
    async acquire() {
      const mine = `${ctx.id}:${n + 1}`;
      const basisT = ctx.now();
      const r = (await redis.eval(
        ACQUIRE_LUA,
        2,
        "lock",
        "lock:fence",
        mine,
        opts.ttlMs,
        opts.tokens ? "1" : "0",
      )) as number;
      if (r < 0) return { kind: "refused", reason: "held" };
      n++;
      value = mine;
      return {
        kind: "granted",
        proc: opts.node(),
        grant: `redis:${mine}`,
        token: opts.tokens ? r : null,
        leaseMs: opts.ttlMs,
        basisT,
        tookOver: null,
      };
    },
    async renew() {
      return ((await redis.eval(RENEW_LUA, 1, "lock", value, opts.ttlMs)) as number) === 1;
    },
    async release() {
      if (opts.plainDelete) return (await redis.del("lock")) === 1;
      return ((await redis.eval(RELEASE_LUA, 1, "lock", value)) as number) === 1;
    },
    async finish() {
      redis.disconnect();
    },
  };
}

const b64 = (s: string) => Buffer.from(s).toString("base64");
const unb64 = (s: string) => Buffer.from(s, "base64").toString();

export function etcdLock(ctx: LockContext, base: string, ttlMs: number): LockClient {
  const ttlS = Math.ceil(ttlMs / 1000);
  let lease: string | null = null;
  let keepAlive: NodeJS.Timeout | null = null;
  let watching: AbortController | null = null;
  let myKey = "";
  const call = async (path: string, body: unknown, signal?: AbortSignal) => {
    const r = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body), signal });
    const json = (await r.json()) as Record<string, unknown>;
    if (!r.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const sessionLost = () => {
    if (keepAlive) clearTimeout(keepAlive);
    keepAlive = null;
    lease = null;
    watching?.abort();
    ctx.lost();
  };
  const scheduleKeepAlive = (id: string) => {
    keepAlive = setTimeout(async () => {
      const sent = ctx.now();
      try {
        const r = await call("/v3/lease/keepalive", { ID: id });
        const result = (r as { result?: { TTL?: string } }).result;
        if (lease !== id) return;
        if (!result?.TTL || Number(result.TTL) <= 0) return sessionLost();
        sessionBasis = sent;
        ctx.extended(sent);
        scheduleKeepAlive(id);
      } catch {
        if (lease === id) sessionLost();
      }
    }, ttlMs / 3);
  };
  let sessionBasis = 0;
  /** Resolves when `key` is deleted (a watch from `fromRevision`), or rejects when the session is lost. */
  const waitDelete = async (key: string, fromRevision: number) => {
    watching = new AbortController();
    const res = await fetch(`${base}/v3/watch`, {
      method: "POST",
      body: JSON.stringify({ create_request: { key: b64(key), start_revision: String(fromRevision) } }),
      signal: watching.signal,
    });
    const reader = res.body!.getReader();
    let text = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error("watch ended");
        text += new TextDecoder().decode(value);
        let nl;
        while ((nl = text.indexOf("\n")) >= 0) {
          const line = JSON.parse(text.slice(0, nl)) as { result?: { events?: { type?: string }[] } };
          text = text.slice(nl + 1);
          if (line.result?.events?.some((e) => e.type === "DELETE")) return;
        }
      }
    } finally {
      watching.abort();
      watching = null;
    }
  };
  return {
    async acquire() {
      if (!lease) {
        sessionBasis = ctx.now();
        const r = await call("/v3/lease/grant", { TTL: String(ttlS) });
        lease = r.ID as string;
        scheduleKeepAlive(lease);
      }
      const id = lease;
      myKey = `lock/${BigInt(id).toString(16)}`;
      const k = b64(myKey);
      let txn: Record<string, unknown>;
      try {
        txn = await call("/v3/kv/txn", {
          compare: [{ key: k, target: "CREATE", result: "EQUAL", create_revision: "0" }],
          success: [{ request_put: { key: k, value: "", lease: id } }],
          failure: [{ request_range: { key: k } }],
        });
      } catch (e) {
        // A client paused between LeaseGrant and its put finds its lease gone: the session is lost, and it retries with a new one.
        if (!/requested lease not found/.test(String(e))) throw e;
        if (lease === id) sessionLost();
        return { kind: "refused", reason: "session-lost" };
      }
      const header = txn.header as { revision: string };
      let myRev = Number(header.revision);
      if (!txn.succeeded) {
        // The failed compare's range: the key that already exists, mine from an earlier attempt.
        const [failed] = txn.responses as { response_range: { kvs: { create_revision: string }[] } }[];
        const created = failed?.response_range.kvs[0]?.create_revision;
        if (created === undefined)
          throw new Error(`etcd's txn failed without the key it compared: ${JSON.stringify(txn)}`);
        myRev = Number(created);
      }
      try {
        for (;;) {
          // The last key created before mine (WithLastCreate, WithMaxCreateRev(myRev − 1)): my predecessor.
          const prefix = b64("lock/");
          const end = b64("lock0");
          const pre = await call("/v3/kv/range", {
            key: prefix,
            range_end: end,
            sort_order: "DESCEND",
            sort_target: "CREATE",
            max_create_revision: String(myRev - 1),
            limit: "1",
          });
          const [predecessor] = (pre.kvs ?? []) as { key: string }[];
          if (!predecessor) break;
          await waitDelete(unb64(predecessor.key), Number((pre.header as { revision: string }).revision) + 1);
        }
        // etcd 3.4's Mutex.Lock: my own key must still exist (my session may have expired meanwhile).
        const mine = await call("/v3/kv/range", { key: k });
        if (!((mine.kvs ?? []) as unknown[]).length) {
          sessionLost();
          return { kind: "refused", reason: "session-lost" };
        }
      } catch (e) {
        if (lease !== id) return { kind: "refused", reason: "session-lost" };
        throw e;
      }
      return {
        kind: "granted",
        proc: "e1",
        grant: `etcd:${myRev}`,
        token: myRev,
        leaseMs: ttlMs,
        basisT: sessionBasis,
        tookOver: null,
      };
    },
    async renew() {
      return lease !== null;
    },
    async release() {
      const r = await call("/v3/kv/deleterange", { key: b64(myKey) });
      return Number(r.deleted ?? 0) === 1;
    },
    async finish() {
      if (keepAlive) clearTimeout(keepAlive);
      if (lease) await call("/v3/lease/revoke", { ID: lease }).catch(() => {});
      lease = null;
    },
  };
}

export function advisoryLock(db: pg.Client): LockClient {
  let n = 0;
  return {
    async acquire() {
      const basisT = 0;
      const ok = (await db.query("SELECT pg_try_advisory_lock(1) AS ok")).rows[0].ok as boolean;
      if (!ok) return { kind: "refused", reason: "held" };
      n++;
      return {
        kind: "granted",
        proc: "pg",
        grant: `advisory:${n}:${process.pid}`,
        token: null,
        leaseMs: null,
        basisT,
        tookOver: null,
      };
    },
    async renew() {
      return true;
    },
    async release() {
      return (await db.query("SELECT pg_advisory_unlock(1) AS ok")).rows[0].ok as boolean;
    },
    async finish() {
      await db.end();
    },
  };
}

export function lockTable(
  ctx: LockContext,
  db: pg.Client,
  opts: { ttlMs: number; clientClock: (() => number) | null },
): LockClient {
  let token = 0;
  return {
    async acquire() {
      const basisT = ctx.now();
      const at = opts.clientClock ? new Date(opts.clientClock()).toISOString() : null;
      const r = (await db.query("SELECT * FROM lock_acquire('lock', $1, $2, $3)", [ctx.id, at, opts.ttlMs])).rows[0];
      if (r.token === null) return { kind: "refused", reason: "held" };
      token = Number(r.token);
      const tookOver =
        r.prev_token === null
          ? null
          : { grant: `pg:${r.prev_token}`, client: r.prev_holder as string, token: Number(r.prev_token) };
      return { kind: "granted", proc: "pg", grant: `pg:${token}`, token, leaseMs: opts.ttlMs, basisT, tookOver };
    },
    async renew() {
      const at = opts.clientClock ? new Date(opts.clientClock()).toISOString() : null;
      const r = await db.query(
        "UPDATE locks SET expires_at = coalesce($2::timestamptz, now()) + $3 * interval '1 millisecond' WHERE name = 'lock' AND token = $1",
        [token, at, opts.ttlMs],
      );
      return r.rowCount === 1;
    },
    async release() {
      return (await db.query("DELETE FROM locks WHERE name = 'lock' AND token = $1", [token])).rowCount === 1;
    },
    async finish() {
      await db.end();
    },
  };
}

/** SELECT … FOR UPDATE NOWAIT on the lock's row, in the transaction that will also write the counter (on the same connection). */
export function forUpdateLock(db: pg.Client): LockClient {
  let n = 0;
  return {
    async acquire() {
      await db.query("BEGIN");
      try {
        await db.query("SELECT 1 FROM row_locks WHERE name = 'lock' FOR UPDATE NOWAIT");
      } catch (e) {
        await db.query("ROLLBACK");
        if ((e as { code?: string }).code === "55P03") return { kind: "refused", reason: "held" };
        throw e;
      }
      n++;
      return {
        kind: "granted",
        proc: "pg",
        grant: `for-update:${n}:${process.pid}`,
        token: null,
        leaseMs: null,
        basisT: 0,
        tookOver: null,
      };
    },
    async renew() {
      return true;
    },
    async release() {
      await db.query("COMMIT");
      return true;
    },
    async finish() {
      await db.end();
    },
  };
}
