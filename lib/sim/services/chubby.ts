/**
 * Chubby's locks (OSDI'06 §2.4, §2.8). A client holds its locks in a session, a lease it extends by
 * a KeepAlive every leaseMs / 3; the master expires the session leaseMs after the last KeepAlive it
 * received, and every lock the session held goes with it. The client keeps its own, conservative
 * copy of the lease, measured from when it *sent* the KeepAlive: when that runs out the session is
 * in jeopardy and the holder's belief ends; if the master does not answer within the grace period
 * the library declares the session expired. A lock's sequencer carries its generation, +1 with each
 * acquisition. When a holder *fails* (its session expires) the master keeps the lock from everyone
 * for lockDelayMs — a mitigation for a failed holder's late writes, not fencing — but not after a
 * clean release. Acquire is TryAcquire: a busy lock is refused at once and the client retries.
 * The master's state lives in its replicated database, so a master restart loses no session or
 * lock, and gives every session a fresh lease as a Chubby master fail-over does.
 */
import type { Proc, Timer } from "../kernel";
import type { LeaseEndReason } from "../events";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import { clockAfter } from "../clock";

type ChubbySpec = Extract<ServiceSetup["scenario"]["service"], { kind: "chubby" }>;

/** What a Chubby client library asks the master, and its answers; every call but the first names the session. */
type ChubbyProtocol = {
  CreateSession: { request: object; reply: { type: "session created"; session: number } };
  KeepAlive: {
    request: { session: number };
    reply: { type: "session expired" } | { type: "KeepAlive ok"; leaseMs: number };
  };
  TryAcquire: {
    request: { lock: string; session: number };
    reply:
      | { type: "session expired" }
      | { type: "acquired"; grant: number; generation: number }
      | { type: "busy: held" }
      | { type: "busy: lock-delay" };
  };
  Release: { request: { lock: string; session: number }; reply: never };
  CloseSession: { request: { session: number }; reply: never };
};

const MASTER = "chubby";

/** A session as the master tracks it. */
interface MasterSession {
  id: number;
  client: string;
  /** Lease timeout as a reading of the master's monotonic clock. */
  expiresAt: number;
}

interface ChubbyLock {
  holder: { session: number; client: string; grant: number } | null;
  /** The sequencer's generation: how many times the lock has been acquired. */
  generation: number;
  /** Lock-delay: nobody may acquire before the master's monotonic clock reads this. */
  delayUntil: number;
}

/** A session as the client library sees it. */
interface Session {
  id: number;
  /** True time the last answered KeepAlive (or the session's creation) was sent. */
  basisT: number;
  inJeopardy: boolean;
  /** The locks this client holds in the session, as its library remembers them. */
  locks: Set<string>;
  /** Calls the library holds back while the session is in jeopardy. */
  heldCalls: (() => void)[];
  keepAlive: Timer | null;
  jeopardy: Timer | null;
  grace: Timer | null;
}

