/**
 * Kubernetes leader election (client-go tools/leaderelection) over a Lease object on the API
 * server, which changes only by compare-and-swap on its resourceVersion. A candidate reads the
 * Lease every RetryPeriod × U[1, 2.2] (client-go's jitter) and takes it over once LeaseDuration
 * has passed since it last *observed* the record change (its first read counts as a change),
 * timed on its own monotonic clock: offsets do not matter, drift does. The leader renews as
 * client-go's renew() does (kubernetes/client-go tools/leaderelection/leaderelection.go: a
 * wait.Until loop with period RetryPeriod around a PollImmediateUntil / PollUntilContextTimeout
 * that retries every RetryPeriod under a RenewDeadline timeout): it renews at once on taking the
 * lock, and after each successful renewal waits RetryPeriod, then tries every RetryPeriod for up
 * to RenewDeadline; it stops leading when that window passes without success, so a leader cut off
 * just after renewing stops about RetryPeriod + RenewDeadline after that renewal. A paused leader
 * notices nothing until it resumes and keeps acting as leader meanwhile. The
 * token is leaseTransitions, +1 on each change of holder (client-go offers no fencing; the epoch
 * is what one can use). Release clears holderIdentity, as client-go's ReleaseOnCancel does. The
 * API server enforces nothing: from its view a grant lasts until the Lease names another holder,
 * or until LeaseDuration has passed since the holder's last successful renewal by its own clock.
 */
import type { Proc, Timer } from "../kernel";
import type { LeaseEndReason } from "../events";
import type { AcquireResult, LockService, RenewResult, ServiceSetup } from "./types";
import { clockAfter, clockReading, type ClockReading } from "../clock";

type KubernetesSpec = Extract<ServiceSetup["scenario"]["service"], { kind: "kubernetes" }>;

const API = "k8s";
/** client-go's wait.JitterUntil factor: a candidate waits RetryPeriod × U[1, 1 + 1.2] between tries. */
const JITTER = 1.2;
/** client-go's release sets leaseDurationSeconds to 1. */
const RELEASED_LEASE_MS = 1000;

interface LeaseRecord {
  holderIdentity: string;
  leaseDurationMs: number;
  leaseTransitions: number;
  resourceVersion: number;
}

/** The API server's view of one holder's tenure, for the checker (it enforces nothing). */
interface Tenure {
  grant: number;
  client: string;
  /** leaseTransitions when the tenure began: its fencing token. */
  token: number;
  live: boolean;
  /** The last successful renewal, as a reading of the API server's monotonic clock. */
  renewedAt: ClockReading;
}

interface Lease {
  record: LeaseRecord;
  tenure: Tenure | null;
}

interface Leadership {
  grant: number;
  renew: Timer | null;
  stop: Timer | null;
  /** A renewal is in flight; a release waits for it, as client-go renews and releases in turn. */
  renewing: boolean;
  afterRenewal: (() => void) | null;
}

/** One client's LeaderElector for one lock. */
interface Elector {
  observed: LeaseRecord | null;
  /** Reading of the candidate's monotonic clock when it last saw the record change. */
  observedAt: number;
  leading: Leadership | null;
}

/** What a Lease write carries: the record without the version the API server assigns. */
type LeaseFields = Omit<LeaseRecord, "resourceVersion">;

/**
 * The coordination.k8s.io Lease calls client-go's leader election makes, and the API server's
 * answers. A successful write answers with the tenure's grant, null only when the write cleared
 * the holder (a release, which is told and never answered).
 */
type KubernetesProtocol = {
  "GET Lease": { request: { lock: string }; reply: { type: "200 OK"; record: LeaseRecord } | { type: "404 NotFound" } };
  "CREATE Lease": {
    request: { lock: string; record: LeaseFields; resourceVersion: number | null };
    reply: { type: "201 Created"; record: LeaseRecord; grant: number | null } | { type: "409 AlreadyExists" };
  };
  "UPDATE Lease": {
    request: { lock: string; record: LeaseFields; resourceVersion: number | null };
    reply: { type: "200 OK"; record: LeaseRecord; grant: number | null } | { type: "409 Conflict" };
  };
};

type Attempt = { ok: true; grant: number; token: number } | { ok: false; kind: "held" | "unavailable" };

