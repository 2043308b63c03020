/**
 * The protected counter in a real store, with the guard checked atomically by the store itself:
 * a Lua script on a Redis (EVAL runs alone on the server), or a PL/pgSQL function in PostgreSQL
 * (one statement, with the counter's row locked). So "accepted" or "rejected" is what the real
 * store answered. Each write also reports the increments it overwrote (the value it replaced minus
 * the value the writer read) and whose they were, from the store's own list of writers.
 */
import type Redis from "ioredis";
import type pg from "pg";
import type { Rejection } from "../../lib/sim/facts";

export interface ReadAnswer {
  ok: boolean;
  value: number;
  version: number;
  rejection: Rejection | null;
}

export interface WriteRequest {
  client: string;
  value: number;
  readValue: number;
  readVersion: number;
  token: number | null;
}

export interface WriteAnswer {
  accepted: boolean;
  applied: boolean;
  rejection: Rejection | null;
  lostIncrements: number;
  overwrote: string[];
}

export interface Store {
  read(token: number | null): Promise<ReadAnswer>;
  write(w: WriteRequest): Promise<WriteAnswer>;
}

export type Guard = { fencing: boolean; fenceReads: boolean };

const READ_LUA = `
local value = tonumber(redis.call('HGET', KEYS[1], 'value') or '0')
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if ARGV[2] == '1' and ARGV[1] ~= '' then
  local highest = redis.call('HGET', KEYS[1], 'highest')
  if highest and tonumber(ARGV[1]) < tonumber(highest) then return {0, value, version, highest} end
  redis.call('HSET', KEYS[1], 'highest', ARGV[1])
end
return {1, value, version, ''}`;

const WRITE_LUA = `
local value = tonumber(redis.call('HGET', KEYS[1], 'value') or '0')
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if ARGV[6] == '1' then
  local highest = redis.call('HGET', KEYS[1], 'highest')
  if ARGV[5] == '' or (highest and tonumber(ARGV[5]) < tonumber(highest)) then return {0, highest or '', 0, {}} end
  redis.call('HSET', KEYS[1], 'highest', ARGV[5])
end
local lost = math.max(0, value - tonumber(ARGV[3]))
local overwrote = {}
if lost > 0 then overwrote = redis.call('LRANGE', KEYS[2], tonumber(ARGV[4]), -1) end
redis.call('HSET', KEYS[1], 'value', ARGV[2], 'version', version + 1)
redis.call('RPUSH', KEYS[2], ARGV[1])
return {1, '', lost, overwrote}`;

export function redisStore(redis: Redis, guard: Guard): Store {
  return {
    async read(token) {
      const [ok, value, version, seen] = (await redis.eval(
        READ_LUA,
        1,
        "counter",
        token ?? "",
        guard.fenceReads ? "1" : "0",
      )) as [number, number, number, string];
      return {
        ok: ok === 1,
        value,
        version,
        rejection: ok === 1 ? null : { by: "fencing", token, seen: Number(seen) },
      };
    },
    async write(w) {
      const [ok, seen, lost, overwrote] = (await redis.eval(
        WRITE_LUA,
        2,
        "counter",
        "counter:writers",
        w.client,
        w.value,
        w.readValue,
        w.readVersion,
        w.token ?? "",
        guard.fencing ? "1" : "0",
      )) as [number, string, number, string[]];
      const rejection: Rejection | null =
        ok === 1 ? null : { by: "fencing", token: w.token, seen: seen === "" ? null : Number(seen) };
      return {
        accepted: ok === 1,
        applied: ok === 1,
        rejection,
        lostIncrements: lost,
        overwrote: [...new Set(overwrote)],
      };
    },
  };
}

