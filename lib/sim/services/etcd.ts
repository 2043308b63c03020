/**
 * etcd's lease-based mutex (client/v3/concurrency). A client's session is a lease kept alive by
 * KeepAlive every TTL/3. To lock, it puts a key under the lock's prefix, attached to its lease; the
 * key with the lowest create revision holds the lock, and each waiter watches only the key just
 * before its own (no herd). The token is the holder's create revision: global, strictly increasing,
 * not consecutive. The leader judges expiry on its monotonic clock and revokes expired leases in
 * a sweep every 500 ms; a leader change refreshes every lease (expiry can come late, never early).
 * Without a quorum nothing commits, so clients time out.
 */
import type { Proc } from "../kernel";
import type { LeaseEndReason } from "../events";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import { clockReading } from "../clock";
import { serviceNodeIds } from "../scenario";
import type { CodeCalls } from "../code/calls";
import type { Etcd, KeepAlive } from "../code/api";

type EtcdSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "etcd" }>;

/**
 * The RPCs of etcd's concurrency package (a session's lease, the mutex's key), and their answers.
 * `ownerGrant` is the grant when the client's key is first in the lock's queue, else null (it waits);
 * `ownerRevision` is the create revision of the key first in the queue (the mutex's getOwner), and
 * `put` says whether the transaction's put ran (its key was absent).
 */
type EtcdProtocol = {
  LeaseGrant: { request: { ttlMs: number }; reply: { type: "LeaseGrant ok"; lease: number; ttlMs: number } };
  KeepAlive: { request: { lease: number }; reply: { type: "KeepAlive ok" | "lease not found"; ttlMs: number } };
  LeaseRevoke: { request: { lease: number }; reply: never };
  "Txn put if absent": {
    request: { lock: string; lease: number; tryOnly: boolean };
    reply:
      | { type: "lease not found" }
      | { type: "locked by another session" }
      | { type: "put ok"; ownerGrant: number | null; createRevision: number; ownerRevision: number; put: boolean };
  };
  "Get owner": {
    request: { lock: string; lease: number };
    reply:
      | { type: "key gone" }
      | { type: "owner?"; ownerGrant: number | null; createRevision: number; ownerRevision: number };
  };
  "Delete key": { request: { lock: string; lease: number }; reply: { type: "deleted" } };
};

/** What the leader pushes to a waiter: its watch on the key before its own saw the key go. */
type EtcdWatch = { type: "watch: predecessor deleted"; lock: string };

const SWEEP_MS = 500;
const UNLOCK_TRIES = 3;

interface Lease {
  id: number;
  client: string;
  /** The TTL it was granted: what the client asked, raised to etcd's minimum. */
  ttlMs: number;
  /** Expiry as a reading of the leader's monotonic clock. */
  expiresAt: number;
  keys: Set<string>;
}

interface LockKey {
  lock: string;
  client: string;
  lease: number;
  createRevision: number;
  /** Set once the key's owner has been told it holds the lock. */
  grant: number | null;
}

interface Session {
  lease: number;
  ttlMs: number;
  /** True time the last KeepAlive that was answered (or the grant) was sent. */
  basisT: number;
  keepAlive: { cancel(): void } | null;
}

