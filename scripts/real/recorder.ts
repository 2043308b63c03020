/**
 * Records one scenario on real servers: starts them, forks one process per client, injects the
 * scenario's faults at their times (SIGSTOP/SIGCONT of a client or of the Redis primary, SIGKILL, the proxy's partitions and delays,
 * a Redis failover by cutting the replication link and promoting the replica with REPLICAOF NO
 * ONE), collects every process's observations on the run's one clock, and stops everything by
 * PID when nothing is left to happen. A watchdog process kills what is left if the recorder dies.
 */
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import Redis from "ioredis";
import pg from "pg";
import { TRACE_FORMAT, type Trace, type TraceEvent } from "../../lib/real/trace";
import { processClock } from "../../lib/sim/processes";
import { rejectionText } from "../../lib/sim/format";
import { clientIds, type ResolvedScenario, type Scenario } from "../../lib/sim/scenario";
import { atTime, now, setZero, type FromClient, type PendingWrite, type ToClient } from "./protocol";
import { Link } from "./proxy";
import { startEtcd, startPostgres, startRedis, type Guard, type Server } from "./servers";
import { PG_SCHEMA } from "./store";

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = "127.0.0.1";
/** After the last client finishes, how long to keep listening for the servers' last notifications. */
const SETTLE_MS = 700;
/**
 * How late a scheduled step (a client's start, a fault) may happen and the run still count as a
 * recording of the scenario: beyond it, a busy machine has changed the story (two clients 100 ms
 * apart could start in the other order), and the recording is refused rather than shipped.
 */
export const LATE_MS = 60;

export class TooLateError extends Error {}
/** How far ahead of the go messages the run's zero lies. */
const LEAD_MS = 500;
/**
 * The run's processes wait on timers and use little CPU; on a busy machine a late timer would
 * change the story, so they run at a higher scheduling priority than the machine's other work.
 */
const PRIORITY = -10;

/** A server's whole process group, so the processes it forks later (PostgreSQL's backends) inherit the priority. */
function favourGroup(pgid: number): void {
  try {
    execFileSync("renice", ["-n", String(PRIORITY), "-g", String(pgid)], { stdio: "ignore" });
  } catch {
    // Not root: the run goes on at normal priority.
  }
}

function favour(pid: number): void {
  try {
    os.setPriority(pid, PRIORITY);
  } catch {
    // Not root: the run goes on at normal priority.
  }
}

export interface Recording {
  trace: Trace;
  /** Wall-clock ms the whole recording took, servers' start and stop included. */
  tookMs: number;
}

/** Undoes one thing the recording set up: run in reverse order when it ends, however it ends. */
type Cleanup = () => Promise<void> | void;

/** What every phase of one recording shares: its scenario, its log and cleanups, and the trace it builds. */
interface Session {
  input: Scenario;
  scenario: ResolvedScenario;
  log: (s: string) => void;
  /** Wall-clock ms when the recording began. */
  began: number;
  guard: Guard;
  cleanups: Cleanup[];
  events: TraceEvent[];
  notes: string[];
  versions: Record<string, string>;
}