/** The schema a PostgreSQL run needs: the counter with its guard, and the three lock modes' objects. */
export const PG_SCHEMA = `
CREATE TABLE counter (key text PRIMARY KEY, value bigint NOT NULL, version int NOT NULL, highest bigint, writers text[] NOT NULL);
INSERT INTO counter VALUES ('counter', 0, 0, NULL, '{}');
CREATE FUNCTION storage_read(p_token bigint, p_fence boolean, OUT ok boolean, OUT value bigint, OUT version int, OUT seen bigint) AS $$
DECLARE c counter%ROWTYPE;
BEGIN
  SELECT * INTO c FROM counter WHERE key = 'counter' FOR UPDATE;
  ok := true; value := c.value; version := c.version;
  IF p_fence AND p_token IS NOT NULL THEN
    IF c.highest IS NOT NULL AND p_token < c.highest THEN ok := false; seen := c.highest; RETURN; END IF;
    UPDATE counter SET highest = p_token WHERE key = 'counter';
  END IF;
END $$ LANGUAGE plpgsql;
CREATE FUNCTION storage_write(p_client text, p_value bigint, p_read_value bigint, p_read_version int, p_token bigint, p_fencing boolean,
  OUT accepted boolean, OUT seen bigint, OUT lost int, OUT overwrote text[]) AS $$
DECLARE c counter%ROWTYPE;
BEGIN
  SELECT * INTO c FROM counter WHERE key = 'counter' FOR UPDATE;
  lost := 0; overwrote := '{}';
  IF p_fencing THEN
    IF p_token IS NULL OR (c.highest IS NOT NULL AND p_token < c.highest) THEN accepted := false; seen := c.highest; RETURN; END IF;
  END IF;
  accepted := true;
  lost := greatest(0, c.value - p_read_value);
  IF lost > 0 THEN overwrote := c.writers[p_read_version + 1 :]; END IF;
  UPDATE counter SET value = p_value, version = c.version + 1, writers = c.writers || p_client,
    highest = CASE WHEN p_fencing THEN p_token ELSE c.highest END WHERE key = 'counter';
END $$ LANGUAGE plpgsql;
CREATE SEQUENCE lock_tokens;
CREATE TABLE locks (name text PRIMARY KEY, holder text NOT NULL, token bigint NOT NULL, expires_at timestamptz NOT NULL);
-- Every attempt draws its token first, so refused attempts consume sequence values too (the gaps are real).
CREATE FUNCTION lock_acquire(p_name text, p_holder text, p_now timestamptz, p_ttl_ms int, OUT token bigint, OUT prev_token bigint, OUT prev_holder text) AS $$
DECLARE t bigint := nextval('lock_tokens'); r locks%ROWTYPE; at timestamptz := coalesce(p_now, now());
BEGIN
  SELECT * INTO r FROM locks WHERE name = p_name FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO locks VALUES (p_name, p_holder, t, at + p_ttl_ms * interval '1 millisecond') ON CONFLICT DO NOTHING;
    IF FOUND THEN token := t; END IF;
    RETURN;
  END IF;
  IF r.expires_at <= at THEN
    UPDATE locks SET holder = p_holder, token = t, expires_at = at + p_ttl_ms * interval '1 millisecond' WHERE name = p_name;
    token := t; prev_token := r.token; prev_holder := r.holder;
  END IF;
END $$ LANGUAGE plpgsql;
CREATE TABLE row_locks (name text PRIMARY KEY);
INSERT INTO row_locks VALUES ('lock');
`;

export function pgStore(db: pg.Client, guard: Guard): Store {
  return {
    async read(token) {
      const r = (await db.query("SELECT * FROM storage_read($1, $2)", [token, guard.fenceReads])).rows[0];
      return {
        ok: r.ok,
        value: Number(r.value),
        version: r.version,
        rejection: r.ok ? null : { by: "fencing", token, seen: r.seen === null ? null : Number(r.seen) },
      };
    },
    async write(w) {
      const r = (
        await db.query("SELECT * FROM storage_write($1, $2, $3, $4, $5, $6)", [
          w.client,
          w.value,
          w.readValue,
          w.readVersion,
          w.token,
          guard.fencing,
        ])
      ).rows[0];
      const rejection: Rejection | null = r.accepted
        ? null
        : { by: "fencing", token: w.token, seen: r.seen === null ? null : Number(r.seen) };
      return {
        accepted: r.accepted,
        applied: r.accepted,
        rejection,
        lostIncrements: r.lost,
        overwrote: [...new Set(r.overwrote as string[])],
      };
    },
  };
}