export function createChubby({ world, notices }: ServiceSetup, spec: ChubbySpec): LockService {
  const { kernel } = world;
  const master = kernel.proc(MASTER);
  const masterClock = () => master.clock.mono(kernel.now);
  let nextSession = 1;
  const masterSessions = new Map<number, MasterSession>();
  const locks = new Map<string, ChubbyLock>();
  const sessions = new Map<string, Session>();

  // ---- the master -------------------------------------------------------------------------

  function lockOf(name: string): ChubbyLock {
    let lock = locks.get(name);
    if (!lock) locks.set(name, (lock = { holder: null, generation: 0, delayUntil: -Infinity }));
    return lock;
  }

  function extend(s: MasterSession): void {
    const at = clockAfter(masterClock(), spec.leaseMs);
    s.expiresAt = at;
    kernel.timerAt(master, "monotonic", at, () => {
      if (masterSessions.get(s.id) === s && s.expiresAt === at) endSession(s, "expired");
    });
  }

  /** Frees the session's locks; only a failed holder (an expired session) leaves a lock-delay behind. */
  function endSession(s: MasterSession, reason: LeaseEndReason): void {
    masterSessions.delete(s.id);
    if (reason === "expired") kernel.log({ kind: "session", proc: MASTER, client: s.client, state: "expired" });
    for (const [name, lock] of locks) if (lock.holder?.session === s.id) free(name, lock, reason);
  }

  function free(name: string, lock: ChubbyLock, reason: LeaseEndReason): void {
    const holder = lock.holder;
    if (!holder) return;
    lock.holder = null;
    kernel.log({
      kind: "lease-end",
      proc: MASTER,
      client: holder.client,
      lock: name,
      grant: holder.grant,
      token: lock.generation,
      reason,
    });
    if (reason !== "expired" || spec.lockDelayMs === 0) return;
    lock.delayUntil = masterClock() + spec.lockDelayMs;
    const untilT = master.clock.trueTimeOf("monotonic", lock.delayUntil, kernel.now);
    kernel.log({ kind: "lock-delay", proc: MASTER, client: holder.client, lock: name, untilT });
  }

  const wire = world.wire<ChubbyProtocol>();
  wire.serve([MASTER], spec.capacityOpsPerSec, (_node, from, msg, respond) => {
    if (msg.type === "CreateSession") {
      const s: MasterSession = { id: nextSession++, client: from, expiresAt: 0 };
      masterSessions.set(s.id, s);
      extend(s);
      return respond({ type: "session created", session: s.id });
    }
    const s = masterSessions.get(msg.session);
    if (!s) return respond({ type: "session expired" });
    switch (msg.type) {
      case "KeepAlive":
        extend(s);
        return respond({ type: "KeepAlive ok", leaseMs: spec.leaseMs });
      case "TryAcquire": {
        const name = msg.lock;
        const lock = lockOf(name);
        if (lock.holder?.session === s.id)
          return respond({ type: "acquired", grant: lock.holder.grant, generation: lock.generation });
        if (lock.holder) return respond({ type: "busy: held" });
        if (masterClock() < lock.delayUntil) return respond({ type: "busy: lock-delay" });
        lock.generation++;
        lock.holder = { session: s.id, client: from, grant: world.grantId() };
        kernel.log({
          kind: "grant",
          proc: MASTER,
          client: from,
          lock: name,
          grant: lock.holder.grant,
          token: lock.generation,
        });
        return respond({ type: "acquired", grant: lock.holder.grant, generation: lock.generation });
      }
      case "Release": {
        const name = msg.lock;
        const lock = lockOf(name);
        if (lock.holder?.session === s.id) free(name, lock, "released");
        return;
      }
      case "CloseSession":
        return endSession(s, "released");
    }
  });

  // ---- the client library -----------------------------------------------------------------

  function withSession(client: string, then: (s: Session) => void, unavailable: () => void): void {
    const existing = sessions.get(client);
    if (existing) return then(existing);
    const sentT = kernel.now;
    wire.request(
      client,
      MASTER,
      { type: "CreateSession" },
      {
        reply: (r) => {
          const s: Session = {
            id: r.session,
            basisT: sentT,
            inJeopardy: false,
            locks: new Set(),
            heldCalls: [],
            keepAlive: null,
            jeopardy: null,
            grace: null,
          };
          sessions.set(client, s);
          armJeopardy(client, s);
          keepAlive(client, s);
          then(s);
        },
        timeout: unavailable,
      },
    );
  }

  function keepAlive(client: string, s: Session): void {
    s.keepAlive = kernel.sleep(kernel.proc(client), spec.leaseMs / 3, () => {
      if (sessions.get(client) !== s) return;
      const sentT = kernel.now;
      wire.request(
        client,
        MASTER,
        { type: "KeepAlive", session: s.id },
        {
          reply: (r) => {
            if (sessions.get(client) !== s) return;
            if (r.type === "session expired") return expired(client, s);
            extended(client, s, sentT);
          },
          timeout: () => {},
        },
      );
      keepAlive(client, s);
    });
  }

  function extended(client: string, s: Session, sentT: number): void {
    s.basisT = sentT;
    armJeopardy(client, s);
    if (s.inJeopardy) {
      s.inJeopardy = false;
      s.grace?.cancel();
      kernel.log({ kind: "session", proc: client, client, state: "safe" });
      runHeldCalls(s);
    }
    notices.leaseExtended(client, sentT, spec.leaseMs);
  }

  /** The local lease runs leaseMs from the send of the last answered KeepAlive. */
  function armJeopardy(client: string, s: Session): void {
    const proc = kernel.proc(client);
    s.jeopardy?.cancel();
    s.jeopardy = kernel.timerAt(proc, "monotonic", clockAfter(proc.clock.mono(s.basisT), spec.leaseMs), () => {
      if (sessions.get(client) !== s) return;
      s.inJeopardy = true;
      kernel.log({ kind: "session", proc: client, client, state: "jeopardy" });
      for (const lock of s.locks) notices.lockLost(client, lock);
      s.grace = kernel.sleep(proc, spec.graceMs, () => expired(client, s));
    });
  }

  function expired(client: string, s: Session): void {
    if (sessions.get(client) !== s) return;
    sessions.delete(client);
    s.keepAlive?.cancel();
    s.jeopardy?.cancel();
    s.grace?.cancel();
    kernel.log({ kind: "session", proc: client, client, state: "expired" });
    for (const lock of s.locks) notices.lockLost(client, lock);
    runHeldCalls(s);
  }

  function runHeldCalls(s: Session): void {
    const calls = s.heldCalls;
    s.heldCalls = [];
    for (const call of calls) call();
  }

  return {
    nodeIds: [MASTER],
    renewsItself: true,
    acquire(client, lock, _wait, done: (r: AcquireResult) => void) {
      const unavailable = () => done({ kind: "unavailable" });
      // A session found expired is replaced once: the library opens a new one and tries again.
      const tryAcquire = (retry: boolean): void =>
        withSession(
          client,
          (s) => {
            // In jeopardy the library holds the call until the session is safe again or expired.
            if (s.inJeopardy) {
              s.heldCalls.push(() => tryAcquire(retry));
              return;
            }
            wire.request(
              client,
              MASTER,
              { type: "TryAcquire", lock, session: s.id },
              {
                reply: (r) => {
                  if (r.type === "session expired") {
                    expired(client, s);
                    return retry ? tryAcquire(false) : done({ kind: "session-lost" });
                  }
                  if (r.type !== "acquired") return done({ kind: "held" });
                  s.locks.add(lock);
                  done({
                    kind: "granted",
                    grant: r.grant,
                    token: r.generation,
                    leaseBasisT: s.basisT,
                    leaseMs: spec.leaseMs,
                  });
                },
                timeout: unavailable,
              },
            );
          },
          unavailable,
        );
      tryAcquire(true);
    },
    renew(_client, _lock, done: (r: RenewResult) => void) {
      done({ kind: "refused" });
    },
    release(client, lock) {
      const s = sessions.get(client);
      if (s?.locks.delete(lock)) wire.tell(client, MASTER, { type: "Release", lock, session: s.id });
    },
    finish(client) {
      const s = sessions.get(client);
      if (!s) return;
      sessions.delete(client);
      s.keepAlive?.cancel();
      s.jeopardy?.cancel();
      s.grace?.cancel();
      wire.tell(client, MASTER, { type: "CloseSession", session: s.id });
    },
    onCrash(proc: Proc) {
      // The master learns of a failed client only when its session lease runs out.
      sessions.delete(proc.id);
    },
    onRestart(proc: Proc) {
      // The new master assumes the longest lease its predecessor may have granted: a fresh one each.
      if (proc.id === MASTER) for (const s of masterSessions.values()) extend(s);
    },
    failover() {},
    onNetworkChange() {},
  };
}
