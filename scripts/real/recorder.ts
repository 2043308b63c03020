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

interface OpenGrant {
  grant: string;
  client: string;
  token: number | null;
  proc: string;
  released: boolean;
}

export interface Recording {
  trace: Trace;
  /** Wall-clock ms the whole recording took, servers' start and stop included. */
  tookMs: number;
}

export async function record(input: Scenario, scenario: ResolvedScenario, log: (s: string) => void = () => {}): Promise<Recording> {
  const began = Date.now();
  favour(process.pid);
  const cleanups: (() => Promise<void> | void)[] = [];
  const watchdog = spawn(process.execPath, [path.join(here, "watchdog.mjs")], { detached: true, stdio: ["pipe", "ignore", "inherit"] });
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
    return await run();
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await cleanup();
  }

  async function run(): Promise<Recording> {
    const events: TraceEvent[] = [];
    const notes: string[] = [
      "Each client is its own OS process: a pause is SIGSTOP then SIGCONT, a crash is SIGKILL.",
      "Every client reaches each server through the recorder's TCP proxy on 127.0.0.1 (one link per client and server); its latency is loopback's, well under a millisecond, not the scenario's network.latencyMs.",
      "Times are milliseconds on the machine's CLOCK_MONOTONIC from the run's start, read by every process; a grant is timed when the client received the server's answer.",
    ];
    const versions: Record<string, string> = { node: process.version };
    const pkg = (name: string) =>
      (JSON.parse(readFileSync(path.join(here, "../../node_modules", name, "package.json"), "utf8")) as { version: string }).version;
    const service = scenario.service;
    const start = async (p: Promise<Server>) => {
      const s = await p;
      cleanups.push(() => s.stop());
      favourGroup(s.pid);
      log(`started ${s.name} ${s.version} on port ${s.port} (pid ${s.pid})`);
      return s;
    };

    // ---- servers ----
    let lockServer: Server;
    let storageServer: Server;
    let replica: Server | null = null;
    let replicationLink: Link | null = null;
    let pgAdmin: pg.Client | null = null;
    if (service.kind === "redis") {
      lockServer = await start(startRedis(guard, "redis"));
      if (service.replica) {
        replicationLink = new Link({ name: "replica→redis", upstream: { host: HOST, port: lockServer.port }, now });
        await replicationLink.listen();
        cleanups.push(() => replicationLink!.close());
        replica = await start(startRedis(guard, "replica", { host: HOST, port: replicationLink.port }));
        const r = new Redis({ host: HOST, port: replica.port });
        for (let i = 0; i < 100 && !/master_link_status:up/.test(await r.info("replication")); i++) await new Promise((res) => setTimeout(res, 100));
        r.disconnect();
        notes.push(
          `Failover: the replica's link to the primary (through the proxy) is cut at ${Math.max(0, faultOf("failover")!.atMs - service.replica.lagMs)} ms (the scenario's failover time minus its ${service.replica.lagMs} ms lag), the primary is killed at the failover time and the replica promoted with REPLICAOF NO ONE.`,
        );
      }
      storageServer = await start(startRedis(guard, "storage"));
      versions["redis-server"] = lockServer.version;
      versions.ioredis = pkg("ioredis");
      notes.push(
        "Lease ends are Redis's own keyspace notifications (expired, del) on the lock key, with hz 100, so an expiry is seen within about 10 ms.",
        "The counter lives in a separate Redis; the fencing check is a Lua script there.",
      );
    } else if (service.kind === "etcd") {
      lockServer = await start(startEtcd(guard));
      storageServer = await start(startRedis(guard, "storage"));
      versions.etcd = lockServer.version;
      versions["redis-server"] = storageServer.version;
      versions.ioredis = pkg("ioredis");
      notes.push(
        `etcd runs as one member (e1); the scenario's ${service.members} members cannot be run here, and no fault touches a member, so quorum never matters.`,
        "Lease ends are etcd's own DELETE events on the lock prefix (a watch); etcd revokes expired leases in a 500 ms sweep.",
        "The counter lives in a separate Redis; the fencing check is a Lua script there.",
      );
    } else if (service.kind === "postgres") {
      lockServer = await start(startPostgres(guard));
      storageServer = lockServer;
      versions.postgres = lockServer.version;
      versions.pg = pkg("pg");
      pgAdmin = new pg.Client({ host: HOST, port: lockServer.port, user: "postgres", database: "postgres" });
      pgAdmin.on("error", () => {});
      await pgAdmin.connect();
      cleanups.push(() => pgAdmin!.end());
      await pgAdmin.query(PG_SCHEMA);
      notes.push("The counter is a row in the same PostgreSQL, written by a PL/pgSQL function that checks the guard with the row locked.");
      if (service.mode === "lock-table" && service.expiryClock === "client") {
        notes.push(
          "Client clocks: each client adds its scenario clock offset to its own wall-clock readings when it writes and compares expires_at; the machine has one real clock.",
        );
      }
    } else throw new Error(`service ${service.kind} cannot be recorded`);

    // ---- the network: one proxy link per client and server ----
    const ids = clientIds(scenario.clients.count);
    const pendingWrites = new Map<string, PendingWrite>();
    const crashedAt = new Map<string, number>();
    const links = new Map<string, Link>();
    for (const c of ids) {
      for (const [to, upstream] of [
        ["service", lockServer.port],
        ["storage", storageServer.port],
      ] as const) {
        const link = new Link({
          name: `${c}→${to}`,
          upstream: { host: HOST, port: upstream },
          now,
          onHeldLost: (dueT) => heldWriteLost(c, dueT),
        });
        await link.listen();
        cleanups.push(() => link.close());
        links.set(`${c}→${to}`, link);
      }
    }
    const linkOf = (client: string, server: string) => links.get(`${client}→${server === "storage" ? "storage" : "service"}`)!;

    // ---- the recorder's own observations ----
    /** Looks again whether the run is over; set once the run has begun. */
    let wake: () => void = () => {};
    const open = new Map<string, OpenGrant>();
    const believing = new Set<string>();
    const backends = new Map<string, number>();
    const observe = (e: TraceEvent) => {
      events.push(e);
      if (e.kind === "grant") open.set(e.grant, { grant: e.grant, client: e.client, token: e.token, proc: e.proc, released: false });
      if (e.kind === "lease-end") open.delete(e.grant);
      if (e.kind === "release") for (const g of open.values()) if (g.client === e.proc) g.released = true;
      if (e.kind === "belief-start") believing.add(e.proc);
      if (e.kind === "belief-end") believing.delete(e.proc);
      if (e.kind === "write") pendingWrites.delete(e.client);
      wake();
    };
    const leaseEnd = (g: OpenGrant, t: number, reason: Extract<TraceEvent, { kind: "lease-end" }>["reason"], proc = g.proc) =>
      observe({ kind: "lease-end", t, by: "server", proc, client: g.client, lock: "lock", grant: g.grant, token: g.token, reason });

    let currentRedisNode = "redis";
    let subscriber: Redis | null = null;
    const subscribe = (port: number) => {
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
        const g = [...open.values()].find((o) => o.proc === currentRedisNode);
        if (!g) return;
        if (event === "expired") leaseEnd(g, t, "expired");
        else if (event === "del") leaseEnd(g, t, g.released ? "released" : "deleted");
      });
      cleanups.push(() => sub.disconnect());
    };
    if (service.kind === "redis") subscribe(lockServer.port);

    if (service.kind === "etcd") {
      const watch = new AbortController();
      cleanups.push(() => watch.abort());
      const body = JSON.stringify({
        create_request: { key: Buffer.from("lock/").toString("base64"), range_end: Buffer.from("lock0").toString("base64"), prev_kv: true },
      });
      void fetch(`http://${HOST}:${lockServer.port}/v3/watch`, { method: "POST", body, signal: watch.signal })
        .then(async (res) => {
          const reader = res.body!.getReader();
          let text = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            text += new TextDecoder().decode(value);
            let nl;
            while ((nl = text.indexOf("\n")) >= 0) {
              const line = JSON.parse(text.slice(0, nl)) as { result?: { events?: { type?: string; prev_kv?: { create_revision: string } }[] } };
              text = text.slice(nl + 1);
              const t = now();
              for (const e of line.result?.events ?? []) {
                if (e.type !== "DELETE" || !e.prev_kv) continue;
                const g = open.get(`etcd:${e.prev_kv.create_revision}`);
                if (g) leaseEnd(g, t, g.released ? "released" : "expired");
              }
            }
          }
        })
        .catch(() => {});
    }

    /** A write the proxy held back arrived after its connection had been reset: its transaction was already gone. */
    function heldWriteLost(client: string, dueT: number) {
      const w = pendingWrites.get(client);
      if (!w || service.kind !== "postgres") {
        notes.push(`${client}'s bytes held back by the proxy were lost with its connection at ${Math.round(dueT)} ms.`);
        return;
      }
      const lostAt = events.find((e) => e.kind === "session" && e.client === client && e.state === "connection-lost")?.t ?? crashedAt.get(client) ?? dueT;
      const rejection = { by: "transaction", cause: "connection-lost", client, atMs: lostAt } as const;
      observe({
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
    log(`servers ready after ${Date.now() - began} ms`);
    const clientBundle = await bundleClient();
    log(`client bundled after ${Date.now() - began} ms`);
    const clients = new Map<string, ChildProcess>();
    const finished = new Set<string>();
    let failure: string | null = null;
    const ready = ids.map(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const child = fork(clientBundle, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
          guard.pid(child.pid!);
          favour(child.pid!);
          log(`started client ${id} (pid ${child.pid})`);
          clients.set(id, child);
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
            else if (m.type === "event") observe(m.event);
            else if (m.type === "write-sent") pendingWrites.set(id, m.write);
            else if (m.type === "backend") backends.set(id, m.pid);
            else if (m.type === "finished") finished.add(id);
            else if (m.type === "failed") {
              failure = `${id} failed: ${m.error}`;
              reject(new Error(failure));
            }
            wake();
          });
          child.on("exit", () => {
            finished.add(id);
            wake();
          });
          const clock = processClock(scenario, id)!;
          const endpoints = {
            service: { host: HOST, port: links.get(`${id}→service`)!.port },
            storage: { host: HOST, port: links.get(`${id}→storage`)!.port },
          };
          const setup: ToClient = { type: "setup", id, scenario, endpoints, wallOffsetMs: clock.wall(0) };
          child.send(setup);
        }),
    );
    await Promise.all(ready);
    log(`clients ready after ${Date.now() - began} ms`);

    // ---- go: the run's zero, the clients' starts and the faults' times ----
    // Zero lies a little ahead, so every client has its start timer set before the run begins.
    const zero = process.hrtime.bigint() + BigInt(LEAD_MS * 1e6);
    setZero(zero);
    const starts = Array.isArray(scenario.clients.startMs)
      ? scenario.clients.startMs
      : ids.map((_, i) => i * (scenario.clients.startMs as { staggerMs: number }).staggerMs);
    let pendingFaults = 0;
    const late: string[] = [];
    const onTime = (what: string, scheduled: number, actual: number) => {
      if (actual - scheduled > LATE_MS) late.push(`${what} was due at ${scheduled} ms and happened at ${Math.round(actual)} ms`);
    };
    const at = (t: number, f: () => void | Promise<void>, what = "a fault") => {
      pendingFaults++;
      atTime(t, async () => {
        onTime(what, t, now());
        await f();
        pendingFaults--;
        wake();
      });
    };
    const failover = faultOf("failover");
    if (failover && replicationLink && service.kind === "redis" && service.replica) {
      const cutAt = failover.atMs - service.replica.lagMs;
      const cut = () => void replicationLink!.cutOff();
      if (cutAt <= 0) cut();
      else at(cutAt, cut);
    }
    ids.forEach((id, i) => clients.get(id)!.send({ type: "go", zeroNs: zero.toString(), startMs: starts[i]! } satisfies ToClient));

    /** Servers killed by a failover: a frozen one is never resumed (the model's failover ends the old primary too). */
    const killed = new Set<string>();
    for (const f of scenario.faults) {
      switch (f.kind) {
        case "pause": {
          if (!clients.has(f.target)) {
            pauseServer(f.target === "redis" ? lockServer : null, f);
            break;
          }
          const child = clients.get(f.target)!;
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
            clients.get(f.target)!.kill("SIGKILL");
            const t = now();
            crashedAt.set(f.target, t);
            observe({ kind: "crash", t, by: "recorder", proc: f.target, host: false });
            if (believing.has(f.target)) observe({ kind: "belief-end", t, by: "recorder", proc: f.target, lock: "lock", reason: "crashed" });
            const backend = backends.get(f.target);
            if (pgAdmin && backend !== undefined) {
              // PostgreSQL sees the reset connection and ends its session (and its locks): watch it go.
              while (Number((await pgAdmin.query("SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1", [backend])).rows[0].n) > 0)
                await new Promise((r) => setTimeout(r, 2));
              const gone = now();
              observe({ kind: "session", t: gone, by: "server", proc: "pg", client: f.target, state: "connection-lost" });
              for (const g of [...open.values()]) if (g.client === f.target) leaseEnd(g, gone, "connection-lost");
            }
          });
          break;
        case "partition":
          at(f.atMs, () => {
            linkOf(f.between[0], f.between[1]).partition();
            observe({ kind: "partition-start", t: now(), by: "proxy", proc: "network", between: f.between });
          });
          at(f.atMs + f.forMs, () => {
            linkOf(f.between[0], f.between[1]).heal();
            observe({ kind: "partition-end", t: now(), by: "proxy", proc: "network", between: f.between });
          });
          notes.push(`Partition ${f.between.join("–")}: the proxy holds that link's bytes both ways while it lasts; TCP delivers them once it heals.`);
          break;
        case "delay":
          linkOf(f.from, f.to).delayFirstAfter(f.atMs, f.byMs);
          notes.push(
            `Delay: the proxy holds back the first bytes ${f.from} sends to ${f.to} at or after ${f.atMs} ms, and everything behind them, for ${f.byMs} ms.`,
          );
          break;
        case "failover":
          at(f.atMs, async () => {
            const r = replica!;
            killed.add("redis");
            await lockServer.crash();
            observe({ kind: "crash", t: now(), by: "recorder", proc: "redis", host: false });
            const t = now();
            const promote = new Redis({ host: HOST, port: r.port });
            await promote.replicaof("NO", "ONE");
            const held = await promote.get("lock");
            promote.disconnect();
            currentRedisNode = "replica";
            subscribe(r.port);
            for (const id of ids) {
              links.get(`${id}→service`)!.retarget({ host: HOST, port: r.port });
              clients.get(id)!.send({ type: "primary", node: "replica" } satisfies ToClient);
            }
            for (const g of [...open.values()]) if (g.proc === "redis" && held === null) leaseEnd(g, t, "failover", "redis");
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

    /**
     * Freezes a server the recorder started: SIGSTOP, then SIGCONT, of that one PID, never of a
     * process found by name. A stopped server answers nothing, its expiry cycle and timers stand
     * still, and its connections stay open (their bytes wait in its socket buffers).
     */
    function pauseServer(server: Server | null, f: Extract<ResolvedScenario["faults"][number], { kind: "pause" }>) {
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
      cleanups.push(() => {
        if (stopped) signal("SIGCONT");
      });
      at(f.atMs!, () => {
        signal("SIGSTOP");
        stopped = true;
        observe({ kind: "pause-start", t: now(), by: "recorder", proc: f.target, forMs: f.forMs, cause: "gc" });
      });
      at(f.atMs! + f.forMs, () => {
        if (killed.has(f.target)) return;
        const t = now();
        signal("SIGCONT");
        stopped = false;
        const began = events.find((e) => e.kind === "pause-start" && e.proc === f.target && e.forMs === f.forMs);
        observe({ kind: "pause-end", t, by: "recorder", proc: f.target, pausedMs: began ? t - began.t : f.forMs });
      });
      notes.push(
        `${f.target} is frozen at ${f.atMs} ms by SIGSTOP of the redis-server process the recorder started${
          faultOf("failover")
            ? "; the failover kills it while it is frozen, so it never resumes (as in the model, the old primary is gone)"
            : `, and resumed by SIGCONT ${f.forMs} ms later`
        }.`,
      );
    }

    // ---- wait until nothing is left to happen ----
    const quiet = () => finished.size === ids.length && pendingFaults === 0 && ![...links.values()].some((l) => l.holding);
    await new Promise<void>((resolve) => {
      const hardStop = setTimeout(resolve, scenario.durationMs - now());
      let settle: NodeJS.Timeout | null = null;
      wake = () => {
        if (failure) return resolve();
        if (quiet() && !settle) settle = setTimeout(() => (clearTimeout(hardStop), resolve()), SETTLE_MS);
      };
      wake();
    });
    if (failure) throw new Error(failure);
    ids.forEach((id, i) => {
      const first = events.find((e) => e.kind === "acquire-start" && e.proc === id);
      if (first) onTime(`${id}'s start`, starts[i]!, first.t);
    });
    // The run's first grant answers a request for a free lock: a few loopback round trips. Answered
    // late, a fault the model schedules after it can come first (measured with one core busy: c1's
    // grant in redis-failover came at 873 ms, after the failover at 215 ms, so no write was lost).
    // A fault aimed at that client (a pause, crash, partition or delay) may delay it truthfully.
    const firstGrant = events.find((e) => e.kind === "grant");
    if (firstGrant?.kind === "grant") {
      const i = ids.indexOf(firstGrant.client);
      const aimed = scenario.faults.some(
        (f) =>
          f.atMs !== undefined &&
          f.atMs <= firstGrant.t &&
          (("target" in f && f.target === firstGrant.client) ||
            (f.kind === "partition" && f.between.includes(firstGrant.client)) ||
            (f.kind === "delay" && f.from === firstGrant.client)),
      );
      if (i >= 0 && !aimed) onTime(`${firstGrant.client}'s first grant (the lock was free)`, starts[i]!, firstGrant.t);
    }
    if (late.length) throw new TooLateError(`The machine was too busy to keep the scenario's times (more than ${LATE_MS} ms late): ${late.join("; ")}.`);
    const lengthMs = now();
    for (const child of clients.values()) child.send({ type: "stop" } satisfies ToClient, () => {});
    const trace: Trace = {
      format: TRACE_FORMAT,
      scenario: input as Record<string, unknown>,
      recorded: { at: new Date().toISOString(), lengthMs: Math.round(lengthMs), versions },
      notes,
      events: events.sort((a, b) => a.t - b.t),
    };
    return { trace, tookMs: Date.now() - began };
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

  function faultOf<K extends ResolvedScenario["faults"][number]["kind"]>(kind: K) {
    return scenario.faults.find((f): f is Extract<ResolvedScenario["faults"][number], { kind: K }> => f.kind === kind);
  }
}