export function createKubernetes({ world, notices }: ServiceSetup, spec: KubernetesSpec): LockService {
  const { kernel } = world;
  const api = kernel.proc(API);
  let resourceVersion = 0;
  const leases = new Map<string, Lease>();
  const electors = new Map<string, Elector>();
  const key = (client: string, lock: string) => `${client}/${lock}`;

  // ---- the API server ---------------------------------------------------------------------

  function endTenure(lock: string, t: Tenure, reason: LeaseEndReason): void {
    t.live = false;
    kernel.log({ kind: "lease-end", proc: API, client: t.client, lock, grant: t.grant, token: t.token, reason });
  }

  function armExpiry(lock: string, lease: Lease, t: Tenure): void {
    const at = t.renewedAt;
    kernel.timerAt(api, "monotonic", clockAfter(at, lease.record.leaseDurationMs), () => {
      if (t.live && t.renewedAt === at) endTenure(lock, t, "expired");
    });
  }

  /** A successful write: who holds the Lease now, and since when by the API server's clock; its grant, or null if nobody holds it. */
  function written(lock: string, lease: Lease): number | null {
    const { holderIdentity, leaseTransitions } = lease.record;
    let t = lease.tenure;
    if (t?.live && t.client !== holderIdentity) endTenure(lock, t, holderIdentity === "" ? "released" : "taken-over");
    if (holderIdentity === "") {
      lease.tenure = null;
      return null;
    }
    // The same holder renewing a Lease that had already lapsed starts a new tenure, with the same epoch.
    if (!t || !t.live || t.client !== holderIdentity) {
      t = lease.tenure = {
        grant: world.grantId(),
        client: holderIdentity,
        token: leaseTransitions,
        live: true,
        renewedAt: clockReading(0),
      };
      kernel.log({ kind: "grant", proc: API, client: holderIdentity, lock, grant: t.grant, token: t.token });
    }
    t.renewedAt = api.clock.mono(kernel.now);
    armExpiry(lock, lease, t);
    return t.grant;
  }

  const wire = world.wire<KubernetesProtocol>();
  wire.serve([API], spec.capacityOpsPerSec, (_node, _from, msg, respond) => {
    const lock = msg.lock;
    const lease = leases.get(lock);
    switch (msg.type) {
      case "GET Lease":
        return respond(lease ? { type: "200 OK", record: { ...lease.record } } : { type: "404 NotFound" });
      case "CREATE Lease": {
        if (lease) return respond({ type: "409 AlreadyExists" });
        const created: Lease = { record: { ...msg.record, resourceVersion: ++resourceVersion }, tenure: null };
        leases.set(lock, created);
        const grant = written(lock, created);
        return respond({ type: "201 Created", record: { ...created.record }, grant });
      }
      case "UPDATE Lease": {
        if (!lease || lease.record.resourceVersion !== msg.resourceVersion) return respond({ type: "409 Conflict" });
        lease.record = { ...msg.record, resourceVersion: ++resourceVersion };
        const grant = written(lock, lease);
        return respond({ type: "200 OK", record: { ...lease.record }, grant });
      }
    }
  });

  // ---- the client library (LeaderElector) -------------------------------------------------

  function elector(client: string, lock: string): Elector {
    let e = electors.get(key(client, lock));
    if (!e) electors.set(key(client, lock), (e = { observed: null, observedAt: 0, leading: null }));
    return e;
  }

  /** client-go's tryAcquireOrRenew: read the Lease, then write it if it is mine or has lapsed. */
  function tryAcquireOrRenew(
    client: string,
    lock: string,
    e: Elector,
    still: () => boolean,
    then: (a: Attempt) => void,
  ): void {
    const proc = kernel.proc(client);
    const write = (type: "CREATE Lease" | "UPDATE Lease", record: LeaseFields, rv: number | null) => {
      wire.request(
        client,
        API,
        { type, lock, record, resourceVersion: rv },
        {
          reply: (r) => {
            // This write names the client as holder, so a successful one always carries a grant.
            if ((r.type !== "200 OK" && r.type !== "201 Created") || r.grant === null)
              return then({ ok: false, kind: "held" });
            e.observed = r.record;
            e.observedAt = proc.clock.mono(kernel.now);
            then({ ok: true, grant: r.grant, token: e.observed.leaseTransitions });
          },
          timeout: () => then({ ok: false, kind: "unavailable" }),
        },
      );
    };
    wire.request(
      client,
      API,
      { type: "GET Lease", lock },
      {
        reply: (r) => {
          if (!still()) return then({ ok: false, kind: "held" });
          const mine = { holderIdentity: client, leaseDurationMs: spec.leaseDurationMs };
          if (r.type === "404 NotFound") return write("CREATE Lease", { ...mine, leaseTransitions: 0 }, null);
          const record = r.record;
          const now = proc.clock.mono(kernel.now);
          if (e.observed?.resourceVersion !== record.resourceVersion) {
            e.observed = record;
            e.observedAt = now;
          }
          const held = record.holderIdentity !== "" && record.holderIdentity !== client;
          if (held && now < e.observedAt + record.leaseDurationMs) return then({ ok: false, kind: "held" });
          const leaseTransitions =
            record.holderIdentity === client ? record.leaseTransitions : record.leaseTransitions + 1;
          write("UPDATE Lease", { ...mine, leaseTransitions }, record.resourceVersion);
        },
        timeout: () => then({ ok: false, kind: "unavailable" }),
      },
    );
  }

  function lead(client: string, lock: string, e: Elector, won: Extract<Attempt, { ok: true }>): void {
    const l: Leadership = { grant: won.grant, renew: null, stop: null, renewing: false, afterRenewal: null };
    e.leading = l;
    // renew() starts its first round at once, right after acquire() returns.
    renewalRound(client, lock, e, l);
  }

  /**
   * One round of client-go's renew loop: try now, then every RetryPeriod, until a renewal
   * succeeds (the next round starts RetryPeriod later) or RenewDeadline has passed since the round
   * began, on the leader's own clock (then it stops leading).
   */
  function renewalRound(client: string, lock: string, e: Elector, l: Leadership): void {
    const proc = kernel.proc(client);
    l.stop = kernel.timerAt(proc, "monotonic", clockAfter(proc.clock.mono(kernel.now), spec.renewDeadlineMs), () => {
      if (e.leading !== l) return;
      e.leading = null;
      l.renew?.cancel();
      kernel.log({ kind: "session", proc: client, client, state: "stopped-leading" });
      notices.lockLost(client, lock);
    });
    tryRenewal(client, lock, e, l);
  }

  function tryRenewal(client: string, lock: string, e: Elector, l: Leadership): void {
    const proc = kernel.proc(client);
    l.renewing = true;
    tryAcquireOrRenew(
      client,
      lock,
      e,
      () => e.leading === l,
      (a) => {
        l.renewing = false;
        if (e.leading === l) {
          if (a.ok) {
            l.stop?.cancel();
            l.renew = kernel.sleep(proc, spec.retryPeriodMs, () => e.leading === l && renewalRound(client, lock, e, l));
          } else
            l.renew = kernel.sleep(proc, spec.retryPeriodMs, () => e.leading === l && tryRenewal(client, lock, e, l));
        }
        const next = l.afterRenewal;
        l.afterRenewal = null;
        next?.();
      },
    );
  }

  /** client-go's release: only a client that still sees itself as holder clears the Lease, by CAS. */
  function sendRelease(client: string, lock: string, e: Elector): void {
    const observed = e.observed;
    if (observed?.holderIdentity !== client) return;
    const record = {
      holderIdentity: "",
      leaseDurationMs: RELEASED_LEASE_MS,
      leaseTransitions: observed.leaseTransitions,
    };
    wire.tell(client, API, { type: "UPDATE Lease", lock, record, resourceVersion: observed.resourceVersion });
  }

  return {
    nodeIds: [API],
    renewsItself: true,
    acquire(client, lock, wait, done: (r: AcquireResult) => void) {
      const e = elector(client, lock);
      const proc = kernel.proc(client);
      const attempt = () =>
        tryAcquireOrRenew(
          client,
          lock,
          e,
          () => true,
          (a) => {
            if (a.ok) {
              lead(client, lock, e, a);
              // The controller keeps no deadline of its own: it leads until OnStoppedLeading (the notice).
              return done({ kind: "granted", grant: a.grant, token: a.token, leaseBasisT: kernel.now, leaseMs: null });
            }
            // A candidate keeps polling while someone else leads; a cron run tries once.
            if (a.kind === "held" && wait)
              kernel.sleep(proc, spec.retryPeriodMs * world.rng.uniform(1, 1 + JITTER), attempt);
            else done({ kind: a.kind });
          },
        );
      attempt();
    },
    renew(_client, _lock, done: (r: RenewResult) => void) {
      done({ kind: "refused" });
    },
    release(client, lock) {
      const e = electors.get(key(client, lock));
      if (!e) return;
      const l = e.leading;
      e.leading = null;
      l?.renew?.cancel();
      l?.stop?.cancel();
      if (l?.renewing) l.afterRenewal = () => sendRelease(client, lock, e);
      else sendRelease(client, lock, e);
    },
    finish() {},
    onCrash(proc: Proc) {
      for (const k of [...electors.keys()]) if (k.startsWith(`${proc.id}/`)) electors.delete(k);
    },
    onRestart(proc: Proc) {
      // The Lease lives in etcd: a restarted API server still knows it, and each tenure's expiry.
      if (proc.id !== API) return;
      for (const [lock, lease] of leases) if (lease.tenure?.live) armExpiry(lock, lease, lease.tenure);
    },
    failover() {},
    onNetworkChange() {},
  };
}
