/**
 * ZooKeeper's lock recipe. A client's session stays alive by heartbeats every session timeout / 3;
 * the ensemble's leader expires a session it has not heard from for the whole timeout (on the
 * leader's monotonic clock) and deletes the session's ephemeral znodes. To lock, a client creates
 * an ephemeral sequential znode under the lock and lists the children: the lowest holds the lock;
 * any other watches only the znode just below its own, so each release wakes exactly one waiter
 * (no herd). The token is the znode's sequence number, the parent's cversion, which creates and
 * deletes both advance, so it rises with gaps; the model never deletes a lock's parent, so it
 * never restarts, which in real ZooKeeper it can: there the token to fence with is the znode's
 * `czxid`, as lesson 7 says. The client library declares Disconnected after ⅔ of
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
import type { Answer, CodeCalls } from "../code/calls";
import type { WatchedEvent, ZooKeeper } from "../code/api";

type ZookeeperSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "zookeeper" }>;

/** The ensemble's answer to any request in a session it has expired. */
type SessionExpired = { type: "session expired" };

/** What a Curator-style client sends the ensemble's leader, and its answers; every request after `connect` names its session. */
type ZookeeperProtocol = {
  connect: { request: { timeoutMs: number }; reply: { type: "connected"; session: number; timeoutMs: number } };
  ping: { request: { session: number }; reply: { type: "pong" } | SessionExpired };
  "create EPHEMERAL_SEQUENTIAL": {
    request: { session: number; lock: string };
    reply: { type: "created"; seq: number } | SessionExpired;
  };
  /** `children`: every child's sequence number, lowest first; "no node" when the client's own znode is gone. */
  getChildren: {
    request: { session: number; lock: string };
    reply:
      | { type: "no node"; children: number[] }
      | { type: "children"; lowest: false; predecessor: number; children: number[] }
      | { type: "children"; lowest: true; seq: number; grant: number; children: number[] }
      | SessionExpired;
  };
  "exists+watch": {
    request: { session: number; lock: string; seq: number };
    reply: { type: "exists" } | { type: "no node" } | SessionExpired;
  };
  delete: { request: { session: number; lock: string }; reply: never };
  closeSession: { request: { session: number }; reply: never };
};

/** What the leader pushes to a watcher: the znode it watches was deleted. */
type ZookeeperWatch = { type: "watch: NodeDeleted"; lock: string; seq: number };

/** Whether the ensemble answered the request itself, rather than that the session is gone. */
const answered = <R extends { type: string }>(reply: R): reply is Exclude<R, SessionExpired> =>
  reply.type !== "session expired";

/** A lock's child as the recipe names it: "lock-" and its sequence number in 10 digits, as ZooKeeper formats it. */
const nodeName = (seq: number) => `lock-${String(seq).padStart(10, "0")}`;
const nodePath = (lock: string, seq: number) => `/${lock}/${nodeName(seq)}`;

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
  waiting: Map<string, Waiter>;
  /** A code client's looks at its lock (getChildren, exists) on their way: the session's expiry fails them at once, as ZooKeeper's client fails its pending requests. */
  looking: Set<(kind: Failure) => void>;
}

