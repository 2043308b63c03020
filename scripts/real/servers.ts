/**
 * The real servers of a run, each started by the recorder in the foreground on 127.0.0.1 with a
 * free port and a fresh temporary data directory, in its own process group so that stopping it
 * (by PID: SIGTERM, then SIGKILL) stops everything it forked. The watchdog learns of each one.
 * PostgreSQL refuses to run as root, so it runs as the `postgres` user through runuser.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import pg from "pg";
import { PG_BIN } from "../../lib/real/support";

export interface Server {
  name: string;
  port: number;
  pid: number;
  version: string;
  /** A clean stop: SIGTERM to the server, SIGKILL to its group if it takes longer than 5 s. */
  stop(): Promise<void>;
  /** A crash: SIGKILL to the server's whole group at once. */
  crash(): Promise<void>;
}

export interface Guard {
  group(pid: number): void;
  pid(pid: number): void;
  dir(dir: string): void;
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/**
 * Data directories live in memory where the machine has /dev/shm: etcd 3.4 fsyncs its log on every
 * write and cannot be told not to, so on a busy disk a grant could wait on the disk and come late.
 */
const DATA_ROOT = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();

function freshDir(guard: Guard, name: string): string {
  const dir = mkdtempSync(path.join(DATA_ROOT, `lease-lab-${name}-`));
  guard.dir(dir);
  return dir;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      return await probe();
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} did not become ready within ${ms / 1000} s: ${String(last)}`);
}

function launch(guard: Guard, name: string, cmd: string, args: string[], log: string[]): ChildProcess {
  const child = spawn(cmd, args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`could not start ${name} (${cmd})`);
  guard.group(child.pid);
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return child;
}

function stopper(child: ChildProcess, dir: string | null, first: NodeJS.Signals = "SIGTERM"): () => Promise<void> {
  return async () => {
    const pid = child.pid!;
    const exited = new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
    );
    const signal = (target: number, sig: NodeJS.Signals) => {
      try {
        process.kill(target, sig);
      } catch {
        // Already gone.
      }
    };
    // The leader shuts down its own children (runuser passes SIGTERM on to postgres), so none is
    // left unreaped; the whole group is killed only if that takes too long, and after, for strays.
    signal(first === "SIGKILL" ? -pid : pid, first);
    const timer = setTimeout(() => signal(-pid, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    signal(-pid, "SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/** A Redis 7 with no persistence, keyspace notifications for expiry and deletes, and a 100 Hz expiry cycle (so an expiry is seen within about 10 ms). */
export async function startRedis(
  guard: Guard,
  name: string,
  replicaOf?: { host: string; port: number },
): Promise<Server> {
  const port = await freePort();
  const dir = freshDir(guard, name);
  const log: string[] = [];
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
    "--hz",
    "100",
    "--notify-keyspace-events",
    "Egx$",
    "--daemonize",
    "no",
  ];
  if (replicaOf) args.push("--replicaof", replicaOf.host, String(replicaOf.port));
  const child = launch(guard, name, "redis-server", args, log);
  const version = await until(`redis-server (${name})`, 10000, async () => {
    const r = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    r.on("error", () => {});
    try {
      await r.connect();
      const info = await r.info("server");
      return /redis_version:(\S+)/.exec(info)?.[1] ?? "?";
    } finally {
      r.disconnect();
    }
  }).catch((e) => {
    throw new Error(`${(e as Error).message}\n${log.join("")}`);
  });
  return { name, port, pid: child.pid!, version, stop: stopper(child, dir), crash: stopper(child, null, "SIGKILL") };
}

/** A single etcd 3.4 member. */
export async function startEtcd(guard: Guard): Promise<Server> {
  const [port, peer] = [await freePort(), await freePort()];
  const dir = freshDir(guard, "etcd");
  const log: string[] = [];
  const client = `http://127.0.0.1:${port}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const child = launch(
    guard,
    "etcd",
    "etcd",
    [
      "--name",
      "e1",
      "--data-dir",
      dir,
      "--listen-client-urls",
      client,
      "--advertise-client-urls",
      client,
      "--listen-peer-urls",
      peerUrl,
      "--initial-advertise-peer-urls",
      peerUrl,
      "--initial-cluster",
      `e1=${peerUrl}`,
      "--log-level",
      "error",
    ],
    log,
  );
  const version = await until("etcd", 15000, async () => {
    const health = await fetch(`${client}/health`);
    if (!health.ok) throw new Error(`health ${health.status}`);
    const v = (await (await fetch(`${client}/version`)).json()) as { etcdserver: string };
    return v.etcdserver;
  }).catch((e) => {
    throw new Error(`${(e as Error).message}\n${log.join("")}`);
  });
  return {
    name: "etcd",
    port,
    pid: child.pid!,
    version,
    stop: stopper(child, dir),
    crash: stopper(child, null, "SIGKILL"),
  };
}

/** A fresh PostgreSQL 15 cluster in a temporary directory owned by `postgres`, run as that user. */
export async function startPostgres(guard: Guard): Promise<Server> {
  const port = await freePort();
  const dir = freshDir(guard, "pg");
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(dir, uid, gid);
  const data = path.join(dir, "data");
  execFileSync(
    "runuser",
    [
      "-u",
      "postgres",
      "--",
      `${PG_BIN}/initdb`,
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "--no-sync",
      "-E",
      "UTF8",
    ],
    {
      stdio: "pipe",
    },
  );
  const log: string[] = [];
  const child = launch(
    guard,
    "postgres",
    "runuser",
    [
      "-u",
      "postgres",
      "--",
      `${PG_BIN}/postgres`,
      "-D",
      data,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
    log,
  );
  const version = await until("postgres", 20000, async () => {
    const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
    await c.connect();
    try {
      return (await c.query("SHOW server_version")).rows[0].server_version as string;
    } finally {
      await c.end();
    }
  }).catch((e) => {
    throw new Error(`${(e as Error).message}\n${log.join("")}`);
  });
  return {
    name: "postgres",
    port,
    pid: child.pid!,
    version,
    stop: stopper(child, dir),
    crash: stopper(child, null, "SIGKILL"),
  };
}
