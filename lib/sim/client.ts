/**
 * A client: a state machine that runs its workload's jobs (acquire → read → work → check → write →
 * release) on its own clocks. Its *belief* that it holds the lock starts when it learns of a grant
 * and ends when it handles the end: its lease-deadline timer (late, if it was paused), a refused
 * renewal, a lost-session notice, its release or its crash. It never sees true time.
 */
import type { Proc, Timer } from "./kernel";
import type { BeliefEndReason } from "./events";
import type { AbortCause } from "./facts";
import { rejectionText } from "./format";
import type { StorageProtocol } from "./storage";
import type { FaultSpec } from "./scenario";
import type { AcquireResult, LockService } from "./services/types";
import type { World } from "./world";
import { clockAfter, clockReading, type ClockReading } from "./clock";

/**
 * One job as the client runs it: which lock it takes, which storage key it writes, and the key
 * that makes its write idempotent. Counter jobs and stream jobs read-modify-write a counter; a
 * cron run (`run` set) performs a side effect keyed by the run.
 */
export interface Job {
  n: number;
  lock: string;
  key: string;
  idempotencyKey: string;
  run: number | null;
}

type PhasePause = Extract<FaultSpec, { kind: "pause" }> & { atPhase: "holding" | "before-write" };

interface Hold {
  lock: string;
  grant: number | null;
  token: number | null;
  /** Lease deadline on the client's lease clock, or null when the lease has no expiry. */
  deadline: ClockReading | null;
  /** Why the client stopped believing it holds the lock; null while it still believes. */
  beliefEnded: BeliefEndReason | null;
  deadlineTimer: Timer | null;
  renewTimer: Timer | null;
  acquiredLocal: ClockReading;
}

/** An aborted attempt's cause in words, for the event log's `reason` (readers use the cause). */
function abortText(cause: AbortCause): string {
  switch (cause.kind) {
    case "unavailable":
      return "the lock service is unavailable (fail-closed)";
    case "read-rejected":
      return `read rejected: ${rejectionText(cause.rejection)}`;
    case "write-rejected":
      return `write rejected: ${rejectionText(cause.rejection)}`;
    case "read-timeout":
      return "storage did not answer the read";
    case "write-timeout":
      return "storage did not answer the write";
    case "check-failed":
      // What ended the belief, if anything did (nothing yet: the deadline has just passed).
      if (cause.beliefEnded === "renewal-refused") return "its renewal had been refused";
      if (cause.beliefEnded === "session-lost") return "it had already stopped believing it holds the lock";
      return "its lease had run out by its own clock";
    case "lock-lost":
      if (cause.beliefEnded === "lease-deadline")
        return "its own timer said its lease was over, so it dropped the job (on lock lost: abort)";
      if (cause.beliefEnded === "renewal-refused")
        return "its renewal was refused, so it dropped the job (on lock lost: abort)";
      return "its lock library said the lock was lost, so it dropped the job (on lock lost: abort)";
  }
}

