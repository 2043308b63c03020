/**
 * A client: a state machine that runs its workload's jobs (acquire → read → work → check → write →
 * release) on its own clocks. Its *belief* that it holds the lock starts when it learns of a grant
 * and ends when it handles the end: its lease-deadline timer (late, if it was paused), a refused
 * renewal, a lost-session notice, its release or its crash. It never sees true time.
 */
import type { Proc, Timer } from "./kernel";
import type { BeliefEndReason } from "./events";
import type { FaultSpec } from "./scenario";
import type { AcquireResult, LockService } from "./services/types";
import type { World } from "./world";

export const LOCK = "lock";
const COUNTER_KEY = "counter";

type PhasePause = Extract<FaultSpec, { kind: "pause" }> & { atPhase: "holding" | "before-write" };

interface Hold {
  grant: number | null;
  token: number | null;
  /** Lease deadline on the client's lease clock, or null when the lease has no expiry. */
  deadline: number | null;
  believing: boolean;
  deadlineTimer: Timer | null;
  renewTimer: Timer | null;
  acquiredLocal: number;
}

export interface Client {
  readonly id: string;
  start(): void;
  onCrash(): void;
  onRestart(): void;
  leaseExtended(basisT: number, leaseMs: number): void;
  lockLost(): void;
}

