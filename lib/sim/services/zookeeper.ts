/**
 * ZooKeeper's lock recipe. A client's session stays alive by heartbeats every session timeout / 3;
 * the ensemble's leader expires a session it has not heard from for the whole timeout (on the
 * leader's monotonic clock) and deletes the session's ephemeral znodes. To lock, a client creates
 * an ephemeral sequential znode under the lock and lists the children: the lowest holds the lock;
 * any other watches only the znode just below its own, so each release wakes exactly one waiter
 * (no herd). The token is the znode's sequence number, the parent's cversion, which creates and
 * deletes both advance, so it rises with gaps. The client library declares Disconnected after ⅔ of
 * the timeout without hearing from the ensemble — the holder should stop there, so its belief
 * ends — and learns that the session Expired only when it hears from the ensemble again. A paused
 * client notices neither until it resumes, since its timers are frozen too. Clients talk to the
 * leader (a real client may connect to any member, which forwards writes to the leader); a leader
 * without a quorum serves nothing and expires nothing, and a newly elected leader gives every
 * session a fresh timeout, so expiry can come late but never early.
 */
import type { Proc, Timer } from "../kernel";
import type { LeaseEndReason } from "../events";
import type { ReplyOf, RequestOf } from "../world";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import { clockAfter, clockReading, type ClockReading } from "../clock";
import { serviceNodeIds } from "../scenario";

type ZookeeperSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "zookeeper" }>;

/** The ensemble's answer to any request in a session it has expired. */
type SessionExpired = { type: "session expired" };

/** What a Curator-style client sends the ensemble's leader, and its answers; every request after `connect` names its session. */
type ZookeeperProtocol = {
  connect: { request: { timeoutMs: number }; reply: { type: "connected"; session: number; timeoutMs: number } };
  ping: { request: { session: number }; reply: { type: "pong" } | SessionExpired };
  "create EPHEMERAL_SEQUENTIAL": { request: { session: number; lock: string }; reply: { type: "created"; seq: number } | SessionExpired };
  getChildren: {
    request: { session: number; lock: string };
    reply:
      | { type: "no node" }
      | { type: "children"; lowest: false; predecessor: number }
      | { type: "children"; lowest: true; seq: number; grant: number }
      | SessionExpired;
  };
  "exists+watch": { request: { session: number; lock: string; seq: number }; reply: { type: "exists" } | { type: "no node" } | SessionExpired };
  delete: { request: { session: number; lock: string }; reply: never };
  closeSession: { request: { session: number }; reply: never };
};

/** What the leader pushes to a watcher: the znode it watches was deleted. */
type ZookeeperWatch = { type: "watch: NodeDeleted"; lock: string; seq: number };

/** Whether the ensemble answered the request itself, rather than that the session is gone. */
const answered = <R extends { type: string }>(reply: R): reply is Exclude<R, SessionExpired> => reply.type !== "session expired";

/** Followers give up on a leader after syncLimit × tickTime (5 × 2000 ms, zoo_sample.cfg), then elect. */
const ELECTION_MS = 10_000;

/** A session as the leader tracks it. */
interface EnsembleSession {
  id: number;
  client: string;
  /** Expiry as a reading of the leader's monotonic clock. */
  expiresAt: ClockReading;
}

interface Znode {
  session: number;
  client: string;
  seq: number;
  /** Set once the owner has seen its znode is the lowest: from then it holds the lock. */
  grant: number | null;
  /** Clients with a one-shot watch on this znode's deletion. */
  watchers: string[];
}

/** A session as the client library sees it. */
interface Session {
  id: number;
  connected: boolean;
  heartbeat: Timer | null;
  disconnect: Timer | null;
  /** The sequence number of this session's znode, per lock. */
  znodes: Map<string, number>;
  /** Lock calls waiting for their predecessor to go, per lock. */
  waiting: Map<string, (r: AcquireResult) => void>;
}

type Failure = "unavailable" | "session-lost";

