/**
 * PostgreSQL as a lock service, in three modes.
 * - `advisory`: `pg_try_advisory_lock`, a session-level lock with no TTL, held as long as the
 *   client's connection lives. A GC pause keeps it (the client's kernel keeps the TCP connection
 *   alive); a process crash releases it at once (its connection is reset); a vanished host, or a
 *   network cut, holds it until TCP keepalive gives up on the connection (`keepaliveMs`).
 * - `lock-table`: one row per lock name (UNIQUE) with `expires_at` and `token`. Acquire inserts
 *   the row, or takes over one whose `expires_at` has passed; renew moves `expires_at` only where
 *   the token is still mine; release deletes it. The token comes from a sequence that every attempt
 *   consumes, the failed ones too, so it rises with gaps. `expires_at` is judged by the database's
 *   clock, or with `expiryClock: "client"` written from the holder's wall clock and compared with
 *   the next client's — so clock skew lets a client take a live lock.
 * - `for-update`: `SELECT … FOR UPDATE NOWAIT` on the lock's row, in the same transaction as the
 *   write: lock and data in one database. The row lock lasts until COMMIT (the client's release)
 *   or until the connection dies, which rolls the transaction back, and a write whose transaction
 *   is over cannot commit. A stale holder can do no harm: safe by construction, with no token.
 * Every mode tries once and lets the client retry (no blocking waits). A database crash loses the
 * advisory locks and open transactions, which live in memory, but not the lock table.
 */
import type { Proc, Timer } from "../kernel";
import type { LeaseEndReason } from "../events";
import type { Rejection } from "../facts";
import type { Reply, ReplyOf, RequestOf } from "../world";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import type { CodeCalls } from "../code/calls";
import type { Postgres, PostgresSql, QueryResult } from "../code/api";

type PostgresSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "postgres" }>;

const DB = "pg";

interface Connection {
  id: number;
  client: string;
  open: boolean;
  /** Running while the client cannot be reached: TCP keepalive closes the connection when it fires. */
  keepalive: Timer | null;
  /** The client's host vanished: nothing but keepalive will close this connection. */
  hostGone: boolean;
}

/** An advisory lock, or a row locked FOR UPDATE: held by one connection's session or transaction. */
interface SessionLock {
  client: string;
  connection: number;
  grant: number;
}

/** A lock table row; `expiresAt` is a wall-clock reading (the database's or a client's). */
interface Row {
  client: string;
  token: number;
  expiresAt: number;
  grant: number;
}

/** What each session-bound mode sends, and what the database answers. */
const STATEMENTS = {
  advisory: { lock: "SELECT pg_try_advisory_lock", locked: "t", busy: "f", unlock: "SELECT pg_advisory_unlock" },
  "for-update": {
    lock: "BEGIN; SELECT … FOR UPDATE NOWAIT",
    locked: "row locked",
    busy: "ERROR: could not obtain lock on row",
    unlock: "COMMIT",
  },
} as const;

type ConnectionReset = { type: "connection reset" };
/** A statement of a session-bound mode, on the client's connection. */
type OnConnection = { lock: string; connection: number };

/**
 * What each mode's driver sends the database, and its answers. In the lock-table mode a client
 * that judges expiry by its own clock sends its wall-clock reading as `now` (null: the database's).
 */
type PostgresProtocol = {
  "SELECT pg_try_advisory_lock": {
    request: OnConnection;
    reply: ConnectionReset | { type: "t"; grant: number } | { type: "f" };
  };
  "SELECT pg_advisory_unlock": { request: OnConnection; reply: never };
  "BEGIN; SELECT … FOR UPDATE NOWAIT": {
    request: OnConnection;
    reply: ConnectionReset | { type: "row locked"; grant: number } | { type: "ERROR: could not obtain lock on row" };
  };
  COMMIT: { request: OnConnection; reply: never };
  "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now": {
    request: { lock: string; now: number | null; ttlMs: number };
    reply: { type: "INSERT 0 1"; token: number; grant: number } | { type: "INSERT 0 0" };
  };
  "UPDATE … SET expires_at WHERE token = mine": {
    request: { lock: string; token: number | undefined; now: number | null; ttlMs: number };
    reply: { type: "UPDATE 1" } | { type: "UPDATE 0" };
  };
  "DELETE … WHERE token = mine": { request: { lock: string; token: number }; reply: never };
};
type TableStatement =
  | "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now"
  | "UPDATE … SET expires_at WHERE token = mine"
  | "DELETE … WHERE token = mine";