export interface Client {
  readonly id: string;
  start(): void;
  /** Stream workload: the dispatcher hands this idle client a job. */
  assign(job: Job): void;
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
  /** Stream workload: tells the dispatcher this client is idle, or lost a job in a crash. */
  dispatch: { idle(client: string): void; lost(client: string, job: Job): void } | null,
): Client {
  const { kernel, scenario } = world;
  const storageWire = world.wire<StorageProtocol>();
  const opts = scenario.clients;
  const proc: Proc = kernel.proc(id);
  const guard = scenario.storage;
  let hold: Hold | null = null;
  let job: Job | null = null;
  let attemptStartT = 0;
  /** Bumped when an attempt is dropped on losing the lock, so its pending callbacks do nothing. */
  let attemptNo = 0;
  /** The attempt's write has been sent: from then on nothing the client decides can recall it. */
  let writeSent = false;
  let jobsDone = 0;
  /** Bumped on crash so callbacks from a previous life do nothing. */
  let life = 0;
  const cronQueue: number[] = [];
  let cronBusy = false;
  const pendingPauses = [...phasePauses];

  const leaseReading = (t = kernel.now) => proc.clock.read(opts.leaseClock, t);
  /** Whether a callback from life `at` may still act: the client has not crashed since. */
  const alive = (at: number) => life === at && !proc.crashed;
  const retryDelay = () => world.rng.uniform(opts.retryDelayMs[0], opts.retryDelayMs[1]);
  const workTime = () =>
    typeof opts.workMs === "number" ? opts.workMs : world.rng.int(opts.workMs[0], opts.workMs[1]);

  function phasePause(phase: PhasePause["atPhase"], then: () => void): void {
    const i = pendingPauses.findIndex((p) => p.atPhase === phase && (p.atMs ?? 0) <= kernel.now);
    const [pause] = i < 0 ? [] : pendingPauses.splice(i, 1);
    if (!pause) return then();
    kernel.pause(proc, pause.forMs, "gc", then);
  }

  function setDeadline(h: Hold, basisT: number, leaseMs: number | null): void {
    h.deadlineTimer?.cancel();
    h.deadlineTimer = null;
    if (leaseMs === null) {
      h.deadline = null;
      return;
    }
    h.deadline = clockAfter(clockAfter(leaseReading(basisT), leaseMs), -opts.safetyMarginMs);
    h.deadlineTimer = kernel.timerAt(proc, opts.leaseClock, h.deadline, () => endBelief("lease-deadline"));
  }

  function believe(
    lock: string,
    grant: number | null,
    token: number | null,
    basisT: number,
    leaseMs: number | null,
  ): void {
    const h: Hold = {
      lock,
      grant,
      token,
      deadline: null,
      beliefEnded: null,
      deadlineTimer: null,
      renewTimer: null,
      acquiredLocal: leaseReading(),
    };
    hold = h;
    setDeadline(h, basisT, leaseMs);
    const latencyMs = kernel.now - attemptStartT;
    kernel.log({ kind: "belief-start", proc: id, lock, grant, token, latencyMs, leaseDeadline: h.deadline });
    if (grant !== null) world.series.acquired(latencyMs);
    if (service && grant !== null && opts.renewEveryMs !== null && !service.renewsItself)
      scheduleRenewal(h, opts.renewEveryMs);
  }

  function scheduleRenewal(h: Hold, every: number): void {
    const at = life;
    h.renewTimer = kernel.sleep(proc, every, () => {
      if (h.beliefEnded || !service) return;
      service.renew(id, h.lock, (r) => {
        if (!alive(at) || h.beliefEnded) return;
        if (kernel.builds("renew")) kernel.log({ kind: "renew", proc: id, lock: h.lock, ok: r.kind === "renewed" });
        if (r.kind === "renewed") setDeadline(h, r.leaseBasisT, r.leaseMs);
        if (r.kind === "refused") return endBelief("renewal-refused");
        scheduleRenewal(h, every);
      });
    });
  }

  function endBelief(reason: BeliefEndReason): void {
    const h = hold;
    if (!h || h.beliefEnded) return;
    h.beliefEnded = reason;
    h.deadlineTimer?.cancel();
    h.renewTimer?.cancel();
    kernel.log({ kind: "belief-end", proc: id, lock: h.lock, reason });
    // A controller that exits in OnStoppedLeading, or code watching Curator's LOST or the etcd
    // session's Done channel: the job stops at once, unless its write is already on its way.
    if (opts.onLockLost === "abort" && reason !== "released" && reason !== "crashed" && job && !writeSent) {
      attemptNo++;
      abort({ kind: "lock-lost", beliefEnded: reason });
    }
  }

  /** Ends the attempt's hold: the release is always sent, even after the belief ended. */
  function releaseHold(): void {
    const h = hold;
    if (!h) return;
    endBelief("released");
    hold = null;
    if (service && h.grant !== null) {
      if (kernel.builds("release")) kernel.log({ kind: "release", proc: id, lock: h.lock });
      service.release(id, h.lock);
    }
  }

  /** The lease is still valid by the client's own clock (what `checkBeforeWrite` looks at). */
  function leaseLooksValid(): { ok: boolean; remainingMs: number | null } {
    if (!hold) return { ok: true, remainingMs: null };
    if (hold.beliefEnded)
      return { ok: false, remainingMs: hold.deadline === null ? null : hold.deadline - leaseReading() };
    if (hold.deadline === null) return { ok: true, remainingMs: null };
    const remainingMs = hold.deadline - leaseReading();
    return { ok: remainingMs > 0, remainingMs };
  }

  // ---- one job: acquire → read → work → check → write → release ----------------------------

  /** Starts an attempt at the current job, lock included. */
  function attempt(): void {
    const j = job!;
    attemptStartT = kernel.now;
    writeSent = false;
    if (kernel.builds("acquire-start")) kernel.log({ kind: "acquire-start", proc: id, lock: j.lock });
    if (j.run !== null) {
      const skip = (reason: string) => {
        kernel.log({ kind: "run-skip", proc: id, run: j.run!, reason });
        jobFinished();
      };
      return acquire(
        j,
        false,
        () => doWork(() => write(0, 0)),
        () => skip("the lock service is unavailable (fail-closed)"),
        () => skip("another client holds the lock"),
      );
    }
    // Built once per attempt: a refused acquire retries through them many times.
    const unavailable = () => abort({ kind: "unavailable" });
    const refused = () => kernel.sleep(proc, retryDelay(), retry);
    const retry = () => acquire(j, true, read, unavailable, refused);
    retry();
  }

  /** Acquires the lock (or, with no service or failing open, enters the critical section without one). */
  function acquire(j: Job, wait: boolean, entered: () => void, unavailable: () => void, refused: () => void): void {
    if (!service) {
      believe(j.lock, null, null, kernel.now, null);
      return entered();
    }
    const at = life;
    service.acquire(id, j.lock, wait, (r: AcquireResult) => {
      if (!alive(at)) return;
      if (r.kind === "granted") {
        believe(j.lock, r.grant, r.token, r.leaseBasisT, r.leaseMs);
        const n = attemptNo;
        return phasePause("holding", () => attemptNo === n && entered());
      }
      // A busy lock is refused again and again while clients retry: a summary-only run only counts it.
      if (kernel.builds("refused")) kernel.log({ kind: "refused", proc: id, lock: j.lock, reason: r.kind });
      if (r.kind !== "unavailable") return refused();
      if (opts.onLockUnavailable === "fail-closed") return unavailable();
      kernel.log({ kind: "fail-open", proc: id, lock: j.lock });
      believe(j.lock, null, null, kernel.now, null);
      entered();
    });
  }

  function read(): void {
    const at = life;
    const n = attemptNo;
    const token = hold?.token ?? null;
    storageWire.request(
      id,
      "storage",
      { type: "read", key: job!.key, token: guard.fenceReads ? token : null },
      {
        reply: (r) => {
          if (!alive(at) || attemptNo !== n) return;
          if (r.rejection !== null) return abort({ kind: "read-rejected", rejection: r.rejection });
          doWork(() => write(r.value, r.version));
        },
        timeout: () => alive(at) && attemptNo === n && abort({ kind: "read-timeout" }),
      },
    );
  }

  function doWork(then: () => void): void {
    const ms = workTime();
    if (kernel.builds("work-start")) kernel.log({ kind: "work-start", proc: id, ms });
    const at = life;
    const n = attemptNo;
    kernel.work(proc, ms, () => {
      if (!alive(at) || attemptNo !== n) return;
      kernel.log({ kind: "work-end", proc: id });
      if (opts.checkBeforeWrite && hold && hold.grant !== null) {
        const check = leaseLooksValid();
        kernel.log({ kind: "check", proc: id, ok: check.ok, remainingMs: check.remainingMs });
        if (!check.ok)
          return abort({ kind: "check-failed", beliefEnded: hold.beliefEnded, remainingMs: check.remainingMs });
      }
      phasePause("before-write", () => attemptNo === n && then());
    });
  }

  function write(readValue: number, readVersion: number): void {
    const at = life;
    const j = job!;
    const token = hold?.token ?? null;
    const grant = hold?.grant ?? null;
    const value = j.run === null ? readValue + 1 : 1;
    const msg = {
      type: "write" as const,
      key: j.key,
      value,
      readValue,
      readVersion,
      token,
      grant,
      idempotencyKey: j.idempotencyKey,
      run: j.run,
    };
    writeSent = true;
    storageWire.request(id, "storage", msg, {
      reply: (r) => {
        if (!alive(at)) return;
        if (r.rejection !== null) return abort({ kind: "write-rejected", rejection: r.rejection });
        kernel.log({ kind: "job-done", proc: id, job: j.n });
        world.series.completed();
        jobsDone++;
        holdAtLeastThen(jobFinished);
      },
      timeout: () => alive(at) && abort({ kind: "write-timeout" }),
    });
  }

  /** The attempt ends without an applied write: a counter job retries, a cron run is given up. */
  function abort(cause: AbortCause): void {
    kernel.log({ kind: "attempt-abort", proc: id, reason: abortText(cause), cause });
    if (job!.run !== null) return jobFinished();
    releaseHold();
    kernel.sleep(proc, retryDelay(), attempt);
  }

  /** ShedLock's lockAtLeastFor: keep the lock until holdAtLeastMs after acquiring, then go on. */
  function holdAtLeastThen(then: () => void): void {
    const h = hold;
    if (!h || opts.holdAtLeastMs === 0) return then();
    const holdUntil = clockAfter(h.acquiredLocal, opts.holdAtLeastMs);
    if (leaseReading() >= holdUntil) return then();
    const at = life;
    kernel.timerAt(proc, opts.leaseClock, holdUntil, () => alive(at) && then());
  }

  /** Releases the lock and takes the next job the workload has for this client. */
  function jobFinished(): void {
    releaseHold();
    job = null;
    const workload = scenario.workload;
    if (workload.kind === "cron") return nextCronRun();
    if (workload.kind === "stream") return dispatch?.idle(id);
    nextCounterJob();
  }

  function nextCounterJob(): void {
    const workload = scenario.workload;
    if (workload.kind !== "counter") return;
    if (jobsDone >= workload.jobsPerClient) return service?.finish(id);
    job = { n: jobsDone, lock: "lock", key: "counter", idempotencyKey: `${id}-job-${jobsDone}`, run: null };
    attempt();
  }

  // ---- cron workload ----------------------------------------------------------------------

  /** Schedules every run due at or after the client's wall clock reads `fromMs`. */
  function scheduleCron(fromMs: number): void {
    const workload = scenario.workload;
    if (workload.kind !== "cron") return;
    const at = life;
    for (let k = Math.max(0, Math.ceil(fromMs / workload.everyMs)); k < workload.runs; k++) {
      kernel.timerAt(proc, "wall", clockReading(k * workload.everyMs), () => {
        if (!alive(at)) return;
        kernel.log({ kind: "run-due", proc: id, run: k });
        cronQueue.push(k);
        if (!cronBusy) nextCronRun();
      });
    }
  }

  function nextCronRun(): void {
    const run = cronQueue.shift();
    cronBusy = run !== undefined;
    if (run === undefined) return;
    job = { n: run, lock: "lock", key: `run-${run}`, idempotencyKey: `run-${run}`, run };
    attempt();
  }

  return {
    id,
    start() {
      const workload = scenario.workload.kind;
      if (workload === "cron") scheduleCron(-Infinity);
      else kernel.processAt(proc, startMs, workload === "stream" ? () => dispatch?.idle(id) : nextCounterJob);
    },
    assign(next) {
      job = next;
      attempt();
    },
    onCrash() {
      endBelief("crashed");
      if (job && scenario.workload.kind === "stream") dispatch?.lost(id, job);
      hold = null;
      job = null;
      life++;
      cronQueue.length = 0;
      cronBusy = false;
    },
    onRestart() {
      // Empty memory: a counter job in hand starts again; a cron client takes the runs to come;
      // a stream client asks for new work (its job in hand was lost).
      const workload = scenario.workload.kind;
      if (workload === "cron") scheduleCron(proc.clock.wall(kernel.now));
      else kernel.processAt(proc, startMs, workload === "stream" ? () => dispatch?.idle(id) : nextCounterJob);
    },
    leaseExtended(basisT, leaseMs) {
      if (hold && !hold.beliefEnded) setDeadline(hold, basisT, leaseMs);
    },
    lockLost() {
      endBelief("session-lost");
    },
  };
}