export async function record(
  input: Scenario,
  scenario: ResolvedScenario,
  log: (s: string) => void = () => {},
): Promise<Recording> {
  const began = Date.now();
  favour(process.pid);
  const cleanups: Cleanup[] = [];
  const watchdog = spawn(process.execPath, [path.join(here, "watchdog.mjs")], {
    detached: true,
    stdio: ["pipe", "ignore", "inherit"],
  });
  const tell = (line: string) => watchdog.stdin!.write(`${line}\n`);
  const guard: Guard = { group: (p) => tell(`group ${p}`), pid: (p) => tell(`pid ${p}`), dir: (d) => tell(`dir ${d}`) };
  const cleanup = async () => {
    for (const f of cleanups.reverse()) await Promise.resolve(f()).catch(() => {});
    cleanups.length = 0;
    watchdog.stdin!.end();
  };
  const onSignal = (sig: NodeJS.Signals) => {
    log(`recorder: ${sig}, stopping every server and client`);
    void cleanup().then(() => process.exit(sig === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    return await run({
      input,
      scenario,
      log,
      began,
      guard,
      cleanups,
      events: [],
      notes: [...NOTES],
      versions: { node: process.version },
    });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await cleanup();
  }
}

const NOTES = [
  "Each client is its own OS process: a pause is SIGSTOP then SIGCONT, a crash is SIGKILL.",
  "Every client reaches each server through the recorder's TCP proxy on 127.0.0.1 (one link per client and server); its latency is loopback's, well under a millisecond, not the scenario's network.latencyMs.",
  "Times are milliseconds on the machine's CLOCK_MONOTONIC from the run's start, read by every process; a grant is timed when the client received the server's answer.",
];

/** The phases of a recording, in order: servers, network, observers, clients, the go and the faults, the wait, the checks, the trace. */
async function run(session: Session): Promise<Recording> {
  const { scenario, log, began } = session;
  const servers = await startServers(session);
  const ids = clientIds(scenario.clients.count);
  const observer = createObserver(session);
  const links = await startNetwork(session, servers, ids, (client, dueT) =>
    heldWriteLost(session, observer, client, dueT),
  );
  watchLeaseEnds(session, servers, observer);
  log(`servers ready after ${Date.now() - began} ms`);
  const clients = await startClients(session, ids, links, observer);
  const schedule = go(session, ids, observer);
  scheduleFaults(session, { servers, ids, links, clients, observer, schedule });
  await untilQuiet(session, ids, links, clients, observer, schedule);
  checkTimes(session, schedule);
  return traceOf(session, clients);
}

// ---- servers ----

/** The servers a recording runs, started by the recorder and stopped by PID when it ends. */
interface Servers {
  lock: Server;
  storage: Server;
  replica: Server | null;
  /** The replica's link to the primary, through the proxy: a failover cuts it. */
  replicationLink: Link | null;
  /** PostgreSQL's own connection, to watch a crashed client's session go. */
  pgAdmin: pg.Client | null;
}

async function startServers(session: Session): Promise<Servers> {
  const { scenario, guard, cleanups, log, notes, versions } = session;
  const service = scenario.service;
  const pkg = (name: string) =>
    (
      JSON.parse(readFileSync(path.join(here, "../../node_modules", name, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  const start = async (p: Promise<Server>) => {
    const s = await p;
    cleanups.push(() => s.stop());
    favourGroup(s.pid);
    log(`started ${s.name} ${s.version} on port ${s.port} (pid ${s.pid})`);
    return s;
  };

  if (service.kind === "redis") {
    const lock = await start(startRedis(guard, "redis"));
    let replica: Server | null = null;
    let replicationLink: Link | null = null;
    if (service.replica) {
      const link = new Link({ name: "replica→redis", upstream: { host: HOST, port: lock.port }, now });
      replicationLink = link;
      await link.listen();
      cleanups.push(() => link.close());
      replica = await start(startRedis(guard, "replica", { host: HOST, port: link.port }));
      const r = new Redis({ host: HOST, port: replica.port });
      for (let i = 0; i < 100 && !/master_link_status:up/.test(await r.info("replication")); i++)
        await new Promise((res) => setTimeout(res, 100));
      r.disconnect();
      notes.push(
        `Failover: the replica's link to the primary (through the proxy) is cut at ${Math.max(0, faultOf(scenario, "failover")!.atMs - service.replica.lagMs)} ms (the scenario's failover time minus its ${service.replica.lagMs} ms lag), the primary is killed at the failover time and the replica promoted with REPLICAOF NO ONE.`,
      );
    }
    const storage = await start(startRedis(guard, "storage"));
    versions["redis-server"] = lock.version;
    versions.ioredis = pkg("ioredis");
    notes.push(
      "Lease ends are Redis's own keyspace notifications (expired, del) on the lock key, with hz 100, so an expiry is seen within about 10 ms.",
      "The counter lives in a separate Redis; the fencing check is a Lua script there.",
    );
    return { lock, storage, replica, replicationLink, pgAdmin: null };
  }
  if (service.kind === "etcd") {
    const lock = await start(startEtcd(guard));
    const storage = await start(startRedis(guard, "storage"));
    versions.etcd = lock.version;
    versions["redis-server"] = storage.version;
    versions.ioredis = pkg("ioredis");
    notes.push(
      `etcd runs as one member (e1); the scenario's ${service.members} members cannot be run here, and no fault touches a member, so quorum never matters.`,
      "Lease ends are etcd's own DELETE events on the lock prefix (a watch); etcd revokes expired leases in a 500 ms sweep.",
      "The counter lives in a separate Redis; the fencing check is a Lua script there.",
    );
    return { lock, storage, replica: null, replicationLink: null, pgAdmin: null };
  }
  if (service.kind === "postgres") {
    const lock = await start(startPostgres(guard));
    versions.postgres = lock.version;
    versions.pg = pkg("pg");
    const pgAdmin = new pg.Client({ host: HOST, port: lock.port, user: "postgres", database: "postgres" });
    pgAdmin.on("error", () => {});
    await pgAdmin.connect();
    cleanups.push(() => pgAdmin.end());
    await pgAdmin.query(PG_SCHEMA);
    notes.push(
      "The counter is a row in the same PostgreSQL, written by a PL/pgSQL function that checks the guard with the row locked.",
    );
    if (service.mode === "lock-table" && service.expiryClock === "client") {
      notes.push(
        "Client clocks: each client adds its scenario clock offset to its own wall-clock readings when it writes and compares expires_at; the machine has one real clock.",
      );
    }
    return { lock, storage: lock, replica: null, replicationLink: null, pgAdmin };
  }
  throw new Error(`service ${service.kind} cannot be recorded`);
}

// ---- the network: one proxy link per client and server ----

/** Each client's proxy links, to the lock service and to storage. */
interface Links {
  all: Map<string, Link>;
  of: (client: string, server: string) => Link;
}

async function startNetwork(
  session: Session,
  servers: Servers,
  ids: string[],
  onHeldLost: (client: string, dueT: number) => void,
): Promise<Links> {
  const all = new Map<string, Link>();
  for (const c of ids) {
    for (const [to, upstream] of [
      ["service", servers.lock.port],
      ["storage", servers.storage.port],
    ] as const) {
      const link = new Link({
        name: `${c}→${to}`,
        upstream: { host: HOST, port: upstream },
        now,
        onHeldLost: (dueT) => onHeldLost(c, dueT),
      });
      await link.listen();
      session.cleanups.push(() => link.close());
      all.set(`${c}→${to}`, link);
    }
  }
  return { all, of: (client, server) => all.get(`${client}→${server === "storage" ? "storage" : "service"}`)! };
}

// ---- the recorder's own observations ----

interface OpenGrant {
  grant: string;
  client: string;
  token: number | null;
  proc: string;
  released: boolean;
}

/** What the recorder has seen so far, kept as events come in from the clients, the servers and its own faults. */
interface Observer {
  observe: (e: TraceEvent) => void;
  leaseEnd: (
    g: OpenGrant,
    t: number,
    reason: Extract<TraceEvent, { kind: "lease-end" }>["reason"],
    proc?: string,
  ) => void;
  /** Looks again whether the run is over; set once the run has begun. */
  wake: () => void;
  open: Map<string, OpenGrant>;
  believing: Set<string>;
  backends: Map<string, number>;
  pendingWrites: Map<string, PendingWrite>;
  crashedAt: Map<string, number>;
  /** The Redis node that holds the lock now: the primary, or the replica after a failover. */
  currentRedisNode: string;
  /** Follows the lock key's keyspace notifications on the Redis at `port`, instead of the one before. */
  subscribe: (port: number) => void;
}

function createObserver(session: Session): Observer {
  const observer: Observer = {
    observe: (e) => {
      session.events.push(e);
      const { open, believing, pendingWrites } = observer;
      if (e.kind === "grant")
        open.set(e.grant, { grant: e.grant, client: e.client, token: e.token, proc: e.proc, released: false });
      if (e.kind === "lease-end") open.delete(e.grant);
      if (e.kind === "release") for (const g of open.values()) if (g.client === e.proc) g.released = true;
      if (e.kind === "belief-start") believing.add(e.proc);
      if (e.kind === "belief-end") believing.delete(e.proc);
      if (e.kind === "write") pendingWrites.delete(e.client);
      observer.wake();
    },
    leaseEnd: (g, t, reason, proc = g.proc) =>
      observer.observe({
        kind: "lease-end",
        t,
        by: "server",
        proc,
        client: g.client,
        lock: "lock",
        grant: g.grant,
        token: g.token,
        reason,
      }),
    wake: () => {},
    open: new Map(),
    believing: new Set(),
    backends: new Map(),
    pendingWrites: new Map(),
    crashedAt: new Map(),
    currentRedisNode: "redis",
    subscribe: () => {},
  };
  return observer;
}

/** Lease ends as the servers themselves report them: Redis's keyspace notifications, etcd's watch. */
function watchLeaseEnds(session: Session, servers: Servers, observer: Observer): void {
  const { cleanups } = session;
  const service = session.scenario.service;
  if (service.kind === "redis") {
    let subscriber: Redis | null = null;
    observer.subscribe = (port) => {
      subscriber?.disconnect();
      const sub = new Redis({ host: HOST, port, retryStrategy: () => null });
      sub.on("error", () => {});
      subscriber = sub;
      void sub.psubscribe("__keyevent@0__:*");
      sub.on("pmessage", (_p, channel, key) => {
        if (key !== "lock") return;
        const t = now();
        const event = channel.split(":").at(-1);
        // One node lets one grant live at a time, so the oldest open grant there is the one that ended.
        const g = [...observer.open.values()].find((o) => o.proc === observer.currentRedisNode);
        if (!g) return;
        if (event === "expired") observer.leaseEnd(g, t, "expired");
        else if (event === "del") observer.leaseEnd(g, t, g.released ? "released" : "deleted");
      });
      cleanups.push(() => sub.disconnect());
    };
    observer.subscribe(servers.lock.port);
  }

  if (service.kind === "etcd") {
    const watch = new AbortController();
    cleanups.push(() => watch.abort());
    const body = JSON.stringify({
      create_request: {
        key: Buffer.from("lock/").toString("base64"),
        range_end: Buffer.from("lock0").toString("base64"),
        prev_kv: true,
      },
    });
    void fetch(`http://${HOST}:${servers.lock.port}/v3/watch`, { method: "POST", body, signal: watch.signal })
      .then(async (res) => {
        const reader = res.body!.getReader();
        let text = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += new TextDecoder().decode(value);
          let nl;
          while ((nl = text.indexOf("\n")) >= 0) {
            const line = JSON.parse(text.slice(0, nl)) as {
              result?: { events?: { type?: string; prev_kv?: { create_revision: string } }[] };
            };
            text = text.slice(nl + 1);
            const t = now();
            for (const e of line.result?.events ?? []) {
              if (e.type !== "DELETE" || !e.prev_kv) continue;
              const g = observer.open.get(`etcd:${e.prev_kv.create_revision}`);
              if (g) observer.leaseEnd(g, t, g.released ? "released" : "expired");
            }
          }
        }
      })
      .catch(() => {});
  }
}

/** A write the proxy held back arrived after its connection had been reset: its transaction was already gone. */
function heldWriteLost(session: Session, observer: Observer, client: string, dueT: number): void {
  const { notes, events } = session;
  const w = observer.pendingWrites.get(client);
  if (!w || session.scenario.service.kind !== "postgres") {
    notes.push(`${client}'s bytes held back by the proxy were lost with its connection at ${Math.round(dueT)} ms.`);
    return;
  }
  const lostAt =
    events.find((e) => e.kind === "session" && e.client === client && e.state === "connection-lost")?.t ??
    observer.crashedAt.get(client) ??
    dueT;
  const rejection = { by: "transaction", cause: "connection-lost", client, atMs: lostAt } as const;
  observer.observe({
    kind: "write",
    t: dueT,
    by: "proxy",
    proc: "storage",
    client,
    key: w.key,
    value: w.value,
    readValue: w.readValue,
    token: w.token,
    grant: w.grant,
    accepted: false,
    applied: false,
    lostIncrements: 0,
    overwrote: [],
    reason: rejectionText(rejection),
    rejection,
  });
  notes.push(
    `${client}'s write, held back by the proxy, reached PostgreSQL's address at ${Math.round(dueT)} ms after the server had closed that connection and rolled its transaction back; the trace records it as rejected there (the proxy saw it).`,
  );
}

// ---- clients ----

/** The client processes, each forked from one bundle and talking to the recorder over IPC. */
interface Clients {
  byId: Map<string, ChildProcess>;
  finished: Set<string>;
  /** Why a client failed, which ends the recording. */
  failure: string | null;
}

async function startClients(session: Session, ids: string[], links: Links, observer: Observer): Promise<Clients> {
  const { scenario, guard, cleanups, log, began } = session;
  const clientBundle = await bundleClient();
  log(`client bundled after ${Date.now() - began} ms`);
  const clients: Clients = { byId: new Map(), finished: new Set(), failure: null };
  const ready = ids.map(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const child = fork(clientBundle, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
        guard.pid(child.pid!);
        favour(child.pid!);
        log(`started client ${id} (pid ${child.pid})`);
        clients.byId.set(id, child);
        cleanups.push(() => {
          try {
            child.kill("SIGCONT");
            child.kill("SIGKILL");
          } catch {
            // Already gone.
          }
        });
        child.on("message", (m: FromClient) => {
          if (m.type === "ready") resolve();
          else if (m.type === "event") observer.observe(m.event);
          else if (m.type === "write-sent") observer.pendingWrites.set(id, m.write);
          else if (m.type === "backend") observer.backends.set(id, m.pid);
          else if (m.type === "finished") clients.finished.add(id);
          else if (m.type === "failed") {
            clients.failure = `${id} failed: ${m.error}`;
            reject(new Error(clients.failure));
          }
          observer.wake();
        });
        child.on("exit", () => {
          clients.finished.add(id);
          observer.wake();
        });
        const clock = processClock(scenario, id)!;
        const endpoints = {
          service: { host: HOST, port: links.all.get(`${id}→service`)!.port },
          storage: { host: HOST, port: links.all.get(`${id}→storage`)!.port },
        };
        const setup: ToClient = { type: "setup", id, scenario, endpoints, wallOffsetMs: clock.wall(0) };
        child.send(setup);
      }),
  );
  await Promise.all(ready);
  log(`clients ready after ${Date.now() - began} ms`);
  return clients;
}

/** The client program bundled once into one CommonJS file, so that each client process starts in a fraction of a second. */
async function bundleClient(): Promise<string> {
  const out = path.join(here, "../../node_modules/.cache/lease-lab/real-client.cjs");
  const sources = ["client.ts", "locks.ts", "store.ts", "protocol.ts"].map((f) => statSync(path.join(here, f)).mtimeMs);
  if (existsSync(out) && statSync(out).mtimeMs > Math.max(...sources)) return out;
  await build({
    entryPoints: [path.join(here, "client.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: out,
    external: ["pg-native"],
    logLevel: "warning",
  });
  return out;
}

// ---- go: the run's zero, the clients' starts and the faults' times ----

/** The run's timetable: each client's start, the steps still to happen, and the ones that came too late. */
interface Schedule {
  /** The run's zero on the machine's monotonic clock, in ns: every client's times count from it. */
  zeroNs: string;
  /** Each client's start, in the order of the scenario's clients. */
  starts: { id: string; startMs: number }[];
  /** Runs `f` at the run's time `t`; `what` names it if it comes late. */
  at: (t: number, f: () => void | Promise<void>, what?: string) => void;
  /** Notes a step that happened more than LATE_MS after it was due. */
  onTime: (what: string, scheduled: number, actual: number) => void;
  pending: () => number;
  late: string[];
}

function go(session: Session, ids: string[], observer: Observer): Schedule {
  const { scenario } = session;
  // Zero lies a little ahead, so every client has its start timer set before the run begins.
  const zero = process.hrtime.bigint() + BigInt(LEAD_MS * 1e6);
  setZero(zero);
  const startMs = scenario.clients.startMs;
  const starts = ids.map((id, i) => ({ id, startMs: Array.isArray(startMs) ? startMs[i]! : i * startMs.staggerMs })); // one start per client
  let pendingFaults = 0;
  const late: string[] = [];
  const onTime = (what: string, scheduled: number, actual: number) => {
    if (actual - scheduled > LATE_MS)
      late.push(`${what} was due at ${scheduled} ms and happened at ${Math.round(actual)} ms`);
  };
  const schedule: Schedule = {
    zeroNs: zero.toString(),
    starts,
    at: (t, f, what = "a fault") => {
      pendingFaults++;
      atTime(t, async () => {
        onTime(what, t, now());
        await f();
        pendingFaults--;
        observer.wake();
      });
    },
    onTime,
    pending: () => pendingFaults,
    late,
  };
  return schedule;
}

/** Everything the faults act on. */
interface FaultTargets {
  servers: Servers;
  ids: string[];
  links: Links;
  clients: Clients;
  observer: Observer;
  schedule: Schedule;
}

/** The scenario's faults at their times, after the replication cut that precedes a failover and the clients' go. */
function scheduleFaults(session: Session, targets: FaultTargets): void {
  const { scenario, events, notes } = session;
  const { servers, ids, links, clients, observer, schedule } = targets;
  const { observe, leaseEnd } = observer;
  const { at, onTime } = schedule;
  const service = scenario.service;
  const failover = faultOf(scenario, "failover");
  const replicationLink = servers.replicationLink;
  if (failover && replicationLink && service.kind === "redis" && service.replica) {
    const cutAt = failover.atMs - service.replica.lagMs;
    const cut = () => void replicationLink.cutOff();
    if (cutAt <= 0) cut();
    else at(cutAt, cut);
  }
  for (const { id, startMs } of schedule.starts)
    clients.byId.get(id)!.send({ type: "go", zeroNs: schedule.zeroNs, startMs } satisfies ToClient);

  /** Servers killed by a failover: a frozen one is never resumed (the model's failover ends the old primary too). */
  const killed = new Set<string>();
  for (const f of scenario.faults) {
    switch (f.kind) {
      case "pause": {
        const child = clients.byId.get(f.target);
        if (!child) {
          pauseServer(session, f.target === "redis" ? servers.lock : null, f, observer, schedule, killed);
          break;
        }
        at(f.atMs!, () => {
          child.kill("SIGSTOP");
          onTime(`${f.target}'s pause`, f.atMs!, now());
          observe({ kind: "pause-start", t: now(), by: "recorder", proc: f.target, forMs: f.forMs, cause: "gc" });
        });
        at(f.atMs! + f.forMs, () => {
          const t = now();
          child.kill("SIGCONT");
          const began = events.find((e) => e.kind === "pause-start" && e.proc === f.target && e.forMs === f.forMs);
          observe({ kind: "pause-end", t, by: "recorder", proc: f.target, pausedMs: began ? t - began.t : f.forMs });
        });
        break;
      }
      case "crash":
        at(f.atMs, async () => {
          clients.byId.get(f.target)!.kill("SIGKILL");
          const t = now();
          observer.crashedAt.set(f.target, t);
          observe({ kind: "crash", t, by: "recorder", proc: f.target, host: false });
          if (observer.believing.has(f.target))
            observe({ kind: "belief-end", t, by: "recorder", proc: f.target, lock: "lock", reason: "crashed" });
          const backend = observer.backends.get(f.target);
          const pgAdmin = servers.pgAdmin;
          if (pgAdmin && backend !== undefined) {
            // PostgreSQL sees the reset connection and ends its session (and its locks): watch it go.
            while (
              Number(
                (await pgAdmin.query("SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1", [backend])).rows[0].n,
              ) > 0
            )
              await new Promise((r) => setTimeout(r, 2));
            const gone = now();
            observe({ kind: "session", t: gone, by: "server", proc: "pg", client: f.target, state: "connection-lost" });
            for (const g of [...observer.open.values()])
              if (g.client === f.target) leaseEnd(g, gone, "connection-lost");
          }
        });
        break;
      case "partition":
        at(f.atMs, () => {
          links.of(f.between[0], f.between[1]).partition();
          observe({ kind: "partition-start", t: now(), by: "proxy", proc: "network", between: f.between });
        });
        at(f.atMs + f.forMs, () => {
          links.of(f.between[0], f.between[1]).heal();
          observe({ kind: "partition-end", t: now(), by: "proxy", proc: "network", between: f.between });
        });
        notes.push(
          `Partition ${f.between.join("–")}: the proxy holds that link's bytes both ways while it lasts; TCP delivers them once it heals.`,
        );
        break;
      case "delay":
        links.of(f.from, f.to).delayFirstAfter(f.atMs, f.byMs);
        notes.push(
          `Delay: the proxy holds back the first bytes ${f.from} sends to ${f.to} at or after ${f.atMs} ms, and everything behind them, for ${f.byMs} ms.`,
        );
        break;
      case "failover":
        at(f.atMs, async () => {
          const r = servers.replica!;
          killed.add("redis");
          await servers.lock.crash();
          observe({ kind: "crash", t: now(), by: "recorder", proc: "redis", host: false });
          const t = now();
          const promote = new Redis({ host: HOST, port: r.port });
          await promote.replicaof("NO", "ONE");
          const held = await promote.get("lock");
          promote.disconnect();
          observer.currentRedisNode = "replica";
          observer.subscribe(r.port);
          for (const id of ids) {
            links.all.get(`${id}→service`)!.retarget({ host: HOST, port: r.port });
            clients.byId.get(id)!.send({ type: "primary", node: "replica" } satisfies ToClient);
          }
          for (const g of [...observer.open.values()])
            if (g.proc === "redis" && held === null) leaseEnd(g, t, "failover", "redis");
          observe({
            kind: "failover",
            t,
            by: "recorder",
            proc: "replica",
            lostAfterMs: f.atMs - (service.kind === "redis" && service.replica ? service.replica.lagMs : 0),
          });
        });
        break;
      default:
        throw new Error(`fault ${f.kind} cannot be recorded`);
    }
  }
}

/**
 * Freezes a server the recorder started: SIGSTOP, then SIGCONT, of that one PID, never of a
 * process found by name. A stopped server answers nothing, its expiry cycle and timers stand
 * still, and its connections stay open (their bytes wait in its socket buffers).
 */
function pauseServer(
  session: Session,
  server: Server | null,
  f: Extract<ResolvedScenario["faults"][number], { kind: "pause" }>,
  observer: Observer,
  { at }: Schedule,
  killed: ReadonlySet<string>,
): void {
  if (!server) throw new Error(`fault pause of ${f.target} cannot be recorded`);
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(server.pid, sig);
    } catch {
      // Already gone.
    }
  };
  let stopped = false;
  // Pushed after the server's own stop, so it runs first: a stopped server cannot act on SIGTERM.
  session.cleanups.push(() => {
    if (stopped) signal("SIGCONT");
  });
  at(f.atMs!, () => {
    signal("SIGSTOP");
    stopped = true;
    observer.observe({ kind: "pause-start", t: now(), by: "recorder", proc: f.target, forMs: f.forMs, cause: "gc" });
  });
  at(f.atMs! + f.forMs, () => {
    if (killed.has(f.target)) return;
    const t = now();
    signal("SIGCONT");
    stopped = false;
    const began = session.events.find((e) => e.kind === "pause-start" && e.proc === f.target && e.forMs === f.forMs);
    observer.observe({ kind: "pause-end", t, by: "recorder", proc: f.target, pausedMs: began ? t - began.t : f.forMs });
  });
  session.notes.push(
    `${f.target} is frozen at ${f.atMs} ms by SIGSTOP of the redis-server process the recorder started${
      faultOf(session.scenario, "failover")
        ? "; the failover kills it while it is frozen, so it never resumes (as in the model, the old primary is gone)"
        : `, and resumed by SIGCONT ${f.forMs} ms later`
    }.`,
  );
}

// ---- wait until nothing is left to happen ----

async function untilQuiet(
  session: Session,
  ids: string[],
  links: Links,
  clients: Clients,
  observer: Observer,
  schedule: Schedule,
): Promise<void> {
  const quiet = () =>
    clients.finished.size === ids.length && schedule.pending() === 0 && ![...links.all.values()].some((l) => l.holding);
  await new Promise<void>((resolve) => {
    const hardStop = setTimeout(resolve, session.scenario.durationMs - now());
    let settle: NodeJS.Timeout | null = null;
    observer.wake = () => {
      if (clients.failure) return resolve();
      if (quiet() && !settle) settle = setTimeout(() => (clearTimeout(hardStop), resolve()), SETTLE_MS);
    };
    observer.wake();
  });
  if (clients.failure) throw new Error(clients.failure);
}

// ---- the checks: a recording is refused if the machine could not keep the scenario's times ----

function checkTimes(session: Session, { starts, onTime, late }: Schedule): void {
  const { scenario, events } = session;
  for (const { id, startMs } of starts) {
    const first = events.find((e) => e.kind === "acquire-start" && e.proc === id);
    if (first) onTime(`${id}'s start`, startMs, first.t);
  }
  // The run's first grant answers a request for a free lock: a few loopback round trips. Answered
  // late, a fault the model schedules after it can come first (measured with one core busy: c1's
  // grant in redis-failover came at 873 ms, after the failover at 215 ms, so no write was lost).
  // A fault aimed at that client (a pause, crash, partition or delay) may delay it truthfully.
  const firstGrant = events.find((e) => e.kind === "grant");
  if (firstGrant?.kind === "grant") {
    const start = starts.find((s) => s.id === firstGrant.client);
    const aimed = scenario.faults.some(
      (f) =>
        f.atMs !== undefined &&
        f.atMs <= firstGrant.t &&
        (("target" in f && f.target === firstGrant.client) ||
          (f.kind === "partition" && f.between.includes(firstGrant.client)) ||
          (f.kind === "delay" && f.from === firstGrant.client)),
    );
    if (start && !aimed) onTime(`${firstGrant.client}'s first grant (the lock was free)`, start.startMs, firstGrant.t);
  }
  if (late.length)
    throw new TooLateError(
      `The machine was too busy to keep the scenario's times (more than ${LATE_MS} ms late): ${late.join("; ")}.`,
    );
}

// ---- the trace ----

function traceOf(session: Session, clients: Clients): Recording {
  const lengthMs = now();
  for (const child of clients.byId.values()) child.send({ type: "stop" } satisfies ToClient, () => {});
  const trace: Trace = {
    format: TRACE_FORMAT,
    scenario: session.input as Record<string, unknown>,
    recorded: { at: new Date().toISOString(), lengthMs: Math.round(lengthMs), versions: session.versions },
    notes: session.notes,
    events: session.events.sort((a, b) => a.t - b.t),
  };
  return { trace, tookMs: Date.now() - session.began };
}

function faultOf<K extends ResolvedScenario["faults"][number]["kind"]>(scenario: ResolvedScenario, kind: K) {
  return scenario.faults.find((f): f is Extract<ResolvedScenario["faults"][number], { kind: K }> => f.kind === kind);
}
