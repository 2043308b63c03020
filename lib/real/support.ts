/**
 * What the recorder can run on real servers, decided before anything starts: a scenario it
 * cannot run faithfully is refused with every reason at once, and the servers it needs are named
 * with the Debian packages that provide them. Pure.
 */
import { clientIds, type ResolvedScenario } from "../sim/scenario";

export const MAX_REAL_MS = 120_000;
export const MAX_REAL_CLIENTS = 8;

/** A server program the recorder starts, and the Debian package it comes from. */
export interface Needed {
  program: string;
  path: string;
  apt: string;
}

export const PG_BIN = "/usr/lib/postgresql/15/bin";

const REDIS: Needed = { program: "redis-server", path: "/usr/bin/redis-server", apt: "redis-server" };
const ETCD: Needed = { program: "etcd", path: "/usr/bin/etcd", apt: "etcd-server" };
const INITDB: Needed = { program: "initdb", path: `${PG_BIN}/initdb`, apt: "postgresql" };
const POSTGRES: Needed = { program: "postgres", path: `${PG_BIN}/postgres`, apt: "postgresql" };

/** The servers a scenario needs: its lock service, and the store the protected counter lives in. */
export function neededServers(scenario: ResolvedScenario): Needed[] {
  switch (scenario.service.kind) {
    // The counter lives in a separate Redis, so a failover or a paused lock server leaves it alone.
    case "redis":
      return [REDIS];
    case "etcd":
      return [ETCD, REDIS];
    case "postgres":
      return [INITDB, POSTGRES];
    default:
      return [];
  }
}

/** Why the recorder cannot run this scenario on real servers; empty when it can. */
export function refusals(s: ResolvedScenario): string[] {
  const why: string[] = [];
  const kind = s.service.kind;
  if (kind === "zookeeper" || kind === "chubby" || kind === "kubernetes" || kind === "redlock" || kind === "none") {
    const what = {
      zookeeper: "ZooKeeper is not installed here, and the recorder has no ZooKeeper client",
      chubby: "Chubby is Google's internal service: there is no server to run",
      kubernetes: "a Kubernetes API server cannot run on this machine",
      redlock: "the recorder runs one Redis (and its replica), not Redlock's five independent nodes",
      none: "with no lock service there is nothing real to record",
    }[kind];
    why.push(`service.kind "${kind}": ${what}; the recorder runs redis, etcd and postgres`);
  }
  if (s.workload.kind !== "counter")
    why.push(`workload.kind "${s.workload.kind}": the recorder runs the counter workload only`);
  if (s.storage.guard !== "none" && s.storage.guard !== "fencing")
    why.push(`storage.guard "${s.storage.guard}": the recorder's store checks "none" or "fencing" only`);
  if (s.durationMs > MAX_REAL_MS)
    why.push(`durationMs ${s.durationMs}: a real run takes real time; the recorder runs at most ${MAX_REAL_MS} ms`);
  if (s.clients.count > MAX_REAL_CLIENTS)
    why.push(
      `clients.count ${s.clients.count}: each client is an OS process; the recorder runs at most ${MAX_REAL_CLIENTS}`,
    );
  if (s.clients.renewEveryMs !== null && kind !== "redis")
    why.push(`clients.renewEveryMs: the recorder renews Redis leases only (etcd keeps its lease alive by itself)`);
  if (s.clients.onLockUnavailable === "fail-open")
    why.push(
      `clients.onLockUnavailable "fail-open": the recorder's clients fail closed (an unanswered acquire ends the attempt, which starts again)`,
    );
  if (s.clients.release === "delete" && kind !== "redis")
    why.push(`clients.release "delete": only Redis has a plain-DEL release`);
  if (s.network.lossRate > 0)
    why.push(
      `network.lossRate ${s.network.lossRate}: loopback TCP does not lose packets, and dropping bytes inside a TCP stream would break it, not model loss`,
    );
  if (s.chaos.pauseEveryMs)
    why.push("chaos: random pauses come from the model's seeded generator; give the pauses as faults instead");
  if (s.clocks.driftPpm !== 0 || Object.values(s.clocks.per).some((p) => (p.driftPpm ?? 0) !== 0)) {
    why.push("clocks.driftPpm: a process's clock rate cannot be changed on this machine");
  }
  const clients = new Set(clientIds(s.clients.count));
  const isClient = (id: string) => clients.has(id);
  s.faults.forEach((f, i) => {
    const at = `faults.${i} (${f.kind})`;
    switch (f.kind) {
      case "clock-jump":
        why.push(`${at}: a clock jump needs control of a server's or client's clock, which this machine does not give`);
        break;
      case "pause":
        if (f.atPhase) why.push(`${at}: the recorder pauses at a time (atMs), not at a phase`);
        // A server is frozen by SIGSTOP of the PID the recorder started: the Redis primary is one process.
        if (!isClient(f.target) && !(kind === "redis" && f.target === "redis"))
          why.push(`${at}: the recorder pauses clients and the Redis primary only`);
        break;
      case "crash":
        if (!isClient(f.target)) why.push(`${at}: the recorder crashes clients only`);
        if (f.host) why.push(`${at}: a vanished host (host: true) cannot be made on one machine; a process crash can`);
        if (f.restartAfterMs !== undefined) why.push(`${at}: the recorder does not restart crashed clients`);
        break;
      case "partition":
      case "delay": {
        const [a, b] = f.kind === "partition" ? f.between : [f.from, f.to];
        if (!(isClient(a) && b !== a) || isClient(b))
          why.push(`${at}: the recorder's proxy sits between a client and a server only (from a client)`);
        if (kind === "etcd" && b !== "storage" && b !== "e1")
          why.push(`${at}: the recorder runs a single etcd member, e1`);
        break;
      }
      case "failover":
        if (kind !== "redis" || !("replica" in s.service) || !s.service.replica)
          why.push(`${at}: a failover needs service redis with a replica`);
        break;
      case "isolate":
      case "outage":
        why.push(`${at}: not built into the recorder yet; give partitions between each client and the server instead`);
        break;
    }
  });
  if (kind === "etcd" && s.faults.some((f) => f.kind === "crash" && /^e\d+$/.test(f.target)))
    why.push("etcd members cannot be crashed: the recorder runs one member");
  return why;
}
