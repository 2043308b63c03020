/**
 * One client of a real run, as its own OS process (forked by the recorder), so that a pause is a
 * real SIGSTOP of this process and a crash a real SIGKILL. It runs the scenario's counter job as
 * the model's client does (lib/sim/client.ts): acquire (retrying after retryDelayMs while refused) → read
 * → work → optional check of its lease by its own clock → write → release, renewing a Redis lease
 * every renewEveryMs. Its belief ends at its release, its lease-deadline timer (late, after a
 * pause, as a real timer is), a refused renewal, or a lost session. Every step is reported to the
 * recorder as a trace event timed on the run's one clock.
 */
import Redis from "ioredis";
import pg from "pg";
import type { TraceEvent } from "../../lib/real/trace";
import type { AbortCause } from "../../lib/sim/facts";
import { rejectionText } from "../../lib/sim/format";
import { REQUEST_TIMEOUT_MS } from "../../lib/sim/world";
import {
  advisoryLock,
  etcdLock,
  forUpdateLock,
  lockTable,
  redisLock,
  type LockClient,
  type LockContext,
} from "./locks";
import { atTime, now, setZero, type FromClient, type ToClient } from "./protocol";
import { pgStore, redisStore, type Store } from "./store";

const send = (m: FromClient) => process.send?.(m);
/** A request the lock service left unanswered past its timeout is null; any other error stops the client. */
const unanswered = (e: unknown): null => {
  if (e instanceof Error && e.message === "Command timed out") return null;
  throw e;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The recorder gone (its IPC channel closed) means the run is over for this process too.
process.on("disconnect", () => process.exit(0));

process.on("message", (m: ToClient) => {
  if (m.type === "setup") setup(m).catch((e) => send({ type: "failed", error: String((e as Error).stack ?? e) }));
  else if (m.type === "go") {
    setZero(BigInt(m.zeroNs));
    atTime(m.startMs, () => go?.());
  } else if (m.type === "primary") primary = m.node;
  else if (m.type === "stop") process.exit(0);
});

let go: (() => void) | null = null;
let primary = "redis";

async function setup(m: Extract<ToClient, { type: "setup" }>): Promise<void> {
  const { id, scenario, endpoints } = m;
  const emit = (e: TraceEvent) => send({ type: "event", event: e });
  const opts = scenario.clients;
  const guard = { fencing: scenario.storage.guard === "fencing", fenceReads: scenario.storage.fenceReads };
  const service = scenario.service;

  interface Hold {
    grant: string;
    token: number | null;
    deadline: number | null;
    timer: { cancel(): void } | null;
    renewTimer: NodeJS.Timeout | null;
    ended: boolean;
    endedBy: "released" | "lease-deadline" | "renewal-refused" | "session-lost" | null;
  }
  let hold: Hold | null = null;

  const endBelief = (reason: "released" | "lease-deadline" | "renewal-refused" | "session-lost") => {
    const h = hold;
    if (!h || h.ended) return;
    h.ended = true;
    h.endedBy = reason;
    h.timer?.cancel();
    if (h.renewTimer) clearTimeout(h.renewTimer);
    emit({ kind: "belief-end", t: now(), by: "client", proc: id, lock: "lock", reason });
  };
  const setDeadline = (h: Hold, basisT: number, leaseMs: number | null) => {
    h.timer?.cancel();
    h.timer = null;
    if (leaseMs === null) return void (h.deadline = null);
    h.deadline = basisT + leaseMs - opts.safetyMarginMs;
    h.timer = atTime(h.deadline, () => endBelief("lease-deadline"));
  };

  const ctx: LockContext = {
    id,
    now,
    emit,
    lost: () => endBelief("session-lost"),
    extended: (basisT) => {
      if (hold && !hold.ended && service.kind === "etcd") setDeadline(hold, basisT, service.ttlMs);
    },
  };

  let lock: LockClient;
  let store: Store;
  const pgClient = async (at: { host: string; port: number }) => {
    const db = new pg.Client({ host: at.host, port: at.port, user: "postgres", database: "postgres" });
    db.on("error", () => {});
    await db.connect();
    await db.query("SELECT 1");
    return db;
  };
  const warm: Promise<unknown>[] = [];
  /**
   * The lock service's connection gives up on a request after the model's 1 s, as the model's
   * clients do (a frozen server answers nothing), and never sends a request again by itself after
   * reconnecting: one the old primary never answered is lost with it, as in the model's failover.
   */
  const redisClient = (at: { host: string; port: number }, asLockService = false) => {
    const r = new Redis({
      host: at.host,
      port: at.port,
      retryStrategy: (times) => Math.min(times * 20, 200),
      ...(asLockService ? { autoResendUnfulfilledCommands: false } : {}),
    });
    r.on("error", () => {});
    // The timeout applies from the first request of the run: connecting before it may take longer on a busy machine.
    warm.push(r.ping().then(() => asLockService && (r.options.commandTimeout = REQUEST_TIMEOUT_MS)));
    return r;
  };
  if (service.kind === "redis") {
    const tokens = service.tokens === "incr";
    lock = redisLock(ctx, redisClient(endpoints.service, true), {
      ttlMs: service.ttlMs,
      tokens,
      plainDelete: opts.release === "delete",
      node: () => primary,
    });
    store = redisStore(redisClient(endpoints.storage), guard);
  } else if (service.kind === "etcd") {
    lock = etcdLock(ctx, `http://${endpoints.service.host}:${endpoints.service.port}`, service.ttlMs);
    store = redisStore(redisClient(endpoints.storage), guard);
  } else if (service.kind === "postgres" && service.mode === "for-update") {
    // Lock and data in one transaction: one connection, on the client's link to storage.
    const db = await pgClient(endpoints.storage);
    send({ type: "backend", pid: (await db.query("SELECT pg_backend_pid() AS pid")).rows[0].pid });
    lock = forUpdateLock(db);
    store = pgStore(db, guard);
  } else if (service.kind === "postgres") {
    const db = await pgClient(endpoints.service);
    send({ type: "backend", pid: (await db.query("SELECT pg_backend_pid() AS pid")).rows[0].pid });
    const clientClock = service.expiryClock === "client" ? () => Date.now() + m.wallOffsetMs : null;
    lock = service.mode === "advisory" ? advisoryLock(db) : lockTable(ctx, db, { ttlMs: service.ttlMs, clientClock });
    store = pgStore(await pgClient(endpoints.storage), guard);
  } else throw new Error(`service ${service.kind} cannot be recorded`);
  if (service.kind === "etcd")
    warm.push(fetch(`http://${endpoints.service.host}:${endpoints.service.port}/health`).then((r) => r.text()));
  // Connected and answered once before the run begins, so no first request pays for connecting.
  await Promise.all(warm);

  const [lo, hi] = opts.retryDelayMs;
  const retryDelay = () => lo + Math.random() * (hi - lo);
  const workTime = () =>
    typeof opts.workMs === "number"
      ? opts.workMs
      : opts.workMs[0] + Math.floor(Math.random() * (opts.workMs[1] - opts.workMs[0] + 1));

  /** Work that a stopped process does not do: time is counted in short steps, and a step that took far longer than asked (the process was stopped) counts as one step. */
  const work = async (ms: number) => {
    const STEP = 10;
    let done = 0;
    let last = now();
    while (done < ms) {
      await sleep(Math.min(STEP, ms - done));
      const t = now();
      const took = t - last;
      last = t;
      done += took > 200 ? STEP : took;
    }
  };

  const scheduleRenewal = (h: Hold, every: number) => {
    h.renewTimer = setTimeout(async () => {
      if (h.ended) return;
      const basisT = now();
      // Unanswered in time (null): not a refusal; the belief lasts until its deadline, and the next renewal is tried.
      const ok = await lock.renew().catch(unanswered);
      if (h.ended) return;
      emit({ kind: "renew", t: now(), by: "client", proc: id, lock: "lock", ok: ok === true });
      if (ok === false) return endBelief("renewal-refused");
      if (ok && service.kind === "redis") setDeadline(h, basisT, service.ttlMs);
      scheduleRenewal(h, every);
    }, every);
  };

  const releaseHold = async () => {
    const h = hold;
    if (!h) return;
    endBelief("released");
    hold = null;
    emit({ kind: "release", t: now(), by: "client", proc: id, lock: "lock" });
    const own = await lock.release().catch(() => false);
    // Redis and etcd deletes are seen by the recorder's notifications and watch; PostgreSQL's by the answer.
    if (own && service.kind === "postgres")
      emit({
        kind: "lease-end",
        t: now(),
        by: "server",
        proc: "pg",
        client: id,
        lock: "lock",
        grant: h.grant,
        token: h.token,
        reason: "released",
      });
  };

  const abort = async (cause: AbortCause) => {
    const reason =
      cause.kind === "read-rejected" || cause.kind === "write-rejected"
        ? `${cause.kind === "read-rejected" ? "read" : "write"} rejected: ${rejectionText(cause.rejection)}`
        : cause.kind === "unavailable"
          ? "the lock service is unavailable (fail-closed)"
          : cause.kind === "check-failed"
            ? cause.beliefEnded
              ? "it had already stopped believing it holds the lock"
              : "its lease had run out by its own clock"
            : cause.kind;
    emit({ kind: "attempt-abort", t: now(), by: "client", proc: id, reason, cause });
    await releaseHold();
    await sleep(retryDelay());
  };

  /** One attempt of the job; true when its write was accepted. */
  const attempt = async (job: number): Promise<boolean> => {
    const start = now();
    emit({ kind: "acquire-start", t: start, by: "client", proc: id, lock: "lock" });
    let r = await lock.acquire().catch(unanswered);
    while (r !== null && r.kind === "refused") {
      emit({ kind: "refused", t: now(), by: "client", proc: id, lock: "lock", reason: r.reason });
      await sleep(retryDelay());
      r = await lock.acquire().catch(unanswered);
    }
    // The lock service did not answer in time: failing closed, the attempt ends and starts again.
    if (r === null) return abort({ kind: "unavailable" }).then(() => false);
    const t = now();
    if (r.tookOver)
      emit({
        kind: "lease-end",
        t,
        by: "server",
        proc: r.proc,
        client: r.tookOver.client,
        lock: "lock",
        grant: r.tookOver.grant,
        token: r.tookOver.token,
        reason: "taken-over",
      });
    emit({ kind: "grant", t, by: "client", proc: r.proc, client: id, lock: "lock", grant: r.grant, token: r.token });
    const h: Hold = {
      grant: r.grant,
      token: r.token,
      deadline: null,
      timer: null,
      renewTimer: null,
      ended: false,
      endedBy: null,
    };
    hold = h;
    setDeadline(h, r.basisT, r.leaseMs);
    emit({
      kind: "belief-start",
      t,
      by: "client",
      proc: id,
      lock: "lock",
      grant: r.grant,
      token: r.token,
      latencyMs: t - start,
      leaseDeadline: h.deadline,
    });
    if (opts.renewEveryMs !== null && service.kind === "redis") scheduleRenewal(h, opts.renewEveryMs);

    const read = await store.read(guard.fenceReads ? h.token : null);
    emit({
      kind: "read",
      t: now(),
      by: "server",
      proc: "storage",
      client: id,
      key: "counter",
      value: read.value,
      version: read.version,
      token: guard.fenceReads ? h.token : null,
      ok: read.ok,
      reason: read.rejection && rejectionText(read.rejection),
      rejection: read.rejection,
    });
    if (read.rejection) return abort({ kind: "read-rejected", rejection: read.rejection }).then(() => false);

    const ms = workTime();
    emit({ kind: "work-start", t: now(), by: "client", proc: id, ms });
    await work(ms);
    emit({ kind: "work-end", t: now(), by: "client", proc: id });
    if (opts.checkBeforeWrite) {
      const remainingMs = h.deadline === null ? null : h.deadline - now();
      const ok = !h.ended && (remainingMs === null || remainingMs > 0);
      emit({ kind: "check", t: now(), by: "client", proc: id, ok, remainingMs });
      if (!ok) return abort({ kind: "check-failed", beliefEnded: h.endedBy, remainingMs }).then(() => false);
    }
    const value = read.value + 1;
    send({
      type: "write-sent",
      write: { client: id, key: "counter", value, readValue: read.value, token: h.token, grant: h.grant },
    });
    const w = await store.write({
      client: id,
      value,
      readValue: read.value,
      readVersion: read.version,
      token: h.token,
    });
    emit({
      kind: "write",
      t: now(),
      by: "server",
      proc: "storage",
      client: id,
      key: "counter",
      value,
      readValue: read.value,
      token: h.token,
      grant: h.grant,
      ...w,
      reason: w.rejection && rejectionText(w.rejection),
    });
    if (w.rejection) return abort({ kind: "write-rejected", rejection: w.rejection }).then(() => false);
    emit({ kind: "job-done", t: now(), by: "client", proc: id, job });
    await releaseHold();
    return true;
  };

  const jobs = scenario.workload.kind === "counter" ? scenario.workload.jobsPerClient : 0;
  go = () => {
    void (async () => {
      for (let job = 0; job < jobs; job++) while (!(await attempt(job)));
      await lock.finish();
      send({ type: "finished" });
    })().catch((e) => send({ type: "failed", error: String((e as Error).stack ?? e) }));
  };
  send({ type: "ready" });
}