type SessionStatement = Exclude<keyof PostgresProtocol, TableStatement>;

export function createPostgres({ world }: ServiceSetup, spec: PostgresSpec): LockService {
  const { kernel } = world;
  const db = kernel.proc(DB);
  let nextConnection = 1;
  const connections = new Map<number, Connection>();
  /** Each client's current connection, as its driver knows it. */
  const connectionOf = new Map<string, Connection>();
  const sessionLocks = new Map<string, SessionLock>();
  /** for-update: why each finished transaction can no longer commit a write, by grant. */
  const finished = new Map<number, Rejection>();
  let sequence = 0;
  const rows = new Map<string, Row>();
  /** lock-table: each client's token per lock, to renew and release only its own row. */
  const myToken = new Map<string, number>();
  const key = (client: string, lock: string) => `${client}/${lock}`;
  /** The statements of the session-bound modes (the lock table has its own). */
  const statements = STATEMENTS[spec.mode === "for-update" ? "for-update" : "advisory"];

  // ---- the database -----------------------------------------------------------------------

  function endSessionLock(lock: string, held: SessionLock, reason: LeaseEndReason, why: Rejection): void {
    sessionLocks.delete(lock);
    if (spec.mode === "for-update") finished.set(held.grant, why);
    kernel.log({ kind: "lease-end", proc: DB, client: held.client, lock, grant: held.grant, token: null, reason });
  }

  /** The server side of a connection ends: its session locks go, its transaction rolls back. */
  function connectionLost(c: Connection): void {
    if (!c.open) return;
    c.open = false;
    c.keepalive?.cancel();
    kernel.log({ kind: "session", proc: DB, client: c.client, state: "connection-lost" });
    const why: Rejection = { by: "transaction", cause: "connection-lost", client: c.client, atMs: kernel.now };
    for (const [lock, held] of [...sessionLocks])
      if (held.connection === c.id) endSessionLock(lock, held, "connection-lost", why);
  }

  function startKeepalive(c: Connection): void {
    c.keepalive ??= kernel.sleep(db, spec.keepaliveMs, () => connectionLost(c));
  }

  function sessionStatement(
    from: string,
    msg: RequestOf<PostgresProtocol, SessionStatement>,
    respond: Reply<ReplyOf<PostgresProtocol, SessionStatement>>,
  ): void {
    const c = connections.get(msg.connection);
    if (!c?.open) return respond({ type: "connection reset" });
    const lock = msg.lock;
    const held = sessionLocks.get(lock);
    if (msg.type === statements.unlock) {
      if (held?.connection === c.id) endSessionLock(lock, held, "released", { by: "transaction", cause: "ended" });
      return;
    }
    if (held && held.connection !== c.id) return respond({ type: statements.busy });
    if (!held) {
      const grant = world.grantId();
      sessionLocks.set(lock, { client: from, connection: c.id, grant });
      kernel.log({ kind: "grant", proc: DB, client: from, lock, grant, token: null });
    }
    respond({ type: statements.locked, grant: sessionLocks.get(lock)!.grant });
  }

  /** The clock `expires_at` is judged by: the one the client sent, or the database's. */
  const tableNow = (sent: number | null) => sent ?? db.clock.wall(kernel.now);

  function tableStatement(
    from: string,
    msg: RequestOf<PostgresProtocol, TableStatement>,
    respond: Reply<ReplyOf<PostgresProtocol, TableStatement>>,
  ): void {
    const lock = msg.lock;
    const row = rows.get(lock);
    switch (msg.type) {
      case "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now": {
        const now = tableNow(msg.now);
        // nextval() is evaluated before the conflict check, so a failed attempt burns a token too.
        const token = ++sequence;
        if (row && now < row.expiresAt) return respond({ type: "INSERT 0 0" });
        if (row)
          kernel.log({
            kind: "lease-end",
            proc: DB,
            client: row.client,
            lock,
            grant: row.grant,
            token: row.token,
            reason: "taken-over",
          });
        const grant = world.grantId();
        rows.set(lock, { client: from, token, expiresAt: now + msg.ttlMs, grant });
        kernel.log({ kind: "grant", proc: DB, client: from, lock, grant, token });
        return respond({ type: "INSERT 0 1", token, grant });
      }
      case "UPDATE … SET expires_at WHERE token = mine":
        if (!row || row.token !== msg.token) return respond({ type: "UPDATE 0" });
        row.expiresAt = tableNow(msg.now) + msg.ttlMs;
        return respond({ type: "UPDATE 1" });
      case "DELETE … WHERE token = mine":
        if (!row || row.token !== msg.token) return;
        rows.delete(lock);
        kernel.log({
          kind: "lease-end",
          proc: DB,
          client: row.client,
          lock,
          grant: row.grant,
          token: row.token,
          reason: "released",
        });
        return;
    }
  }

  const wire = world.wire<PostgresProtocol>();
  // Each mode's clients send only that mode's statements (the lock table's, or the session-bound ones).
  wire.serve([DB], spec.capacityOpsPerSec, (_node, from, msg, respond) => {
    switch (msg.type) {
      case "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now":
      case "UPDATE … SET expires_at WHERE token = mine":
      case "DELETE … WHERE token = mine":
        return tableStatement(from, msg, respond);
      default:
        return sessionStatement(from, msg, respond);
    }
  });

  // ---- the client's driver ----------------------------------------------------------------

  function connection(client: string): Connection {
    let c = connectionOf.get(client);
    if (!c?.open) {
      c = { id: nextConnection++, client, open: true, keepalive: null, hostGone: false };
      connections.set(c.id, c);
      connectionOf.set(client, c);
    }
    return c;
  }

  /** With expiryClock "client", the client computes `now` and `expires_at` itself, from its wall clock. */
  const clientNow = (client: string) =>
    spec.expiryClock === "client" ? kernel.proc(client).clock.wall(kernel.now) : null;

  function acquireSessionLock(client: string, lock: string, done: (r: AcquireResult) => void): void {
    const c = connection(client);
    const sentT = kernel.now;
    wire.request(
      client,
      DB,
      { type: statements.lock, lock, connection: c.id },
      {
        reply: (r) => {
          if (r.type === "connection reset") {
            connectionOf.delete(client);
            return done({ kind: "unavailable" });
          }
          if (r.type !== statements.locked) return done({ kind: "held" });
          done({ kind: "granted", grant: r.grant, token: null, leaseBasisT: sentT, leaseMs: null });
        },
        timeout: () => done({ kind: "unavailable" }),
      },
    );
  }

  function acquireRow(client: string, lock: string, done: (r: AcquireResult) => void): void {
    const sentT = kernel.now;
    wire.request(
      client,
      DB,
      {
        type: "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now",
        lock,
        now: clientNow(client),
        ttlMs: spec.ttlMs,
      },
      {
        reply: (r) => {
          if (r.type !== "INSERT 0 1") return done({ kind: "held" });
          myToken.set(key(client, lock), r.token);
          done({ kind: "granted", grant: r.grant, token: r.token, leaseBasisT: sentT, leaseMs: spec.ttlMs });
        },
        timeout: () => done({ kind: "unavailable" }),
      },
    );
  }

  // ---- a learner's client (lib/sim/code): the same statements, one query at a time ----------

  /** for-update: the row each client's open transaction has locked, which its COMMIT releases. */
  const transactionLock = new Map<string, string>();

  function codeApi(calls: CodeCalls): Postgres {
    const { client } = calls;
    const mode = spec.mode;
    const query = (text: string, values: unknown = []) => {
      const name = (Object.keys(POSTGRES_SQL) as (keyof PostgresSql)[]).find((k) => POSTGRES_SQL[k] === text);
      if (!name)
        throw new TypeError(`pg.query runs only the statements in pg.sql (${Object.keys(POSTGRES_SQL).join(", ")})`);
      const params: unknown[] = Array.isArray(values) ? values : [values];
      const call = `pg.query(pg.sql.${name}, ${JSON.stringify(params) ?? "[]"})`;
      if (STATEMENT_MODE[name] !== mode) {
        throw new TypeError(
          `${call}: this level's database is set up for ${MODE_TEXT[mode]}; pg.sql.${name} is for ${MODE_TEXT[STATEMENT_MODE[name]]}`,
        );
      }
      const lock = String(params[0]);
      const number = (i: number, what: string, above = -Infinity) => {
        const n = Number(params[i]);
        if (!Number.isFinite(n) || n <= above)
          throw new RangeError(
            `${call}: $${i + 1} (${what}) needs a number${above === 0 ? " above 0" : ""}; it was given ${JSON.stringify(params[i]) ?? String(params[i])}`,
          );
        return n;
      };
      const unavailable = (answer: { fail(error: Error): void }) => () => {
        calls.unavailable(lock);
        answer.fail(calls.timeout(call));
      };
      switch (name) {
        case "TRY_ADVISORY_LOCK":
        case "SELECT_FOR_UPDATE_NOWAIT":
          return calls.step<QueryResult<{ locked: boolean }> | QueryResult<{ name: string }>>(call, (answer) => {
            calls.acquiring(lock);
            const c = connection(client);
            wire.request(
              client,
              DB,
              { type: statements.lock, lock, connection: c.id },
              {
                reply: (r) => {
                  if (r.type === "connection reset") {
                    connectionOf.delete(client);
                    calls.unavailable(lock);
                    return answer.fail(connectionReset(call));
                  }
                  const locked = r.type === statements.locked;
                  if (locked) {
                    calls.granted(lock, r.grant, null);
                    if (name === "SELECT_FOR_UPDATE_NOWAIT") transactionLock.set(client, lock);
                  } else calls.refused(lock);
                  if (name === "TRY_ADVISORY_LOCK") return answer.ok({ rows: [{ locked }], rowCount: 1 });
                  if (locked) return answer.ok({ rows: [{ name: lock }], rowCount: 1 });
                  answer.fail(lockNotAvailable());
                },
                timeout: unavailable(answer),
              },
            );
          });
        case "ADVISORY_UNLOCK":
        case "COMMIT":
          return calls.step<void>(call, (answer) => {
            // COMMIT names no lock: it ends the transaction, and with it the row lock taken in it.
            const held = name === "COMMIT" ? transactionLock.get(client) : lock;
            transactionLock.delete(client);
            if (held !== undefined) {
              calls.releasing(held);
              const c = connectionOf.get(client);
              if (c) wire.tell(client, DB, { type: statements.unlock, lock: held, connection: c.id });
            }
            answer.ok(undefined);
          });
        case "INSERT_LOCK":
        case "INSERT_LOCK_CLIENT_CLOCK": {
          const ttlMs = number(1, "ttlMs", 0);
          const now = name === "INSERT_LOCK" ? null : number(2, "nowMs");
          return calls.step<QueryResult<{ token: number }>>(call, (answer) => {
            calls.acquiring(lock);
            wire.request(
              client,
              DB,
              { type: "INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now", lock, now, ttlMs },
              {
                reply: (r) => {
                  if (r.type !== "INSERT 0 1") {
                    calls.refused(lock);
                    return answer.ok({ rows: [], rowCount: 0 });
                  }
                  calls.granted(lock, r.grant, r.token);
                  answer.ok({ rows: [{ token: r.token }], rowCount: 1 });
                },
                timeout: unavailable(answer),
              },
            );
          });
        }
        case "UPDATE_EXPIRY":
        case "UPDATE_EXPIRY_CLIENT_CLOCK": {
          const token = number(1, "token");
          const ttlMs = number(2, "ttlMs", 0);
          const now = name === "UPDATE_EXPIRY" ? null : number(3, "nowMs");
          return calls.step<QueryResult<never>>(call, (answer) => {
            const report = calls.renewal(lock);
            wire.request(
              client,
              DB,
              { type: "UPDATE … SET expires_at WHERE token = mine", lock, token, now, ttlMs },
              {
                reply: (r) => {
                  report(r.type === "UPDATE 1");
                  answer.ok({ rows: [], rowCount: r.type === "UPDATE 1" ? 1 : 0 });
                },
                timeout: () => {
                  report(false);
                  answer.fail(calls.timeout(call));
                },
              },
            );
          });
        }
        case "DELETE_LOCK": {
          const token = number(1, "token");
          return calls.step<void>(call, (answer) => {
            calls.releasing(lock);
            wire.tell(client, DB, { type: "DELETE … WHERE token = mine", lock, token });
            answer.ok(undefined);
          });
        }
      }
    };
    return { sql: POSTGRES_SQL, query } as Postgres;
  }

  return {
    nodeIds: [DB],
    // Only the lock table has a TTL to renew; the other modes last as long as the session.
    renewsItself: spec.mode !== "lock-table",
    acquire(client, lock, _wait, done) {
      if (spec.mode === "lock-table") acquireRow(client, lock, done);
      else acquireSessionLock(client, lock, done);
    },
    renew(client, lock, done: (r: RenewResult) => void) {
      const token = myToken.get(key(client, lock));
      const sentT = kernel.now;
      wire.request(
        client,
        DB,
        { type: "UPDATE … SET expires_at WHERE token = mine", lock, token, now: clientNow(client), ttlMs: spec.ttlMs },
        {
          reply: (r) =>
            done(
              r.type === "UPDATE 1"
                ? { kind: "renewed", leaseBasisT: sentT, leaseMs: spec.ttlMs }
                : { kind: "refused" },
            ),
          timeout: () => done({ kind: "unavailable" }),
        },
      );
    },
    release(client, lock) {
      if (spec.mode === "lock-table") {
        const token = myToken.get(key(client, lock));
        myToken.delete(key(client, lock));
        if (token !== undefined) wire.tell(client, DB, { type: "DELETE … WHERE token = mine", lock, token });
        return;
      }
      const c = connectionOf.get(client);
      if (c) wire.tell(client, DB, { type: statements.unlock, lock, connection: c.id });
    },
    finish() {},
    onCrash(proc: Proc, host: boolean) {
      if (proc.id === DB) {
        for (const c of connections.values()) connectionLost(c);
        return;
      }
      for (const k of [...myToken.keys()]) if (k.startsWith(`${proc.id}/`)) myToken.delete(k);
      transactionLock.delete(proc.id);
      const c = connectionOf.get(proc.id);
      connectionOf.delete(proc.id);
      if (!c?.open) return;
      // A dead process's kernel resets its connections; a vanished host's are found out by keepalive.
      if (!host) return connectionLost(c);
      c.hostGone = true;
      startKeepalive(c);
    },
    onRestart() {},
    failover() {},
    onNetworkChange() {
      // TCP keepalive probes go unanswered across a cut, as they do to a vanished host.
      for (const c of connections.values()) {
        if (!c.open || c.hostGone) continue;
        if (world.network.blocked(c.client, DB)) startKeepalive(c);
        else {
          c.keepalive?.cancel();
          c.keepalive = null;
        }
      }
    },
    // Only for-update transactions ever finish; advisory and lock-table grants never stop a write.
    writeRolledBack(grant) {
      return finished.get(grant) ?? null;
    },
    codeApi,
  };
}