export function createEtcd({ world, notices }: ServiceSetup, spec: EtcdSpec): LockService {
  const { kernel } = world;
  const ttl = spec.ttlMs;
  const nodeIds = serviceNodeIds(spec);
  const majority = Math.floor(spec.members / 2) + 1;
  /** etcd's minimum lease TTL, 1.5 × the election timeout rounded up to a second (the scenario raises `ttlMs` to it too). */
  const minTtlMs = Math.ceil((1.5 * spec.electionTimeoutMs) / 1000) * 1000;
  let leader: string | null = "e1";
  let term = 1;
  let electionPending = false;
  let revision = 1;
  let nextLease = 1;
  const leases = new Map<number, Lease>();
  /** Keys per lock, in create-revision order: the first holds the lock. */
  const queues = new Map<string, LockKey[]>();
  const sessions = new Map<string, Session>();
  const ownKey = new Map<string, LockKey>();
  const waiting = new Map<string, (r: AcquireResult) => void>();
  const k = (client: string, lock: string) => `${client}/${lock}`;

  const leaderProc = () => kernel.proc(leader ?? "e1");
  const reachable = (id: string) => !kernel.proc(id).crashed;
  /** Members the leader can talk to, itself included (counted in a loop: every request asks). */
  const quorumOf = (candidate: string) => {
    let members = 0;
    for (const id of nodeIds)
      if (reachable(id) && (id === candidate || !world.network.blocked(candidate, id))) members++;
    return members;
  };
  const hasQuorum = () => leader !== null && reachable(leader) && quorumOf(leader) >= majority;

  function scheduleExpiry(lease: Lease): void {
    const tick = clockReading(Math.ceil(lease.expiresAt / SWEEP_MS) * SWEEP_MS);
    const at = lease.expiresAt;
    const holder = leader;
    if (!holder) return;
    kernel.timerAt(kernel.proc(holder), "monotonic", tick, () => {
      if (leases.get(lease.id) !== lease || lease.expiresAt !== at || leader !== holder || !hasQuorum()) return;
      revokeLease(lease, "expired");
    });
  }

  function refresh(lease: Lease): void {
    lease.expiresAt = leaderProc().clock.mono(kernel.now) + lease.ttlMs;
    scheduleExpiry(lease);
  }

  function revokeLease(lease: Lease, reason: LeaseEndReason): void {
    leases.delete(lease.id);
    for (const lock of [...lease.keys]) deleteKey(lock, lease.id, reason);
  }

  /** Deletes the key `pfx/<lease>`: a key belongs to a session's lease, not to a client. */
  function deleteKey(lock: string, lease: number, reason: LeaseEndReason): void {
    const queue = queues.get(lock) ?? [];
    const i = queue.findIndex((key) => key.lease === lease);
    const [key] = i < 0 ? [] : queue.splice(i, 1);
    if (!key) return;
    revision++;
    leases.get(key.lease)?.keys.delete(lock);
    if (key.grant !== null) {
      kernel.log({
        kind: "lease-end",
        proc: leader ?? "e1",
        client: key.client,
        lock,
        grant: key.grant,
        token: key.createRevision,
        reason,
      });
    }
    // The watch on this key wakes only the waiter right after it.
    const next = queue[i];
    if (next)
      wire.push(leader ?? "e1", next.client, { type: "watch: predecessor deleted", lock }, () =>
        checkOwner(next.client, lock),
      );
  }

  /** The key's grant if it is first in its lock's queue (granting it the first time), else null. */
  function ownerGrant(key: LockKey): number | null {
    const queue = queues.get(key.lock) ?? [];
    if (queue[0] !== key) return null;
    if (key.grant === null) {
      key.grant = world.grantId();
      kernel.log({
        kind: "grant",
        proc: leader ?? "e1",
        client: key.client,
        lock: key.lock,
        grant: key.grant,
        token: key.createRevision,
      });
    }
    return key.grant;
  }

  const wire = world.wire<EtcdProtocol, EtcdWatch>();
  wire.serve(nodeIds, spec.capacityOpsPerSec, (node, from, msg, respond) => {
    if (node !== leader || !hasQuorum()) return;
    switch (msg.type) {
      case "LeaseGrant": {
        const lease: Lease = {
          id: nextLease++,
          client: from,
          ttlMs: Math.max(msg.ttlMs, minTtlMs),
          expiresAt: 0,
          keys: new Set(),
        };
        leases.set(lease.id, lease);
        refresh(lease);
        return respond({ type: "LeaseGrant ok", lease: lease.id, ttlMs: lease.ttlMs });
      }
      case "KeepAlive": {
        const lease = leases.get(msg.lease);
        if (lease) refresh(lease);
        return respond({ type: lease ? "KeepAlive ok" : "lease not found", ttlMs: lease ? lease.ttlMs : -1 });
      }
      case "LeaseRevoke": {
        const lease = leases.get(msg.lease);
        if (lease) revokeLease(lease, "revoked");
        return;
      }
      case "Txn put if absent": {
        const lease = leases.get(msg.lease);
        if (!lease) return respond({ type: "lease not found" });
        const lock = msg.lock;
        const queue = queues.get(lock) ?? [];
        queues.set(lock, queue);
        let key = queue.find((q) => q.lease === lease.id);
        const put = !key;
        if (!key) {
          key = { lock, client: from, lease: lease.id, createRevision: ++revision, grant: null };
          queue.push(key);
          lease.keys.add(lock);
        }
        if (msg.tryOnly && queue[0] !== key) {
          deleteKey(lock, lease.id, "released");
          return respond({ type: "locked by another session" });
        }
        // The queue holds this key, so it has a first.
        return respond({
          type: "put ok",
          ownerGrant: ownerGrant(key),
          createRevision: key.createRevision,
          ownerRevision: queue[0]!.createRevision,
          put,
        });
      }
      case "Get owner": {
        const queue = queues.get(msg.lock) ?? [];
        const key = queue.find((q) => q.lease === msg.lease);
        if (!key) return respond({ type: "key gone" });
        return respond({
          type: "owner?",
          ownerGrant: ownerGrant(key),
          createRevision: key.createRevision,
          ownerRevision: queue[0]!.createRevision,
        });
      }
      case "Delete key":
        deleteKey(msg.lock, msg.lease, "released");
        return respond({ type: "deleted" });
    }
  });

  // ---- the client library (concurrency.Session and Mutex) --------------------------------

  function withSession(client: string, then: (s: Session) => void, unavailable: () => void): void {
    const existing = sessions.get(client);
    if (existing) return then(existing);
    const sentT = kernel.now;
    wire.request(
      client,
      leader ?? "e1",
      { type: "LeaseGrant", ttlMs: ttl },
      {
        reply: (r) => {
          const session: Session = { lease: r.lease, ttlMs: r.ttlMs, basisT: sentT, keepAlive: null };
          sessions.set(client, session);
          keepAlive(client, session);
          then(session);
        },
        timeout: unavailable,
      },
    );
  }

  function keepAlive(client: string, session: Session): void {
    const proc = kernel.proc(client);
    session.keepAlive = kernel.sleep(proc, session.ttlMs / 3, () => {
      if (sessions.get(client) !== session) return;
      const sentT = kernel.now;
      wire.request(
        client,
        leader ?? "e1",
        { type: "KeepAlive", lease: session.lease },
        {
          reply: (r) => {
            if (sessions.get(client) !== session) return;
            if (r.type !== "KeepAlive ok") return sessionLost(client);
            session.basisT = sentT;
            notices.leaseExtended(client, sentT, session.ttlMs);
            // A watch stream resumes from its revision after a lost message; re-checking ownership
            // with each KeepAlive stands for that, so a waiter never sleeps through its turn.
            const prefix = `${client}/`;
            for (const key of waiting.keys()) if (key.startsWith(prefix)) checkOwner(client, key.slice(prefix.length));
          },
          // With no KeepAlive answered for a whole TTL, the client library declares the session
          // done (the server may still hold the lease; a new session then queues behind its key).
          timeout: () => {
            if (
              sessions.get(client) === session &&
              proc.clock.mono(kernel.now) - proc.clock.mono(session.basisT) >= session.ttlMs
            )
              sessionLost(client);
          },
        },
      );
      keepAlive(client, session);
    });
  }

  function sessionLost(client: string): void {
    const session = sessions.get(client);
    session?.keepAlive?.cancel();
    sessions.delete(client);
    for (const key of [...ownKey.keys()]) if (key.startsWith(`${client}/`)) ownKey.delete(key);
    // A Lock() call still waiting on its watch fails with the session; the client tries again.
    for (const [key, done] of [...waiting]) {
      if (!key.startsWith(`${client}/`)) continue;
      waiting.delete(key);
      done({ kind: "session-lost" });
    }
    notices.lockLost(client, "lock");
  }

  function checkOwner(client: string, lock: string): void {
    const done = waiting.get(k(client, lock));
    const mine = ownKey.get(k(client, lock));
    if (!done || !mine) return;
    wire.request(
      client,
      leader ?? "e1",
      { type: "Get owner", lock, lease: mine.lease },
      {
        reply: (r) => {
          if (waiting.get(k(client, lock)) !== done) return;
          if (r.type === "key gone") return sessionLost(client);
          if (r.ownerGrant !== null) granted(client, lock, r.ownerGrant, r.createRevision, done);
        },
        timeout: () => {},
      },
    );
  }

  function granted(client: string, lock: string, grant: number, token: number, done: (r: AcquireResult) => void): void {
    waiting.delete(k(client, lock));
    const session = sessions.get(client);
    done({ kind: "granted", grant, token, leaseBasisT: session?.basisT ?? kernel.now, leaseMs: session?.ttlMs ?? ttl });
  }

  /** Unlock is an RPC: the client retries it when no answer comes, as a gRPC call would. */
  function unlock(client: string, lock: string, lease: number, triesLeft: number): void {
    wire.request(
      client,
      leader ?? "e1",
      { type: "Delete key", lock, lease },
      {
        reply: () => {},
        timeout: () => {
          if (triesLeft > 1 && sessions.has(client)) unlock(client, lock, lease, triesLeft - 1);
        },
      },
    );
  }

  // ---- a learner's client (lib/sim/code/api.ts): the same library, one call at a time -----

  /** The lab's etcd guards one lock, "lock": a lease is granted to take it, so its grant opens the attempt, as Lock() does. */
  const LAB_LOCK = "lock";
  /** Which client each lease was granted to, as the code client's calls asked for them. */
  const leaseHolder = new Map<number, string>();
  /** The grant a code client was last told of, per lock: a later answer with the same grant does not start its belief again. */
  const told = new Map<string, number>();

  function codeCalls(calls: CodeCalls): Etcd {
    const { client } = calls;
    const text = (value: unknown) => JSON.stringify(value) ?? String(value);
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    const leaseNotFound = () => named("LeaseNotFoundError", "etcdserver: requested lease not found");
    const sessionExpired = () => named("SessionExpiredError", "mutex: session is expired");
    const keyOf = (prefix: string, lease: number) => `${prefix}/${lease.toString(16)}`;
    const parseKey = (key: string, call: string) => {
      const i = key.lastIndexOf("/");
      if (i <= 0 || !/^[0-9a-f]+$/.test(key.slice(i + 1))) {
        throw new TypeError(
          `${call}: a lock's key is its prefix, "/" and the lease id in hex, as etcd.txn answers it (such as "lock/1")`,
        );
      }
      return { lock: key.slice(0, i), lease: parseInt(key.slice(i + 1), 16) };
    };
    const grantedTo = (lock: string, grant: number, token: number) => {
      if (told.get(k(client, lock)) === grant) return;
      told.set(k(client, lock), grant);
      const session = sessions.get(client);
      calls.granted(lock, grant, token, { basisT: session?.basisT ?? kernel.now, ms: session?.ttlMs ?? ttl });
    };
    return {
      lease: {
        grant(ttlMs) {
          const call = `etcd.lease.grant(${text(ttlMs)})`;
          const asked = Number(ttlMs);
          if (!Number.isFinite(asked) || asked <= 0)
            throw new RangeError(`${call}: a lease needs a TTL in milliseconds above 0; it was given ${text(ttlMs)}`);
          return calls.step(call, (answer) => {
            calls.acquiring(LAB_LOCK);
            const sentT = kernel.now;
            wire.request(
              client,
              leader ?? "e1",
              { type: "LeaseGrant", ttlMs: asked },
              {
                reply: (r) => {
                  // One lease at a time, as one concurrency.Session: a new grant stops keeping the old one alive.
                  sessions.get(client)?.keepAlive?.cancel();
                  sessions.set(client, { lease: r.lease, ttlMs: r.ttlMs, basisT: sentT, keepAlive: null });
                  leaseHolder.set(r.lease, client);
                  answer.ok({ ID: r.lease, TTL: r.ttlMs });
                },
                timeout: () => {
                  calls.unavailable(LAB_LOCK);
                  answer.fail(calls.timeout(call));
                },
              },
            );
          });
        },
        keepAlive(id) {
          return calls.step<KeepAlive>(`etcd.lease.keepAlive(${text(id)})`, (answer) => {
            const session = sessions.get(client);
            if (!session || session.lease !== Number(id)) return answer.fail(leaseNotFound());
            if (!session.keepAlive) keepAlive(client, session);
            answer.ok({
              get closed() {
                return sessions.get(client) !== session;
              },
            });
          });
        },
        revoke(id) {
          return calls.step(`etcd.lease.revoke(${text(id)})`, (answer) => {
            const lease = Number(id);
            const session = sessions.get(client);
            if (session?.lease === lease) {
              session.keepAlive?.cancel();
              sessions.delete(client);
            }
            // Its keys go with it: a lock held under it is released.
            for (const [key, mine] of [...ownKey]) {
              if (mine.client !== client || mine.lease !== lease) continue;
              calls.releasing(mine.lock);
              ownKey.delete(key);
              waiting.delete(key);
              told.delete(key);
            }
            wire.tell(client, leader ?? "e1", { type: "LeaseRevoke", lease });
            answer.ok(undefined);
          });
        },
      },
      txn(prefix, lease) {
        const call = `etcd.txn(${text(prefix)}, ${text(lease)})`;
        const lock = String(prefix);
        const id = Number(lease);
        return calls.step(call, (answer) => {
          calls.acquiring(lock);
          wire.request(
            client,
            leader ?? "e1",
            { type: "Txn put if absent", lock, lease: id, tryOnly: false },
            {
              reply: (r) => {
                if (r.type !== "put ok") {
                  if (sessions.get(client)?.lease === id) sessionLost(client);
                  calls.refused(lock, "session-lost");
                  return answer.fail(leaseNotFound());
                }
                ownKey.set(k(client, lock), { lock, client, lease: id, createRevision: r.createRevision, grant: null });
                if (r.ownerGrant !== null) grantedTo(lock, r.ownerGrant, r.createRevision);
                answer.ok({
                  succeeded: r.put,
                  key: keyOf(lock, id),
                  createRevision: r.createRevision,
                  ownerCreateRevision: r.ownerRevision,
                });
              },
              timeout: () => {
                calls.unavailable(lock);
                answer.fail(calls.timeout(call));
              },
            },
          );
        });
      },
      waitDeletes(prefix, maxCreateRevision) {
        const call = `etcd.waitDeletes(${text(prefix)}, ${text(maxCreateRevision)})`;
        const lock = String(prefix);
        return calls.step<number>(call, (answer) => {
          const mine = ownKey.get(k(client, lock));
          if (!mine) return answer.fail(sessionExpired());
          if (Number(maxCreateRevision) !== mine.createRevision - 1) {
            throw new RangeError(
              `${call}: wait for the keys created before yours, as Mutex.Lock does: your key's create revision − 1 (${mine.createRevision - 1})`,
            );
          }
          // The library's own waiter: woken by the watch on the key before this one, and after each KeepAlive answered.
          waiting.set(k(client, lock), (r) => {
            if (r.kind === "granted") {
              grantedTo(lock, r.grant, r.token ?? mine.createRevision);
              return answer.ok(r.token ?? mine.createRevision);
            }
            calls.refused(lock, "session-lost");
            answer.fail(sessionExpired());
          });
        });
      },
      delete(key) {
        const call = `etcd.delete(${text(key)})`;
        const { lock, lease } = parseKey(String(key), call);
        return calls.step(call, (answer) => {
          if (leaseHolder.get(lease) === client) {
            calls.releasing(lock);
            told.delete(k(client, lock));
            waiting.delete(k(client, lock));
            const mine = ownKey.get(k(client, lock));
            // A key that went with its session's lease is not there to delete: nothing is sent.
            if (mine?.lease === lease) {
              ownKey.delete(k(client, lock));
              unlock(client, lock, lease, UNLOCK_TRIES);
            }
          } else {
            unlock(client, lock, lease, UNLOCK_TRIES);
          }
          answer.ok(undefined);
        });
      },
    };
  }

  return {
    nodeIds,
    renewsItself: true,
    acquire(client, lock, wait, done: (r: AcquireResult) => void) {
      const unavailable = () => done({ kind: "unavailable" });
      withSession(
        client,
        (session) => {
          wire.request(
            client,
            leader ?? "e1",
            { type: "Txn put if absent", lock, lease: session.lease, tryOnly: !wait },
            {
              reply: (r) => {
                if (r.type === "lease not found") {
                  sessionLost(client);
                  return done({ kind: "session-lost" });
                }
                if (r.type === "locked by another session") return done({ kind: "held" });
                ownKey.set(k(client, lock), {
                  lock,
                  client,
                  lease: session.lease,
                  createRevision: r.createRevision,
                  grant: null,
                });
                if (r.ownerGrant !== null) return granted(client, lock, r.ownerGrant, r.createRevision, done);
                waiting.set(k(client, lock), done);
              },
              timeout: unavailable,
            },
          );
        },
        unavailable,
      );
    },
    renew(_client, _lock, done: (r: RenewResult) => void) {
      done({ kind: "refused" });
    },
    release(client, lock) {
      waiting.delete(k(client, lock));
      const mine = ownKey.get(k(client, lock));
      if (!mine) return;
      ownKey.delete(k(client, lock));
      unlock(client, lock, mine.lease, UNLOCK_TRIES);
    },
    finish(client) {
      const session = sessions.get(client);
      if (!session) return;
      session.keepAlive?.cancel();
      sessions.delete(client);
      wire.tell(client, leader ?? "e1", { type: "LeaseRevoke", lease: session.lease });
    },
    onCrash(proc: Proc) {
      if (proc.id.startsWith("c")) {
        sessions.delete(proc.id);
        for (const key of [...told.keys()]) if (key.startsWith(`${proc.id}/`)) told.delete(key);
        for (const key of [...ownKey.keys()]) if (key.startsWith(`${proc.id}/`)) ownKey.delete(key);
        for (const key of [...waiting.keys()]) if (key.startsWith(`${proc.id}/`)) waiting.delete(key);
      } else this.onNetworkChange();
    },
    onRestart(proc: Proc) {
      // Members keep their Raft log on disk: a restart loses nothing, it may restore a quorum.
      if (!proc.id.startsWith("c")) this.onNetworkChange();
    },
    failover() {},
    codeApi: codeCalls,
    onNetworkChange() {
      if (hasQuorum() || electionPending) return;
      electionPending = true;
      kernel.at(kernel.now + spec.electionTimeoutMs, () => {
        electionPending = false;
        if (hasQuorum()) return;
        const candidate = nodeIds.find((id) => reachable(id) && quorumOf(id) >= majority);
        if (!candidate) {
          leader = null;
          return;
        }
        leader = candidate;
        term++;
        kernel.log({ kind: "leader-change", proc: candidate, term });
        for (const lease of leases.values()) refresh(lease);
      });
    },
  };
}
