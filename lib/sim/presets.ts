/**
 * Named scenarios: each failure mode and mitigation of the course, with a title, a one-line
 * description and what to look for. Lessons, quizzes, decks and the lab link to them by id.
 */
import type { Scenario } from "./scenario";

export interface Preset {
  id: string;
  title: string;
  description: string;
  lookFor: string;
  scenario: Scenario;
}

type Part = Omit<Scenario, "version">;
type Fault = NonNullable<Scenario["faults"]>[number];

const twoClients = { count: 2, startMs: [0, 100], workMs: 2000 };
const oneJob = { kind: "counter", jobsPerClient: 1 } as const;
const gcPause: Fault = { kind: "pause", target: "c1", atMs: 1000, forMs: 15000 };
const cronSkew: Part = {
  durationMs: 30000,
  service: { kind: "redis", ttlMs: 5000 },
  clients: { count: 2, workMs: 8000 },
  workload: { kind: "cron", everyMs: 60000, runs: 1 },
  clocks: { per: { c2: { offsetMs: -6000 } } },
};
const cutOffFromEnsemble: Fault[] = ["z1", "z2", "z3"].map((member) => ({ kind: "partition", between: ["c1", member], atMs: 5000, forMs: 20000 }));
const lateWriteThenCrash: Fault[] = [
  { kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 30000 },
  { kind: "crash", target: "c1", atMs: 2500, host: true },
];
const skewedLockTable: Omit<Part, "service"> = {
  clients: { count: 2, startMs: [0, 100], workMs: 15000 },
  workload: oneJob,
  clocks: { per: { c2: { offsetMs: 20000 } } },
};
const outage: Part = {
  durationMs: 100000,
  service: { kind: "redis", ttlMs: 5000 },
  workload: { kind: "cron", everyMs: 10000, runs: 10 },
  faults: [{ kind: "outage", atMs: 9500, forMs: 60000 }],
};