/** A lock call waiting for its predecessor: it looks again when its watch fires or the connection comes back, and fails with the session. */
interface Waiter {
  recheck(event: WatchedEvent): void;
  fail(kind: Failure): void;
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
  const quorumOf = (candidate: string) =>
    nodeIds.filter((id) => reachable(id) && (id === candidate || !world.network.blocked(candidate, id))).length;
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
      kernel.log({
        kind: "lease-end",
        proc: leaderId(),
        client: znode.client,
        lock,
        grant: znode.grant,
        token: znode.seq,
        reason,
      });
    }
    // Only the znode's successor watches it: one notification per release.
    for (const client of znode.watchers) {
      wire.push(leaderId(), client, { type: "watch: NodeDeleted", lock, seq: znode.seq }, () =>
        watchFired(client, lock, znode.seq),
      );
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
        const all = queue.map((z) => z.seq);
        const i = queue.findIndex((z) => z.session === s.id);
        const znode = queue[i];
        if (!znode) return respond({ type: "no node", children: all });
        const predecessor = queue[i - 1];
        if (predecessor)
          return respond({ type: "children", lowest: false, predecessor: predecessor.seq, children: all });
        if (znode.grant === null) {
          znode.grant = world.grantId();
          kernel.log({ kind: "grant", proc: node, client: from, lock, grant: znode.grant, token: znode.seq });
        }
        return respond({ type: "children", lowest: true, seq: znode.seq, grant: znode.grant, children: all });
      }
      case "exists+watch": {
        const predecessor = childrenOf(msg.lock).find((z) => z.seq === msg.seq);
        predecessor?.watchers.push(from);
        return respond(predecessor ? { type: "exists" } : { type: "no node" });
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
        const s: Session = {
          id: r.session,
          connected: true,
          heartbeat: null,
          disconnect: null,
          znodes: new Map(),
          waiting: new Map(),
          looking: new Set(),
        };
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
      for (const waiter of [...s.waiting.values()]) waiter.recheck({ type: "None", state: "SyncConnected" });
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
    for (const waiter of [...s.waiting.values()]) waiter.fail("session-lost");
    s.waiting.clear();
    for (const fail of [...s.looking]) fail("session-lost");
    s.looking.clear();
  }

  /** The recipe's step 2: am I the lowest? If not, watch my predecessor and wait. */
  function checkChildren(
    client: string,
    s: Session,
    lock: string,
    wait: boolean,
    done: (r: AcquireResult) => void,
  ): void {
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
          return done({
            kind: "granted",
            grant: r.grant,
            token: r.seq,
            leaseBasisT: kernel.now,
            leaseMs: readTimeoutMs,
          });
        }
        if (!wait) {
          deleteMine(client, s, lock);
          return done({ kind: "held" });
        }
        s.waiting.set(lock, {
          recheck: () => checkChildren(client, s, lock, wait, done),
          fail: (kind) => done({ kind }),
        });
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

  function watchFired(client: string, lock: string, seq: number): void {
    sessions
      .get(client)
      ?.waiting.get(lock)
      ?.recheck({ type: "NodeDeleted", path: nodePath(lock, seq) });
  }

  function deleteMine(client: string, s: Session, lock: string): void {
    s.waiting.delete(lock);
    if (s.znodes.delete(lock)) wire.tell(client, leaderId(), { type: "delete", lock, session: s.id });
  }

  // ---- a learner's client (lib/sim/code/api.ts): the same library, one call at a time -----

  /** The grant a code client was last told of, per lock: a later answer with the same grant does not start its belief again. */
  const told = new Map<string, number>();

  function codeCalls(calls: CodeCalls): ZooKeeper {
    const { client } = calls;
    const key = (lock: string) => `${client}/${lock}`;
    const text = (value: unknown) => JSON.stringify(value) ?? String(value);
    const sessionExpired = () =>
      Object.assign(new Error("KeeperErrorCode = Session expired"), { name: "SessionExpiredError" });
    const lockOf = (path: string, what: string) => {
      const m = /^\/([^/]+)$/.exec(path);
      if (!m) throw new TypeError(`${what}: a lock's node is one level under the root, such as "/lock"`);
      return m[1]!; // a match has its one group
    };
    const nodeOf = (path: string, what: string) => {
      const m = /^\/([^/]+)\/lock-(\d{10})$/.exec(path);
      if (!m)
        throw new TypeError(
          `${what}: a lock's child is its node, "/lock-" and a 10-digit sequence number, as create answers it (such as "/lock/lock-0000000003")`,
        );
      return { lock: m[1]!, seq: Number(m[2]) }; // a match has both groups
    };
    /** The attempt is over, as the built-in library reports it: no answer, or the session is gone. */
    const failed = (lock: string, what: string, kind: Failure, answer: Answer<never>) => {
      if (kind === "unavailable") {
        calls.unavailable(lock);
        return answer.fail(calls.timeout(what));
      }
      calls.refused(lock, "session-lost");
      answer.fail(sessionExpired());
    };
    return {
      create(path, mode) {
        const what = `zookeeper.create(${text(path)}, ${text(mode)})`;
        const m = /^\/([^/]+)\/lock-$/.exec(String(path));
        if (!m)
          throw new TypeError(
            `${what}: name a lock's children "lock-" under its node: create("/lock/lock-", "EPHEMERAL_SEQUENTIAL")`,
          );
        if (mode !== "EPHEMERAL_SEQUENTIAL") {
          throw new TypeError(
            `${what}: a lock's child is EPHEMERAL_SEQUENTIAL: it goes with your session, and its sequence number orders the queue`,
          );
        }
        const lock = m[1]!; // a match has its one group
        return calls.step<string>(what, (answer) => {
          calls.acquiring(lock);
          // A session found expired before the znode exists is replaced once, as Curator's retry loop does.
          const create = (retry: boolean) =>
            withSession(
              client,
              (s) =>
                call(
                  client,
                  s,
                  { type: "create EPHEMERAL_SEQUENTIAL", lock, session: s.id },
                  (r) => {
                    s.znodes.set(lock, r.seq);
                    answer.ok(nodePath(lock, r.seq));
                  },
                  (kind) => (kind === "session-lost" && retry ? create(false) : failed(lock, what, kind, answer)),
                ),
              (kind) => failed(lock, what, kind, answer),
            );
          create(true);
        });
      },
      getChildren(path) {
        const what = `zookeeper.getChildren(${text(path)})`;
        const lock = lockOf(String(path), what);
        return calls.step<string[]>(what, (answer) => {
          const s = sessions.get(client);
          if (!s) return answer.fail(sessionExpired());
          let settled = false;
          const fail = (kind: Failure) => {
            s.looking.delete(fail);
            if (settled) return;
            settled = true;
            failed(lock, what, kind, answer);
          };
          s.looking.add(fail);
          call(
            client,
            s,
            { type: "getChildren", lock, session: s.id },
            (r) => {
              s.looking.delete(fail);
              if (settled) return;
              settled = true;
              const names = r.children.map(nodeName);
              // The client's own znode is gone (its session expired and was replaced): the attempt is over.
              if (r.type === "no node") {
                if (s.znodes.has(lock)) calls.refused(lock, "session-lost");
              } else if (r.lowest && told.get(key(lock)) !== r.grant) {
                told.set(key(lock), r.grant);
                calls.granted(lock, r.grant, r.seq, { basisT: kernel.now, ms: readTimeoutMs });
              }
              answer.ok(names);
            },
            fail,
          );
        });
      },
      exists(path, watch) {
        const what = `zookeeper.exists(${text(path)}, ${text(watch)})`;
        const { lock, seq } = nodeOf(String(path), what);
        if (watch !== true) throw new TypeError(`${what}: a lock waits on a watch: exists(path, true)`);
        return calls.step<WatchedEvent | null>(what, (answer) => {
          const s = sessions.get(client);
          if (!s) return answer.fail(sessionExpired());
          let settled = false;
          const settle = (then: () => void) => {
            if (s.waiting.get(lock) === waiter) s.waiting.delete(lock);
            s.looking.delete(waiter.fail);
            if (settled) return;
            settled = true;
            then();
          };
          const waiter: Waiter = {
            recheck: (event) => settle(() => answer.ok(event)),
            fail: (kind) => settle(() => failed(lock, what, kind, answer)),
          };
          // Waiting from the send, as the built-in library does: the watch may fire before the answer arrives.
          s.waiting.set(lock, waiter);
          s.looking.add(waiter.fail);
          call(
            client,
            s,
            { type: "exists+watch", lock, seq, session: s.id },
            (e) => e.type === "no node" && settle(() => answer.ok(null)),
            (kind) => settle(() => failed(lock, what, kind, answer)),
          );
        });
      },
      delete(path) {
        const what = `zookeeper.delete(${text(path)})`;
        const { lock, seq } = nodeOf(String(path), what);
        return calls.step<void>(what, (answer) => {
          const s = sessions.get(client);
          const mine = s?.znodes.get(lock);
          if (mine !== undefined && mine !== seq) {
            throw new TypeError(`${what}: your client may delete only its own node, ${nodePath(lock, mine)}`);
          }
          calls.releasing(lock);
          told.delete(key(lock));
          // An expired session's node is already gone: nothing is sent.
          if (s) deleteMine(client, s, lock);
          answer.ok(undefined);
        });
      },
    };
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
      for (const k of [...told.keys()]) if (k.startsWith(`${proc.id}/`)) told.delete(k);
      if (nodeIds.includes(proc.id)) this.onNetworkChange();
    },
    onRestart(proc: Proc) {
      // Members keep their data on disk: a restart loses nothing, and may restore a quorum.
      if (nodeIds.includes(proc.id)) this.onNetworkChange();
    },
    failover() {},
    codeApi: codeCalls,
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