export function createZookeeper({ world, notices }: ServiceSetup, spec: ZookeeperSpec): LockService {
  const { kernel } = world;
  const timeoutMs = spec.sessionTimeoutMs;
  const readTimeoutMs = (timeoutMs * 2) / 3;
  const nodeIds = serviceNodeIds(spec);
  const majority = Math.floor(spec.members / 2) + 1;
  let leader: string | null = "z1";
  let epoch = 1;
  let electionPending = false;
  let nextSession = 1;
  const ensembleSessions = new Map<number, EnsembleSession>();
  /** Each lock's children, lowest sequence number first. */
  const children = new Map<string, Znode[]>();
  const cversion = new Map<string, number>();
  const sessions = new Map<string, Session>();

  const leaderId = () => leader ?? "z1";
  const reachable = (id: string) => !kernel.proc(id).crashed;
  const quorumOf = (candidate: string) => nodeIds.filter((id) => reachable(id) && (id === candidate || !world.network.blocked(candidate, id))).length;
  const hasQuorum = () => leader !== null && reachable(leader) && quorumOf(leader) >= majority;

  // ---- the ensemble -----------------------------------------------------------------------

  function armExpiry(s: EnsembleSession): void {
    const at = s.expiresAt;
    const holder = leader;
    if (!holder) return;
    kernel.timerAt(kernel.proc(holder), "monotonic", at, () => {
      if (ensembleSessions.get(s.id) !== s || s.expiresAt !== at || leader !== holder || !hasQuorum()) return;
      endSession(s, "expired");
    });
  }

  /** Any request from the session counts as contact. */
  function touch(s: EnsembleSession): void {
    s.expiresAt = clockAfter(kernel.proc(leaderId()).clock.mono(kernel.now), timeoutMs);
    armExpiry(s);
  }

  function endSession(s: EnsembleSession, reason: LeaseEndReason): void {
    ensembleSessions.delete(s.id);
    if (reason === "expired") kernel.log({ kind: "session", proc: leaderId(), client: s.client, state: "expired" });
    for (const lock of children.keys()) deleteZnode(lock, s.id, reason);
  }

  function childrenOf(lock: string): Znode[] {
    let queue = children.get(lock);
    if (!queue) children.set(lock, (queue = []));
    return queue;
  }

  function deleteZnode(lock: string, session: number, reason: LeaseEndReason): void {
    const queue = childrenOf(lock);
    const i = queue.findIndex((z) => z.session === session);
    const [znode] = i < 0 ? [] : queue.splice(i, 1);
    if (!znode) return;
    cversion.set(lock, (cversion.get(lock) ?? 0) + 1);
    if (znode.grant !== null) {
      kernel.log({ kind: "lease-end", proc: leaderId(), client: znode.client, lock, grant: znode.grant, token: znode.seq, reason });
    }
    // Only the znode's successor watches it: one notification per release.
    for (const client of znode.watchers) {
      wire.push(leaderId(), client, { type: "watch: NodeDeleted", lock, seq: znode.seq }, () => watchFired(client, lock));
    }
  }

  const wire = world.wire<ZookeeperProtocol, ZookeeperWatch>();
  wire.serve(nodeIds, spec.capacityOpsPerSec, (node, from, msg, respond) => {
    if (node !== leader || !hasQuorum()) return;
    if (msg.type === "connect") {
      const s: EnsembleSession = { id: nextSession++, client: from, expiresAt: clockReading(0) };
      ensembleSessions.set(s.id, s);
      touch(s);
      return respond({ type: "connected", session: s.id, timeoutMs });
    }
    const s = ensembleSessions.get(msg.session);
    if (!s) return respond({ type: "session expired" });
    touch(s);
    switch (msg.type) {
      case "ping":
        return respond({ type: "pong" });
      case "create EPHEMERAL_SEQUENTIAL": {
        const lock = msg.lock;
        const queue = childrenOf(lock);
        // The recipe's GUID in the name lets a client whose reply was lost find its znode again.
        let znode = queue.find((z) => z.session === s.id);
        if (!znode) {
          const seq = cversion.get(lock) ?? 0;
          cversion.set(lock, seq + 1);
          znode = { session: s.id, client: from, seq, grant: null, watchers: [] };
          queue.push(znode);
        }
        return respond({ type: "created", seq: znode.seq });
      }
      case "getChildren": {
        const lock = msg.lock;
        const queue = childrenOf(lock);
        const i = queue.findIndex((z) => z.session === s.id);
        const znode = queue[i];
        if (!znode) return respond({ type: "no node" });
        const predecessor = queue[i - 1];
        if (predecessor) return respond({ type: "children", lowest: false, predecessor: predecessor.seq });
        if (znode.grant === null) {
          znode.grant = world.grantId();
          kernel.log({ kind: "grant", proc: node, client: from, lock, grant: znode.grant, token: znode.seq });
        }
        return respond({ type: "children", lowest: true, seq: znode.seq, grant: znode.grant });
      }
      case "exists+watch": {
        const predecessor = childrenOf(msg.lock).find((z) => z.seq === msg.seq);
        predecessor?.watchers.push(from);
        return respond({ type: predecessor ? "exists" : "no node" });
      }
      case "delete":
        return deleteZnode(msg.lock, s.id, "released");
      case "closeSession":
        return endSession(s, "released");
    }
  });

  // ---- the client library -----------------------------------------------------------------

  /** Sends a request in the client's session; a reply of any kind is word from the ensemble. */
  function call<K extends keyof ZookeeperProtocol & string>(
    client: string,
    session: Session | null,
    msg: RequestOf<ZookeeperProtocol, K>,
    ok: (r: Exclude<ReplyOf<ZookeeperProtocol, K>, SessionExpired>) => void,
    failed: (f: Failure) => void,
  ): void {
    wire.request(client, leaderId(), msg, {
      reply: (r) => {
        if (session && sessions.get(client) !== session) return failed("session-lost");
        if (!answered(r)) {
          if (session) expired(client, session);
          return failed("session-lost");
        }
        if (session) heard(client, session);
        ok(r);
      },
      timeout: () => failed("unavailable"),
    });
  }

  function withSession(client: string, then: (s: Session) => void, failed: (f: Failure) => void): void {
    const existing = sessions.get(client);
    if (existing) return then(existing);
    call(
      client,
      null,
      { type: "connect", timeoutMs },
      (r) => {
        const s: Session = { id: r.session, connected: true, heartbeat: null, disconnect: null, znodes: new Map(), waiting: new Map() };
        sessions.set(client, s);
        heard(client, s);
        heartbeat(client, s);
        then(s);
      },
      failed,
    );
  }

  function heartbeat(client: string, s: Session): void {
    s.heartbeat = kernel.sleep(kernel.proc(client), timeoutMs / 3, () => {
      if (sessions.get(client) !== s) return;
      call(
        client,
        s,
        { type: "ping", session: s.id },
        () => {},
        () => {},
      );
      heartbeat(client, s);
    });
  }

  /** Resets the Disconnected countdown; the holder's lease runs ⅔ of the timeout from here. */
  function heard(client: string, s: Session): void {
    s.disconnect?.cancel();
    s.disconnect = kernel.sleep(kernel.proc(client), readTimeoutMs, () => disconnected(client, s));
    if (!s.connected) {
      s.connected = true;
      kernel.log({ kind: "session", proc: client, client, state: "reconnected" });
      // A watch notification may have been lost with the connection: look again.
      for (const [lock, done] of s.waiting) checkChildren(client, s, lock, true, done);
    }
    notices.leaseExtended(client, kernel.now, readTimeoutMs);
  }

  function disconnected(client: string, s: Session): void {
    if (sessions.get(client) !== s || !s.connected) return;
    s.connected = false;
    kernel.log({ kind: "session", proc: client, client, state: "disconnected" });
    for (const lock of s.znodes.keys()) notices.lockLost(client, lock);
  }

  /** The ensemble says the session is gone: the server closed the connection, then refused the reconnect. */
  function expired(client: string, s: Session): void {
    if (sessions.get(client) !== s) return;
    disconnected(client, s);
    sessions.delete(client);
    s.heartbeat?.cancel();
    s.disconnect?.cancel();
    kernel.log({ kind: "session", proc: client, client, state: "expired" });
    for (const done of s.waiting.values()) done({ kind: "session-lost" });
    s.waiting.clear();
  }

  /** The recipe's step 2: am I the lowest? If not, watch my predecessor and wait. */
  function checkChildren(client: string, s: Session, lock: string, wait: boolean, done: (r: AcquireResult) => void): void {
    const failed = (kind: Failure) => {
      s.waiting.delete(lock);
      done({ kind });
    };
    call(
      client,
      s,
      { type: "getChildren", lock, session: s.id },
      (r) => {
        if (r.type === "no node") return failed("session-lost");
        if (r.lowest) {
          s.waiting.delete(lock);
          return done({ kind: "granted", grant: r.grant, token: r.seq, leaseBasisT: kernel.now, leaseMs: readTimeoutMs });
        }
        if (!wait) {
          deleteMine(client, s, lock);
          return done({ kind: "held" });
        }
        s.waiting.set(lock, done);
        call(
          client,
          s,
          { type: "exists+watch", lock, seq: r.predecessor, session: s.id },
          (e) => {
            // The predecessor went between the two calls: look again rather than wait forever.
            if (e.type === "no node") checkChildren(client, s, lock, wait, done);
          },
          failed,
        );
      },
      failed,
    );
  }

  function watchFired(client: string, lock: string): void {
    const s = sessions.get(client);
    const done = s?.waiting.get(lock);
    if (s && done) checkChildren(client, s, lock, true, done);
  }

  function deleteMine(client: string, s: Session, lock: string): void {
    s.waiting.delete(lock);
    if (s.znodes.delete(lock)) wire.tell(client, leaderId(), { type: "delete", lock, session: s.id });
  }

  return {
    nodeIds,
    renewsItself: true,
    acquire(client, lock, wait, done) {
      // Failures can race (a timeout here, an expiry noticed by a heartbeat there): answer once.
      let answered = false;
      const answer = (r: AcquireResult) => {
        if (answered) return;
        answered = true;
        done(r);
      };
      // A session found expired before the znode exists is replaced once, as Curator's retry loop does.
      const create = (retry: boolean) =>
        withSession(
          client,
          (s) => {
            call(
              client,
              s,
              { type: "create EPHEMERAL_SEQUENTIAL", lock, session: s.id },
              (r) => {
                s.znodes.set(lock, r.seq);
                checkChildren(client, s, lock, wait, answer);
              },
              (kind) => (kind === "session-lost" && retry ? create(false) : answer({ kind })),
            );
          },
          (kind) => answer({ kind }),
        );
      create(true);
    },
    renew(_client, _lock, done: (r: RenewResult) => void) {
      done({ kind: "refused" });
    },
    release(client, lock) {
      const s = sessions.get(client);
      if (s) deleteMine(client, s, lock);
    },
    finish(client) {
      const s = sessions.get(client);
      if (!s) return;
      s.heartbeat?.cancel();
      s.disconnect?.cancel();
      sessions.delete(client);
      wire.tell(client, leaderId(), { type: "closeSession", session: s.id });
    },
    onCrash(proc: Proc) {
      // A crashed client's session lives on at the ensemble until it times out.
      sessions.delete(proc.id);
      if (nodeIds.includes(proc.id)) this.onNetworkChange();
    },
    onRestart(proc: Proc) {
      // Members keep their data on disk: a restart loses nothing, and may restore a quorum.
      if (nodeIds.includes(proc.id)) this.onNetworkChange();
    },
    failover() {},
    onNetworkChange() {
      if (hasQuorum() || electionPending) return;
      electionPending = true;
      kernel.at(kernel.now + ELECTION_MS, () => {
        electionPending = false;
        if (hasQuorum()) {
          // The leader kept (or won back) its quorum: expiries it skipped meanwhile happen now.
          for (const s of ensembleSessions.values()) armExpiry(s);
          return;
        }
        const candidate = nodeIds.find((id) => reachable(id) && quorumOf(id) >= majority);
        leader = candidate ?? null;
        if (!candidate) return;
        epoch++;
        kernel.log({ kind: "leader-change", proc: candidate, term: epoch });
        for (const s of ensembleSessions.values()) touch(s);
      });
    },
  };
}