/**
 * The statements a lock client sends PostgreSQL, as a learner's client runs them: advisory lock
 * functions (https://www.postgresql.org/docs/current/functions-admin.html#FUNCTIONS-ADVISORY-LOCKS),
 * FOR UPDATE NOWAIT (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE)
 * and a lock table upserted with ON CONFLICT DO UPDATE … WHERE
 * (https://www.postgresql.org/docs/current/sql-insert.html#SQL-ON-CONFLICT).
 */
export const POSTGRES_SQL = {
  TRY_ADVISORY_LOCK: "SELECT pg_try_advisory_lock(hashtext($1)) AS locked",
  ADVISORY_UNLOCK: "SELECT pg_advisory_unlock(hashtext($1))",
  SELECT_FOR_UPDATE_NOWAIT: "BEGIN; SELECT name FROM locks WHERE name = $1 FOR UPDATE NOWAIT",
  COMMIT: "COMMIT",
  INSERT_LOCK:
    "INSERT INTO locks (name, token, expires_at) VALUES ($1, nextval('lock_tokens'), now() + $2 * interval '1 ms') ON CONFLICT (name) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE locks.expires_at < now() RETURNING token",
  INSERT_LOCK_CLIENT_CLOCK:
    "INSERT INTO locks (name, token, expires_at) VALUES ($1, nextval('lock_tokens'), to_timestamp(($3 + $2) / 1000.0)) ON CONFLICT (name) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE locks.expires_at < to_timestamp($3 / 1000.0) RETURNING token",
  UPDATE_EXPIRY: "UPDATE locks SET expires_at = now() + $3 * interval '1 ms' WHERE name = $1 AND token = $2",
  UPDATE_EXPIRY_CLIENT_CLOCK:
    "UPDATE locks SET expires_at = to_timestamp(($4 + $3) / 1000.0) WHERE name = $1 AND token = $2",
  DELETE_LOCK: "DELETE FROM locks WHERE name = $1 AND token = $2",
} as const satisfies PostgresSql;