export const presets: Preset[] = [
  {
    id: "gc-pause",
    title: "A GC pause outlives the lease",
    description: "c1 takes a 10 s Redis lock, then a 15 s GC pause freezes it; c2 takes the lock when it expires.",
    lookFor: "c1 wakes at 16 s still believing it holds the lock and overwrites c2's increment: one update is lost.",
    scenario: { version: 1, name: "GC pause, no fencing", service: { kind: "redis", ttlMs: 10000 }, clients: twoClients, workload: oneJob, faults: [gcPause] },
  },
  {
    id: "gc-pause-fenced",
    title: "The same pause, stopped by a fencing token",
    description: "Redis hands out an INCR token with each grant and storage rejects any token lower than one it has seen.",
    lookFor: "c1's late write carries token 1 after storage has seen 2: rejected. c1 retries and nothing is lost.",
    scenario: {
      version: 1, name: "GC pause with fencing", service: { kind: "redis", ttlMs: 10000, tokens: "incr" }, clients: twoClients, workload: oneJob,
      storage: { guard: "fencing" }, faults: [gcPause],
    },
  },
  {
    id: "storage-failover-fenced",
    title: "Fencing is only as durable as the data",
    description: "The GC pause with fencing tokens, but storage fails over to an asynchronous replica (lag 1 s) at 12.5 s, just after accepting c2's write with token 2.",
    lookFor: "The replica never saw c2's write or its token 2: when c1 wakes and writes with token 1, storage has seen no higher token and accepts it. c2's update is lost although every write was fenced; the token check is only as durable as the data it guards.",
    scenario: {
      version: 1, name: "Storage failover under fencing", service: { kind: "redis", ttlMs: 10000, tokens: "incr" }, clients: twoClients, workload: oneJob,
      storage: { guard: "fencing" }, faults: [gcPause, { kind: "storage-failover", atMs: 12500, lagMs: 1000 }],
    },
  },
  {
    id: "check-before-write",
    title: "Checking the lease first does not help",
    description: "c1 checks its lease just before writing, and the pause strikes right after the check.",
    lookFor: "The check passes at 2 s, the write lands at 17 s: the check and the write are not atomic.",
    scenario: {
      version: 1, name: "Check, then pause", service: { kind: "redis", ttlMs: 10000 }, clients: { ...twoClients, checkBeforeWrite: true }, workload: oneJob,
      faults: [{ kind: "pause", target: "c1", atPhase: "before-write", forMs: 15000 }],
    },
  },
  {
    id: "fencing-read-gap",
    title: "Write-only fencing leaves a read-modify-write gap",
    description: "c1's stale write lands after c2 has read the counter but before c2 writes; storage has seen no higher token yet.",
    lookFor: "Storage accepts c1's token 1, then c2's token 2 overwrites it with a value computed from the old read. Turn on fenced reads to close the gap.",
    scenario: {
      version: 1, name: "Read-modify-write gap", service: { kind: "redis", ttlMs: 10000, tokens: "incr" }, clients: twoClients, workload: oneJob,
      storage: { guard: "fencing" }, faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 9800 }],
    },
  },
  {
    id: "redlock-clock-jump",
    title: "Redlock: a node's clock jumps",
    description: "c1 locks r1–r3 (r4 and r5 unreachable); r3's clock jumps 30 s ahead and drops the key; c2 then locks r3–r5.",
    lookFor: "Two holders from 3 s, and Redlock has no token storage could use to tell them apart.",
    scenario: {
      version: 1, name: "Redlock clock jump", service: { kind: "redlock", ttlMs: 10000 }, clients: { count: 2, startMs: [0, 3000], workMs: 8000 }, workload: oneJob,
      faults: [
        { kind: "partition", between: ["c1", "r4"], atMs: 0, forMs: 1000 },
        { kind: "partition", between: ["c1", "r5"], atMs: 0, forMs: 1000 },
        { kind: "clock-jump", target: "r3", atMs: 2000, byMs: 30000 },
      ],
    },
  },
  {
    id: "redlock-pause-during-acquire",
    title: "Redlock: a pause during acquisition is caught",
    description: "c1 sends its SETs, pauses 12 s, and reads the replies after the 10 s TTL has gone.",
    lookFor: "Elapsed time exceeds the TTL, so c1 does not take the lock and unlocks every node: the elapsed check works here.",
    scenario: {
      version: 1, name: "Redlock pause during acquisition", service: { kind: "redlock", ttlMs: 10000 }, clients: twoClients, workload: oneJob,
      faults: [{ kind: "pause", target: "c1", atMs: 1, forMs: 12000 }],
    },
  },
  {
    id: "redis-failover-sentinel",
    title: "Redis failover at Sentinel's pace",
    description: "The primary dies 50 ms after granting c1 a 30 s lock, as in the instant failover, but Sentinel promotes the replica only after down-after-milliseconds (30 s by default) and its election: 31 s later.",
    lookFor: "While the primary is down nobody can take the lock: c2's requests go unanswered. By the promotion at about 31 s c1's 30 s lease would have run out anyway, so the replica's missing key grants c2 nothing early: the double-grant window is what is left of the TTL after the failover, here none.",
    scenario: {
      version: 1, name: "Redis failover, Sentinel's delay", durationMs: 90000, service: { kind: "redis", ttlMs: 30000, replica: { lagMs: 1000 } },
      clients: { count: 2, startMs: [0, 6000], workMs: 10000 }, workload: oneJob, faults: [{ kind: "failover", atMs: 50, promoteAfterMs: 31000 }],
    },
  },
  {
    id: "redis-failover",
    title: "Redis failover loses the lock",
    description: "The primary dies 50 ms after granting c1 the lock, before the key reaches the replica (lag 1 s).",
    lookFor: "The promoted replica never saw the key and grants c2 the lock at 6 s while c1 still works: two holders.",
    scenario: {
      version: 1, name: "Redis failover", service: { kind: "redis", ttlMs: 30000, replica: { lagMs: 1000 } },
      clients: { count: 2, startMs: [0, 6000], workMs: 10000 }, workload: oneJob, faults: [{ kind: "failover", atMs: 50 }],
    },
  },
  {
    id: "incr-token-regression",
    title: "A failover rolls the token counter back",
    description: "INCR tokens with fencing, but the counter lives on the Redis primary and the replica lags 1 s.",
    lookFor: "c2 gets token 1 again after the failover; storage accepts equal tokens, so fencing cannot save c1's increment.",
    scenario: {
      version: 1, name: "Token regression on failover", service: { kind: "redis", ttlMs: 30000, tokens: "incr", replica: { lagMs: 1000 } },
      clients: { count: 2, startMs: [0, 6000], workMs: 10000 }, workload: oneJob, storage: { guard: "fencing" }, faults: [{ kind: "failover", atMs: 50 }],
    },
  },
  {
    id: "cron-double-run",
    title: "A nightly job runs twice",
    description: "An efficiency lock with a 5 s TTL guards an 8 s job, and c2's clock is 6 s behind, so it fires later.",
    lookFor: "c1's lease expires mid-job; c2's run fires at 6 s, finds the lock free and sends the report again.",
    scenario: { version: 1, name: "Cron double run", ...cronSkew },
  },
  {
    id: "cron-idempotency",
    title: "An idempotency key makes the double run harmless",
    description: "The same double run, but the report is sent with the run's id as an idempotency key.",
    lookFor: "c2's second send is a no-op: the effect happens once although the lock failed.",
    scenario: { version: 1, name: "Cron with idempotency key", ...cronSkew, storage: { guard: "idempotency" } },
  },
  {
    id: "no-lock",
    title: "No lock at all",
    description: "Five clients read-modify-write one counter with no lock and no guard.",
    lookFor: "Reads and writes interleave; increments vanish.",
    scenario: { version: 1, name: "No lock, no guard", service: { kind: "none" }, clients: { count: 5, workMs: 2000 }, workload: { kind: "counter", jobsPerClient: 2 } },
  },
  {
    id: "no-lock-cas",
    title: "No lock, compare-and-set instead",
    description: "The same clients, no lock, but each write says which version it read (UPDATE … WHERE version = v).",
    lookFor: "Conflicting writes are rejected and retried; the counter ends exactly at 20.",
    scenario: {
      version: 1, name: "No lock, compare-and-set", durationMs: 120000, service: { kind: "none" }, clients: { count: 5, workMs: [10, 200] },
      workload: { kind: "counter", jobsPerClient: 4 }, storage: { guard: "cas" },
    },
  },
  {
    id: "crash-takeover",
    title: "The holder's host vanishes",
    description: "c1's machine disappears at 5 s while holding a 30 s Redis lock.",
    lookFor: "Nobody can take the lock until it expires near 30 s: the TTL is the price of safety after a crash.",
    scenario: {
      version: 1, name: "Crash and takeover", service: { kind: "redis", ttlMs: 30000 }, clients: { count: 2, startMs: [0, 100], workMs: 10000 }, workload: oneJob,
      faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
    },
  },
  {
    id: "outage-fail-closed",
    title: "Lock service down: fail closed",
    description: "Redis is unreachable for a minute; two workers run a job every 10 s and skip it when they cannot lock.",
    lookFor: "Six runs are missed, none is duplicated.",
    scenario: { version: 1, name: "Outage, fail closed", ...outage, clients: { count: 2, workMs: 1000, onLockUnavailable: "fail-closed" } },
  },
  {
    id: "outage-fail-open",
    title: "Lock service down: fail open",
    description: "The same outage, but the workers run the job anyway when the lock service does not answer.",
    lookFor: "No run is missed, and six are done twice.",
    scenario: { version: 1, name: "Outage, fail open", ...outage, clients: { count: 2, workMs: 1000, onLockUnavailable: "fail-open" } },
  },
  {
    id: "etcd-fenced",
    title: "etcd with revision fencing under random pauses",
    description: "Five clients, an etcd lease lock with a 5 s TTL, random pauses up to 8 s, and storage fencing reads and writes by revision.",
    lookFor: "Clients lose their leases mid-job and write late, yet storage rejects every stale token: safe.",
    scenario: {
      version: 1, name: "etcd, fenced, chaos", durationMs: 120000, service: { kind: "etcd", ttlMs: 5000 }, clients: { count: 5, workMs: [500, 3000] },
      workload: { kind: "counter", jobsPerClient: 3 }, storage: { guard: "fencing", fenceReads: true }, chaos: { pauseEveryMs: 4000, pauseMs: [100, 8000] },
    },
  },
  {
    id: "etcd-pause-unfenced",
    title: "etcd without fencing is no safer",
    description: "The GC pause again, now with an etcd lease: consensus does not help a paused client that writes without a token check.",
    lookFor: "etcd revokes c1's lease on time and grants c2, but c1's late write still lands.",
    scenario: { version: 1, name: "etcd, pause, no fencing", service: { kind: "etcd", ttlMs: 10000 }, clients: twoClients, workload: oneJob, faults: [gcPause] },
  },
  {
    id: "ttl-shorter-than-work",
    title: "TTL shorter than the work",
    description: "A 5 s lease guards 8 s of work with no renewal.",
    lookFor: "c1's own timer tells it the lease ended at 5 s, but nothing stops its work: its write at 8 s is stale, and c2's write, computed from an older read, loses c1's increment — with no fault at all.",
    scenario: { version: 1, name: "TTL shorter than work", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 2, startMs: [0, 100], workMs: 8000 }, workload: oneJob },
  },
  {
    id: "ttl-renewed",
    title: "Renewing a short lease",
    description: "The same 5 s lease and 8 s job, renewed every 1.5 s with compare-and-pexpire.",
    lookFor: "Renewals keep the lease ahead of the work: no overlap.",
    scenario: {
      version: 1, name: "Renewed lease", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 2, startMs: [0, 100], workMs: 8000, renewEveryMs: 1500 }, workload: oneJob,
    },
  },
  {
    id: "delete-release",
    title: "Releasing with a plain DEL",
    description: "A 5 s lease, 8 s of work, three clients, and a release that deletes the key without checking its value.",
    lookFor: "At 8 s c1's DEL removes c2's key, so c3 gets the lock while c2 is still working: two holders, caused by the release alone.",
    scenario: {
      version: 1, name: "Plain DEL release", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 3, startMs: [0, 100, 5600], workMs: 8000, release: "delete" }, workload: oneJob,
    },
  },
  {
    id: "redis-clock-jump",
    title: "The Redis node's clock jumps forward",
    description: "Redis judges expiry by its wall clock; an NTP step of +8 s at 3 s expires c1's key early.",
    lookFor: "c2 takes the lock at about 3 s while c1's own clock still says it has 7 s left.",
    scenario: {
      version: 1, name: "Redis clock jump", service: { kind: "redis", ttlMs: 10000 }, clients: { count: 2, startMs: [0, 100], workMs: 6000 }, workload: oneJob,
      faults: [{ kind: "clock-jump", target: "redis", atMs: 3000, byMs: 8000 }],
    },
  },
  {
    id: "client-clock-jump",
    title: "The client's wall clock jumps back",
    description: "c1 times its 5 s lease on its wall clock and checks it before writing; a 3 s pause delays its work, and an NTP step moves its clock 8 s back.",
    lookFor: "At 7 s c1's clock reads −1 s, so its check passes two seconds after the lease expired, and c2's increment is lost. Switch the lease clock to monotonic and the check catches it.",
    scenario: {
      version: 1, name: "Client clock jump", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 2, startMs: [0, 100], workMs: 4000, checkBeforeWrite: true }, workload: oneJob,
      faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 3000 }, { kind: "clock-jump", target: "c1", atMs: 3000, byMs: -8000 }],
    },
  },
  {
    id: "redlock-restart",
    title: "Redlock: a node restarts without persistence",
    description: "c1 holds r1–r3; r3 crashes and restarts empty at once, so c2 can lock r3–r5.",
    lookFor: "Two holders. Set a restart delay longer than the TTL and c2 gets only two votes.",
    scenario: {
      version: 1, name: "Redlock node restart", service: { kind: "redlock", ttlMs: 10000 }, clients: { count: 2, startMs: [0, 3000], workMs: 8000 }, workload: oneJob,
      faults: [
        { kind: "partition", between: ["c1", "r4"], atMs: 0, forMs: 1000 },
        { kind: "partition", between: ["c1", "r5"], atMs: 0, forMs: 1000 },
        { kind: "crash", target: "r3", atMs: 2000, restartAfterMs: 100 },
      ],
    },
  },
  {
    id: "redlock-restart-delayed",
    title: "Redlock: restart delayed past the TTL",
    description: "The same restart, but r3 stays down for longer than the TTL, as the Redlock description asks.",
    lookFor: "c2 reaches only r4 and r5 while c1 holds the lock: no overlap.",
    scenario: {
      version: 1, name: "Redlock delayed restart", service: { kind: "redlock", ttlMs: 10000, restartDelayMs: 11000 },
      clients: { count: 2, startMs: [0, 3000], workMs: 8000 }, workload: oneJob,
      faults: [
        { kind: "partition", between: ["c1", "r4"], atMs: 0, forMs: 1000 },
        { kind: "partition", between: ["c1", "r5"], atMs: 0, forMs: 1000 },
        { kind: "crash", target: "r3", atMs: 2000, restartAfterMs: 100 },
      ],
    },
  },
  {
    id: "etcd-crash-takeover",
    title: "etcd: the holder crashes",
    description: "c1 holds an etcd lock with a 10 s lease and its host vanishes at 5 s; c2 waits in the queue.",
    lookFor: "Keep-alives stop; the leader revokes the lease within a sweep of its expiry and c2's watch wakes it.",
    scenario: {
      version: 1, name: "etcd crash takeover", service: { kind: "etcd", ttlMs: 10000 }, clients: { count: 2, startMs: [0, 100], workMs: 10000 }, workload: oneJob,
      faults: [{ kind: "crash", target: "c1", atMs: 5000, host: true }],
    },
  },
  {
    id: "delayed-write",
    title: "A write delayed in the network for 90 s",
    description: "c1's write to storage is held up 90 s (a real incident), and c1 crashes; c2 takes over the etcd lock and writes.",
    lookFor: "The old write arrives long after c2's and is rejected by its revision. A lock-delay of 60 s would not have covered it.",
    scenario: {
      version: 1, name: "Delayed write, fenced", durationMs: 120000, service: { kind: "etcd", ttlMs: 10000 }, clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      workload: oneJob, storage: { guard: "fencing" },
      faults: [{ kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 90000 }, { kind: "crash", target: "c1", atMs: 2500, host: true }],
    },
  },
  {
    id: "etcd-quorum-loss",
    title: "etcd loses its quorum",
    description: "Two of three etcd members crash at 5 s; nothing can commit, so lock requests time out.",
    lookFor: "Failing closed, clients wait rather than run unprotected; no lease expires early. c1's release at 5.1 s never commits, and locking resumes only at 21 s: the new leader elected at 16 s gives c1's lease a fresh TTL.",
    scenario: {
      version: 1, name: "etcd quorum loss", durationMs: 30000, service: { kind: "etcd", ttlMs: 5000 }, clients: { count: 2, workMs: 1000 },
      workload: { kind: "counter", jobsPerClient: 5 }, storage: { guard: "fencing" },
      faults: [{ kind: "crash", target: "e2", atMs: 5000, restartAfterMs: 10000 }, { kind: "crash", target: "e3", atMs: 5000, restartAfterMs: 10000 }],
    },
  },
  {
    id: "chaos-default",
    title: "Five clients under random pauses",
    description: "The default sweep scenario: five clients, a 5 s Redis lease, random pauses, no fencing.",
    lookFor: "Some seeds lose updates, some do not: the failure map shows how often.",
    scenario: {
      version: 1, name: "Five clients, chaos", durationMs: 60000, service: { kind: "redis", ttlMs: 5000 }, clients: { count: 5, workMs: [500, 3000] },
      workload: { kind: "counter", jobsPerClient: 3 }, chaos: { pauseEveryMs: 8000, pauseMs: [100, 8000] },
    },
  },
  {
    id: "zk-partition",
    title: "ZooKeeper: the holder is cut off from the ensemble",
    description: "c1 holds a ZooKeeper lock (session timeout 10 s), checks it before writing, and is partitioned from all three members at 5 s, in the middle of 12 s of work.",
    lookFor: "Hearing nothing for ⅔ of the timeout, c1 sees Disconnected at about 10 s: its belief ends there and its check aborts the write. The ensemble expires c1's session 10 s after its last heartbeat, at about 13 s, and only then wakes c2: no overlap. c1 learns Expired when the partition heals.",
    scenario: {
      version: 1, name: "ZooKeeper partition", service: { kind: "zookeeper", sessionTimeoutMs: 10000 },
      clients: { count: 2, startMs: [0, 100], workMs: 12000, checkBeforeWrite: true }, workload: oneJob, faults: cutOffFromEnsemble,
    },
  },
  {
    id: "zk-pause-fenced",
    title: "ZooKeeper: a paused holder, stopped by the sequence number",
    description: "c1 holds a ZooKeeper lock (session timeout 10 s) when a 20 s GC pause freezes it at 5 s; storage fences writes by the znode's sequence number.",
    lookFor: "The ensemble expires c1's session at about 13 s and c2's watch wakes it. Frozen, c1 noticed neither Disconnected nor Expired: it believes it holds the lock until it resumes at 25 s, then writes with token 0 after storage has seen 1 — rejected.",
    scenario: {
      version: 1, name: "ZooKeeper pause, fenced", service: { kind: "zookeeper", sessionTimeoutMs: 10000 }, clients: { count: 2, startMs: [0, 100], workMs: 8000 },
      workload: oneJob, storage: { guard: "fencing" }, faults: [{ kind: "pause", target: "c1", atMs: 5000, forMs: 20000 }],
    },
  },
  {
    id: "chubby-lock-delay",
    title: "Chubby's lock-delay covers a late write",
    description: "c1's write is held up 30 s in the network and c1's host vanishes at 2.5 s. Its Chubby session expires at 12 s, and the master keeps the lock from everyone for the 60 s lock-delay.",
    lookFor: "c1's stale write lands at 32 s while nobody holds the lock; c2 gets the lock at 72 s, reads that write and builds on it: nothing lost, at the price of a lock idle for a minute. A write delayed longer than the lock-delay (90 s, say) would land on top of c2's: only a sequencer check at storage covers any delay.",
    scenario: {
      version: 1, name: "Chubby lock-delay", durationMs: 90000, service: { kind: "chubby" }, clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      workload: oneJob, faults: lateWriteThenCrash,
    },
  },
  {
    id: "chubby-no-lock-delay",
    title: "Chubby without lock-delay",
    description: "The same late write from a failed holder, with lockDelayMs 0: the lock is free the moment c1's session expires.",
    lookFor: "c2 takes the lock at 12 s and writes at 14 s; c1's write, computed from the old value, lands at 32 s and wipes out c2's increment. Lock-delay guesses how late a write can be; a sequencer check does not have to guess.",
    scenario: {
      version: 1, name: "Chubby, no lock-delay", durationMs: 90000, service: { kind: "chubby", lockDelayMs: 0 }, clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      workload: oneJob, faults: lateWriteThenCrash,
    },
  },
  {
    id: "chubby-partition",
    title: "Chubby: the holder is cut off from the master",
    description: "c1 holds a Chubby lock, checks it before writing, and is partitioned from the master at 5 s, in the middle of 30 s of work.",
    lookFor: "c1's own copy of the lease, timed from when it sent its last answered KeepAlive, runs out at about 16 s, a moment before the master's: it is in jeopardy and stops acting as the holder, so its check aborts the write at 30 s. The master cannot tell a cut-off holder from a dead one, so it expires the session and applies the 60 s lock-delay: c2 waits until 76 s. c1 learns its session expired when the 45 s grace period ends, at 61 s.",
    scenario: {
      version: 1, name: "Chubby, holder cut off", durationMs: 120000, service: { kind: "chubby" }, clients: { count: 2, startMs: [0, 100], workMs: 30000, checkBeforeWrite: true },
      workload: oneJob, faults: [{ kind: "partition", between: ["c1", "chubby"], atMs: 5000, forMs: 60000 }],
    },
  },
  {
    id: "pg-advisory-pause",
    title: "A Postgres advisory lock survives a pause",
    description: "c1 takes pg_try_advisory_lock and a 15 s GC pause freezes it mid-job; c2 keeps trying.",
    lookFor: "The lock has no TTL and the TCP session stays up (the kernel answers for the paused process), so c2 is refused until c1 resumes, writes and unlocks at 17 s: no overlap. The price: had c1's host vanished instead, everyone would wait for TCP keepalive, about two hours.",
    scenario: {
      version: 1, name: "Postgres advisory lock, pause", service: { kind: "postgres", mode: "advisory" }, clients: twoClients, workload: oneJob, faults: [gcPause],
    },
  },
  {
    id: "pg-lock-table-skew",
    title: "A lock table on client clocks breaks under skew",
    description: "A lock-table row with a 30 s TTL whose expires_at is written and compared on the clients' own wall clocks; c2's clock runs 20 s ahead of c1's.",
    lookFor: "At 10 s c2's clock reads 30 s, so c2 sees c1's row as expired and takes it over while c1 is still working: two holders, and c2's write loses c1's increment. Tokens jump from 1 to 50 because every refused attempt consumed a sequence value.",
    scenario: { version: 1, name: "Lock table, client clocks", service: { kind: "postgres", mode: "lock-table", expiryClock: "client" }, ...skewedLockTable },
  },
  {
    id: "pg-lock-table-db-clock",
    title: "The same lock table on the database's clock",
    description: "The same skewed clients, but expires_at is set and compared with the database's now().",
    lookFor: "One clock judges every row, so c2's skew does not matter: c2 gets the row only after c1 deletes it at 15 s. No overlap.",
    scenario: { version: 1, name: "Lock table, database clock", service: { kind: "postgres", mode: "lock-table", expiryClock: "db" }, ...skewedLockTable },
  },
  {
    id: "pg-for-update",
    title: "SELECT … FOR UPDATE: lock and data in one transaction",
    description: "c1 locks the row FOR UPDATE in the transaction that will write the counter; its write is held up 30 s in the network and its process crashes at 2.5 s. Storage has no guard at all.",
    lookFor: "The crash resets c1's connection: its transaction rolls back and the row is free at once, so c2 takes it at about 2.6 s. When c1's write arrives at 32 s its transaction no longer exists, so it cannot commit: rejected, nothing lost, and no token needed.",
    scenario: {
      version: 1, name: "Postgres FOR UPDATE", service: { kind: "postgres", mode: "for-update" }, clients: { count: 2, startMs: [0, 100], workMs: 2000 },
      workload: oneJob, faults: [{ kind: "delay", from: "c1", to: "storage", atMs: 1000, byMs: 30000 }, { kind: "crash", target: "c1", atMs: 2500 }],
    },
  },
  {
    id: "k8s-paused-leader",
    title: "Kubernetes: a paused leader keeps leading",
    description: "c1 leads through a Lease (LeaseDuration 15 s, RenewDeadline 10 s, RetryPeriod 2 s) when a GC pause freezes it from 1 s to 20 s.",
    lookFor: "c2 waits LeaseDuration from when it first saw the Lease and takes over at about 18 s with leaseTransitions 1. Frozen, c1 never noticed it stopped renewing. On resuming at 20 s client-go starts a new renewal round, which would run out only at 30 s: c1 still leads by its library's account when it writes, at about 23 s, a value computed before the pause, and c2's update is lost. Fencing by leaseTransitions would reject c1's token 0.",
    scenario: {
      version: 1, name: "Kubernetes paused leader", service: { kind: "kubernetes" }, clients: { count: 2, startMs: [0, 100], workMs: 4000 }, workload: oneJob,
      faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 19000 }],
    },
  },
  {
    id: "k8s-partitioned-leader",
    title: "Kubernetes: a partitioned leader steps down in time",
    description: "c1 leads through a Lease and is cut off from the API server at 1 s, in the middle of 14 s of work; it checks it still leads before writing.",
    lookFor: "c1 cannot renew and stops leading at about 12 s: client-go waits RetryPeriod after its last successful renewal, then retries for RenewDeadline. Its check then aborts its write. c2 takes over only once LeaseDuration has passed since it last saw the Lease change, at about 17 s: no overlap.",
    scenario: {
      version: 1, name: "Kubernetes partitioned leader", service: { kind: "kubernetes" }, clients: { count: 2, startMs: [0, 100], workMs: 14000, checkBeforeWrite: true },
      workload: oneJob, faults: [{ kind: "partition", between: ["c1", "k8s"], atMs: 1000, forMs: 20000 }],
    },
  },
  {
    id: "k8s-controller-exits",
    title: "Kubernetes: a controller that exits when it stops leading",
    description: "c1 leads through a Lease and is cut off from the API server at 1 s, in the middle of 20 s of work; like a controller that exits in OnStoppedLeading, it drops its job the moment client-go says it stopped leading.",
    lookFor: "c1 stops leading at about 12 s and drops its job there and then, before writing; c2 takes over only after LeaseDuration has passed since it last saw the Lease change, at about 18 s, and its update is the only one. Switch the toggle to carry on and c1's stale write lands at about 20 s, while c2 works: an update is lost.",
    scenario: {
      version: 1, name: "Kubernetes controller exits", service: { kind: "kubernetes" }, clients: { count: 2, startMs: [0, 100], workMs: 20000, onLockLost: "abort" },
      workload: oneJob, faults: [{ kind: "partition", between: ["c1", "k8s"], atMs: 1000, forMs: 20000 }],
    },
  },
  {
    id: "k8s-notice-too-late",
    title: "Kubernetes: the notice comes too late",
    description: "The same controller that exits in OnStoppedLeading, frozen by a GC pause from 1 s to 20 s.",
    lookFor: "c2 takes over at about 18 s. On resuming, c1's library starts a new renewal round and would tell it that it stopped leading only at about 30 s: c1 writes first, at about 23 s, and c2's update is lost. A notice is not a fence: leaseTransitions as a token would reject c1's write.",
    scenario: {
      version: 1, name: "Kubernetes notice too late", service: { kind: "kubernetes" }, clients: { count: 2, startMs: [0, 100], workMs: 4000, onLockLost: "abort" }, workload: oneJob,
      faults: [{ kind: "pause", target: "c1", atMs: 1000, forMs: 19000 }],
    },
  },
  {
    id: "traffic-1x",
    title: "One lock at everyday load",
    description: "Eight workers take jobs at 4 per second, each job holding one Redis lock for about 50 ms.",
    lookFor: "Acquiring takes a few milliseconds, nobody waits for a worker, and the lock service is almost idle.",
    scenario: {
      version: 1, name: "Traffic 1×", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 8, workMs: 50 },
      workload: { kind: "stream", ratePerSec: 4 },
    },
  },
  {
    id: "traffic-10x",
    title: "The same lock at ten times the load",
    description: "The traffic-1x system at 40 jobs per second: every job still needs the one lock.",
    lookFor: "Throughput stops near 15 jobs/s while the backlog grows into the thousands and p99 acquire latency reaches seconds — yet Redis is under 1 % busy: the hot lock, not the service, saturates first.",
    scenario: {
      version: 1, name: "Traffic 10×", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 8, workMs: 50 },
      workload: { kind: "stream", ratePerSec: 40 },
    },
  },
  {
    id: "hot-key",
    title: "One hot key among sixteen",
    description: "40 jobs per second spread over 16 keys, each with its own lock, but 90 % of them are for key 0.",
    lookFor: "Key 0's lock saturates and its jobs queue for seconds while the other fifteen locks sit idle: more locks do not help a skewed load.",
    scenario: {
      version: 1, name: "Hot key", service: { kind: "redis", ttlMs: 5000 }, clients: { count: 8, workMs: 50 },
      workload: { kind: "stream", ratePerSec: 40, keys: 16, hotKeyShare: 0.9 },
    },
  },
  {
    id: "partitioned-owner",
    title: "A single owner per key, no lock at all",
    description: "40 jobs per second over 16 keys, and key k always goes to worker k mod 8; there is no lock service.",
    lookFor: "No update is lost, because one worker does all of a key's jobs one after another, and no job waits for a lock.",
    scenario: {
      version: 1, name: "Partitioned owner", service: { kind: "none" }, clients: { count: 8, workMs: 50 },
      workload: { kind: "stream", ratePerSec: 40, keys: 16, routing: "owner" },
    },
  },
  {
    id: "service-saturated",
    title: "A Kubernetes Lease as a per-job lock",
    description: "200 jobs per second over 1,024 keys, each job taking and releasing a Lease through an API server that serves 500 requests per second.",
    lookFor: "The API server is busy 99 % of the time, requests queue, throughput falls below the arrival rate and the backlog grows. Double its capacity and the p99 latency drops.",
    scenario: {
      version: 1, name: "API server saturated", service: { kind: "kubernetes" }, clients: { count: 64, workMs: 50 },
      workload: { kind: "stream", ratePerSec: 200, keys: 1024 },
    },
  },
];

const byId = new Map(presets.map((p) => [p.id, p]));

export function presetById(id: string): Preset | undefined {
  return byId.get(id);
}