export function createClient(
  world: World,
  service: LockService | null,
  id: string,
  startMs: number,
  phasePauses: PhasePause[],
): Client {
  const { kernel, scenario } = world;
  const opts = scenario.clients;
  const proc: Proc = kernel.proc(id);
  const guard = scenario.storage;
  let hold: Hold | null = null;
  let attemptStartT = 0;
  let jobsDone = 0;
  /** Bumped on crash so callbacks from a previous life do nothing. */
  let life = 0;
  const cronQueue: number[] = [];
  let cronBusy = false;
  const pendingPauses = [...phasePauses];

  const leaseReading = (t = kernel.now) => proc.clock.read(opts.leaseClock, t);
  const alive = (at: number) => () => life === at && !proc.crashed;
  const retryDelay = () => world.rng.uniform(opts.retryDelayMs[0], opts.retryDelayMs[1]);
  const workTime = () => (typeof opts.workMs === "number" ? opts.workMs : world.rng.int(opts.workMs[0], opts.workMs[1]));

  function phasePause(phase: PhasePause["atPhase"], then: () => void): void {
    const i = pendingPauses.findIndex((p) => p.atPhase === phase && (p.atMs ?? 0) <= kernel.now);
    if (i < 0) return then();
    const [pause] = pendingPauses.splice(i, 1);
    kernel.pause(proc, pause.forMs, "gc", then);
  }

  function setDeadline(h: Hold, basisT: number, leaseMs: number | null): void {
    h.deadlineTimer?.cancel();
    h.deadlineTimer = null;
    if (leaseMs === null) {
      h.deadline = null;
      return;
    }
    h.deadline = leaseReading(basisT) + leaseMs - opts.safetyMarginMs;
    h.deadlineTimer = kernel.timerAt(proc, opts.leaseClock, h.deadline, () => endBelief("lease-deadline"));
  }

  function believe(grant: number | null, token: number | null, basisT: number, leaseMs: number | null): void {
    const h: Hold = { grant, token, deadline: null, believing: true, deadlineTimer: null, renewTimer: null, acquiredLocal: leaseReading() };
    hold = h;
    setDeadline(h, basisT, leaseMs);
    kernel.log({ kind: "belief-start", proc: id, lock: LOCK, grant, token, latencyMs: kernel.now - attemptStartT, leaseDeadline: h.deadline });
    if (service && grant !== null && opts.renewEveryMs !== null && !service.renewsItself) scheduleRenewal(h, opts.renewEveryMs);
  }

  function scheduleRenewal(h: Hold, every: number): void {
    const at = life;
    h.renewTimer = kernel.sleep(proc, every, () => {
      if (!h.believing || !service) return;
      service.renew(id, LOCK, (r) => {
        if (!alive(at)() || !h.believing) return;
        kernel.log({ kind: "renew", proc: id, lock: LOCK, ok: r.kind === "renewed" });
        if (r.kind === "renewed") setDeadline(h, r.leaseBasisT, r.leaseMs);
        if (r.kind === "refused") return endBelief("renewal-refused");
        scheduleRenewal(h, every);
      });
    });
  }

  function endBelief(reason: BeliefEndReason): void {
    const h = hold;
    if (!h || !h.believing) return;
    h.believing = false;
    h.deadlineTimer?.cancel();
    h.renewTimer?.cancel();
    kernel.log({ kind: "belief-end", proc: id, lock: LOCK, reason });
  }

  /** Ends the attempt's hold: the release is always sent, even after the belief ended. */
  function releaseHold(): void {
    const h = hold;
    if (!h) return;
    endBelief("released");
    hold = null;
    if (service && h.grant !== null) {
      kernel.log({ kind: "release", proc: id, lock: LOCK });
      service.release(id, LOCK);
    }
  }

  /** The lease is still valid by the client's own clock (what `checkBeforeWrite` looks at). */
  function leaseLooksValid(): { ok: boolean; remainingMs: number | null } {
    if (!hold) return { ok: true, remainingMs: null };
    if (!hold.believing) return { ok: false, remainingMs: hold.deadline === null ? null : hold.deadline - leaseReading() };
    if (hold.deadline === null) return { ok: true, remainingMs: null };
    const remainingMs = hold.deadline - leaseReading();
    return { ok: remainingMs > 0, remainingMs };
  }

  // ---- counter workload -------------------------------------------------------------------

  function startJob(): void {
    const workload = scenario.workload;
    if (workload.kind !== "counter") return;
    if (jobsDone >= workload.jobsPerClient) {
      service?.finish(id);
      return;
    }
    attemptStartT = kernel.now;
    kernel.log({ kind: "acquire-start", proc: id, lock: LOCK });
    tryAcquire();
  }

  function tryAcquire(): void {
    acquire(true, afterAcquire, () => abort("the lock service is unavailable (fail-closed)"), () => kernel.sleep(proc, retryDelay(), tryAcquire));
  }

  /** Acquires the lock (or, with no service or failing open, enters the critical section without one). */
  function acquire(wait: boolean, entered: () => void, unavailable: () => void, refused: () => void): void {
    if (!service) {
      believe(null, null, kernel.now, null);
      return entered();
    }
    const at = life;
    service.acquire(id, LOCK, wait, (r: AcquireResult) => {
      if (!alive(at)()) return;
      if (r.kind === "granted") {
        believe(r.grant, r.token, r.leaseBasisT, r.leaseMs);
        return phasePause("holding", entered);
      }
      kernel.log({ kind: "refused", proc: id, lock: LOCK, reason: r.kind });
      if (r.kind !== "unavailable") return refused();
      if (opts.onLockUnavailable === "fail-closed") return unavailable();
      kernel.log({ kind: "fail-open", proc: id, lock: LOCK });
      believe(null, null, kernel.now, null);
      entered();
    });
  }

  function afterAcquire(): void {
    const at = life;
    const token = hold?.token ?? null;
    world.request(id, "storage", { type: "read", key: COUNTER_KEY, token: guard.fenceReads ? token : null }, {
      reply: (r) => {
        if (!alive(at)()) return;
        if (!r.ok) return abort(`read rejected: ${r.reason as string}`);
        doWork(() => write(r.value as number, r.version as number, null));
      },
      timeout: () => alive(at)() && abort("storage did not answer the read"),
    });
  }

  function doWork(then: () => void): void {
    const ms = workTime();
    kernel.log({ kind: "work-start", proc: id, ms });
    const at = life;
    kernel.work(proc, ms, () => {
      if (!alive(at)()) return;
      kernel.log({ kind: "work-end", proc: id });
      if (opts.checkBeforeWrite && hold && hold.grant !== null) {
        const check = leaseLooksValid();
        kernel.log({ kind: "check", proc: id, ok: check.ok, remainingMs: check.remainingMs });
        if (!check.ok) return abort("its lease had run out by its own clock");
      }
      phasePause("before-write", then);
    });
  }

  function write(readValue: number, readVersion: number, run: number | null): void {
    const at = life;
    const token = hold?.token ?? null;
    const grant = hold?.grant ?? null;
    const idempotencyKey = run === null ? `${id}-job-${jobsDone}` : `run-${run}`;
    const key = run === null ? COUNTER_KEY : `run-${run}`;
    const value = run === null ? readValue + 1 : 1;
    world.request(id, "storage", { type: "write", key, value, readValue, readVersion, token, grant, idempotencyKey, run }, {
      reply: (r) => {
        if (!alive(at)()) return;
        if (!r.accepted) return abort(`write rejected: ${r.reason as string}`);
        kernel.log({ kind: "job-done", proc: id, job: run ?? jobsDone });
        jobsDone++;
        finishAttempt(run);
      },
      timeout: () => alive(at)() && abort("storage did not answer the write"),
    });
  }

  /** The attempt ends without an applied write: a counter job retries, a cron run is given up. */
  function abort(reason: string): void {
    kernel.log({ kind: "attempt-abort", proc: id, reason });
    releaseHold();
    if (scenario.workload.kind === "counter") kernel.sleep(proc, retryDelay(), startJob);
    else nextCronRun();
  }

  function finishAttempt(run: number | null): void {
    if (run === null) {
      releaseHold();
      startJob();
      return;
    }
    // ShedLock's lockAtLeastFor: keep the lock until holdAtLeastMs after acquiring.
    const h = hold;
    const holdUntil = h ? h.acquiredLocal + opts.holdAtLeastMs : 0;
    if (h && opts.holdAtLeastMs > 0 && leaseReading() < holdUntil) {
      const at = life;
      kernel.timerAt(proc, opts.leaseClock, holdUntil, () => {
        if (!alive(at)()) return;
        releaseHold();
        nextCronRun();
      });
      return;
    }
    releaseHold();
    nextCronRun();
  }

  // ---- cron workload ----------------------------------------------------------------------

  /** Schedules every run due at or after the client's wall clock reads `fromMs`. */
  function scheduleCron(fromMs: number): void {
    const workload = scenario.workload;
    if (workload.kind !== "cron") return;
    const at = life;
    for (let k = Math.max(0, Math.ceil(fromMs / workload.everyMs)); k < workload.runs; k++) {
      kernel.timerAt(proc, "wall", k * workload.everyMs, () => {
        if (!alive(at)()) return;
        kernel.log({ kind: "run-due", proc: id, run: k });
        cronQueue.push(k);
        if (!cronBusy) nextCronRun();
      });
    }
  }

  function nextCronRun(): void {
    const run = cronQueue.shift();
    if (run === undefined) {
      cronBusy = false;
      return;
    }
    cronBusy = true;
    attemptStartT = kernel.now;
    kernel.log({ kind: "acquire-start", proc: id, lock: LOCK });
    const skip = (reason: string) => {
      kernel.log({ kind: "run-skip", proc: id, run, reason });
      nextCronRun();
    };
    acquire(
      false,
      () => doWork(() => write(0, 0, run)),
      () => skip("the lock service is unavailable (fail-closed)"),
      () => skip("another client holds the lock"),
    );
  }

  return {
    id,
    start() {
      if (scenario.workload.kind === "cron") scheduleCron(-Infinity);
      else kernel.processAt(proc, startMs, startJob);
    },
    onCrash() {
      endBelief("crashed");
      hold = null;
      life++;
      cronQueue.length = 0;
      cronBusy = false;
    },
    onRestart() {
      // Empty memory: the job in hand was lost and starts again; a cron client takes the runs to come.
      if (scenario.workload.kind === "cron") scheduleCron(proc.clock.wall(kernel.now));
      else kernel.processAt(proc, startMs, startJob);
    },
    leaseExtended(basisT, leaseMs) {
      if (hold?.believing) setDeadline(hold, basisT, leaseMs);
    },
    lockLost() {
      endBelief("session-lost");
    },
  };
}