type PostgresMode = PostgresSpec["mode"];

/** Which way of locking each statement belongs to: a level's database is set up for one. */
const STATEMENT_MODE: Record<keyof PostgresSql, PostgresMode> = {
  TRY_ADVISORY_LOCK: "advisory",
  ADVISORY_UNLOCK: "advisory",
  SELECT_FOR_UPDATE_NOWAIT: "for-update",
  COMMIT: "for-update",
  INSERT_LOCK: "lock-table",
  INSERT_LOCK_CLIENT_CLOCK: "lock-table",
  UPDATE_EXPIRY: "lock-table",
  UPDATE_EXPIRY_CLIENT_CLOCK: "lock-table",
  DELETE_LOCK: "lock-table",
};

const MODE_TEXT: Record<PostgresMode, string> = {
  advisory: "advisory locks (TRY_ADVISORY_LOCK, ADVISORY_UNLOCK)",
  "for-update": "a row locked FOR UPDATE (SELECT_FOR_UPDATE_NOWAIT, COMMIT)",
  "lock-table": "a lock table (INSERT_LOCK, UPDATE_EXPIRY, DELETE_LOCK and their _CLIENT_CLOCK forms)",
};

/** What node-postgres throws for NOWAIT on a row another transaction has locked (SQLSTATE 55P03, lock_not_available). */
function lockNotAvailable(): Error {
  const error = Object.assign(new Error('could not obtain lock on row in relation "locks"'), { code: "55P03" });
  error.name = "DatabaseError";
  return error;
}

/** The database closed this client's connection: the statement never ran. */
function connectionReset(call: string): Error {
  const error = Object.assign(
    new Error(`${call}: the database closed this connection (read ECONNRESET); the next query opens a new one`),
    {
      code: "ECONNRESET",
    },
  );
  error.name = "ConnectionResetError";
  return error;
}
