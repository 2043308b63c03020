/**
 * A client whose behaviour is a learner's program (api.ts): a generator the engine drives one step
 * at a time, in simulated time. The program yields a `Step`; the runtime starts it (a request, a
 * sleep, work) and resumes the generator with its answer when the run reaches it. Nothing else
 * moves a program on, so a run with learner code is as deterministic as any other.
 *
 * Beliefs follow the one vocabulary: the client believes it holds a lock from the reply that granted
 * it until it sends the release, the program ends the belief (`belief.until`, `belief.end`), its
 * session's lock library does (etcd, ZooKeeper: the lease ran out by the client's clock, or the
 * session was lost), or it crashes. Storage accepts or rejects its writes exactly as it does the built-in client's.
 */
import type { BeliefEndReason } from "../events";
import type { AbortCause } from "../facts";
import type { Proc, Timer } from "../kernel";
import type { LockService } from "../services/types";
import type { StorageProtocol } from "../storage";
import type { World } from "../world";
import { clockAfter, clockReading, type ClockKind, type ClockReading } from "../clock";
import type { Client } from "../client";
import type { ClientApi, ClientProgram, ReadResult, Step, Task, WriteResult } from "./api";
import { CodeStep, type Answer, type CodeCalls } from "./calls";
import { groupDigits, rejectionText } from "../format";

/** Learner code went wrong in a way that stops the whole run (an endless loop): the page says so. */
export class CodeBudgetError extends Error {
  constructor(
    readonly client: string,
    readonly steps: number,
  ) {
    super(
      `${client}'s code took more than ${groupDigits(steps)} steps at one moment of the run without waiting for anything: an endless loop? Every loop needs a yield of sleep, work or a request.`,
    );
    this.name = "CodeBudgetError";
  }
}

/** Steps a program may take at one moment of simulated time before the run is stopped. */
export const STEPS_PER_MOMENT = 10_000;

export interface CodeOptions {
  program: ClientProgram;
  /** The line of the learner's code an error was thrown at, if the sandbox can tell. */
  lineOf?: (error: unknown) => number | null;
  /** Log the line of the learner's code each write was sent from (`code-call`): costs a stack trace per write. */
  traceLines?: boolean;
}

interface Hold {
  lock: string;
  grant: number;
  token: number | null;
  believed: boolean;
  /** The belief's start is logged once the program's synchronous step ends, with any deadline it set. */
  startPending: boolean;
  deadline: ClockReading | null;
  deadlineTimer: Timer | null;
}

interface Running {
  gen: Generator<Step<unknown>, void, unknown>;
  life: number;
  done: boolean;
  main: boolean;
}

/** A pause a fault places at a phase of the client's job (scenario `atPhase`), as the built-in client takes it. */
export type PhasePause = { atPhase: "holding" | "before-write"; atMs?: number; forMs: number };

export function createCodeClient(
  world: World,
  service: LockService | null,
  id: string,
  startMs: number,
  phasePauses: readonly PhasePause[],
  options: CodeOptions,
): Client {
  const { kernel, scenario } = world;
  const storageWire = world.wire<StorageProtocol>();
  const proc: Proc = kernel.proc(id);
  const workload = scenario.workload;
  const jobsPerClient = workload.kind === "counter" ? workload.jobsPerClient : 0;
  const opts = scenario.clients;
  let life = 0;
  let jobsDone = 0;
  let writes = 0;
  let attemptOpen = false;
  let attemptStartT = 0;
  const holds = new Map<string, Hold>();
  /** This client's last read of each key: a write is computed from it. */
  const lastRead = new Map<string, { value: number; version: number }>();
  let stepsThisMoment = 0;
  let moment = -1;
  const pendingPauses = [...phasePauses];
  /** A "holding" pause struck at the grant: it delays the program's next step, once the program has taken in the grant. */
  let holdingPause: PhasePause | null = null;

  /** Takes the phase's pause if one is due, then goes on (at once if none is). */
  function phasePause(pause: PhasePause | null, then: () => void): void {
    if (!pause) return then();
    kernel.pause(proc, pause.forMs, "gc", then);
  }
  function duePause(phase: PhasePause["atPhase"]): PhasePause | null {
    const i = pendingPauses.findIndex((p) => p.atPhase === phase && (p.atMs ?? 0) <= kernel.now);
    return i < 0 ? null : pendingPauses.splice(i, 1)[0]!;
  }

  const alive = (at: number) => at === life && !proc.crashed;
  const workTime = () =>
    typeof opts.workMs === "number" ? opts.workMs : world.rng.int(opts.workMs[0], opts.workMs[1]);

  function flushBeliefs(): void {
    for (const h of holds.values()) {
      if (!h.startPending) continue;
      h.startPending = false;
      kernel.log({
        kind: "belief-start",
        proc: id,
        lock: h.lock,
        grant: h.grant,
        token: h.token,
        latencyMs: kernel.now - attemptStartT,
        leaseDeadline: h.deadline,
      });
    }
  }

  function endBelief(h: Hold, reason: BeliefEndReason): void {
    if (!h.believed) return;
    flushBeliefs();
    h.believed = false;
    h.deadlineTimer?.cancel();
    kernel.log({ kind: "belief-end", proc: id, lock: h.lock, reason });
  }

  /** A session's lease, timed as the built-in client times it: from `basisT` on the level's lease clock, less its margin. */
  function leaseFrom(h: Hold, basisT: number, leaseMs: number): void {
    const at = life;
    h.deadline = clockAfter(clockAfter(proc.clock.read(opts.leaseClock, basisT), leaseMs), -opts.safetyMarginMs);
    h.deadlineTimer?.cancel();
    h.deadlineTimer = kernel.timerAt(
      proc,
      opts.leaseClock,
      h.deadline,
      () => alive(at) && endBelief(h, "lease-deadline"),
    );
  }

  function abort(cause: AbortCause, reason: string): void {
    kernel.log({ kind: "attempt-abort", proc: id, reason, cause });
    attemptOpen = false;
  }

  /**
   * Runs one program (or task) until it yields a step whose answer is not ready yet, returns or
   * throws. A step answered at once (a release sent without waiting) goes on in this loop rather
   * than by recursion, so a long run of them cannot overflow the stack.
   */
  function drive(run: Running, input: { value: unknown } | { error: Error }): void {
    let pending: { value: unknown } | { error: Error } | null = input;
    while (pending && !run.done && alive(run.life)) {
      if (moment !== kernel.now) {
        moment = kernel.now;
        stepsThisMoment = 0;
      }
      if (++stepsThisMoment > STEPS_PER_MOMENT) throw new CodeBudgetError(id, STEPS_PER_MOMENT);
      let next: IteratorResult<Step<unknown>, void>;
      try {
        next = "error" in pending ? run.gen.throw(pending.error) : run.gen.next(pending.value);
      } catch (error) {
        if (error instanceof CodeBudgetError) throw error;
        run.done = true;
        flushBeliefs();
        kernel.log({ kind: "code-error", proc: id, message: errorText(error), line: options.lineOf?.(error) ?? null });
        return;
      }
      if (next.done) {
        run.done = true;
        flushBeliefs();
        if (run.main) service?.finish(id);
        return;
      }
      const step: unknown = next.value;
      if (!(step instanceof CodeStep)) {
        // A bare `yield` (or of anything but a call) would spin at one moment: tell the program why.
        pending = {
          error: new TypeError(
            `yield needs a call that takes time, such as \`yield sleep(100)\` or \`yield storage.read("counter")\`; this yield gave ${describe(step)}`,
          ),
        };
        continue;
      }
      flushBeliefs();
      pending = null;
      let starting = true;
      let answered = false;
      const settle = (result: { value: unknown } | { error: Error }) => {
        if (answered) return;
        answered = true;
        if (starting) pending = result;
        else drive(run, result);
      };
      const begin = () => {
        try {
          (step as CodeStep<unknown>).start({ ok: (value) => settle({ value }), fail: (error) => settle({ error }) });
        } catch (error) {
          if (error instanceof CodeBudgetError) throw error;
          settle({ error: error instanceof Error ? error : new Error(String(error)) });
        }
      };
      if (run.main && holdingPause) {
        const pause = holdingPause;
        holdingPause = null;
        starting = false;
        return phasePause(pause, begin);
      }
      begin();
      starting = false;
    }
  }

  function startRun(gen: Generator<Step<unknown>, void, unknown>, main: boolean): Running {
    const run: Running = { gen, life, done: false, main };
    drive(run, { value: undefined });
    return run;
  }

  const calls: CodeCalls = {
    client: id,
    step: (call, start) => new CodeStep(call, start),
    acquiring(lock) {
      if (attemptOpen) return;
      attemptOpen = true;
      attemptStartT = kernel.now;
      if (kernel.builds("acquire-start")) kernel.log({ kind: "acquire-start", proc: id, lock });
    },
    granted(lock, grant, token, lease) {
      const previous = holds.get(lock);
      if (previous) endBelief(previous, "released");
      const h: Hold = { lock, grant, token, believed: true, startPending: true, deadline: null, deadlineTimer: null };
      holds.set(lock, h);
      if (lease) leaseFrom(h, lease.basisT, lease.ms);
      world.series.acquired(kernel.now - attemptStartT);
      holdingPause = duePause("holding");
    },
    releasing(lock) {
      const h = holds.get(lock);
      if (!h) return;
      endBelief(h, "released");
      holds.delete(lock);
      attemptOpen = false;
      if (kernel.builds("release")) kernel.log({ kind: "release", proc: id, lock });
    },
    refused(lock, reason = "held", elapsedMs) {
      if (!kernel.builds("refused")) return;
      kernel.log(
        elapsedMs === undefined
          ? { kind: "refused", proc: id, lock, reason }
          : { kind: "refused", proc: id, lock, reason, elapsedMs },
      );
    },
    unavailable(lock) {
      if (kernel.builds("refused")) kernel.log({ kind: "refused", proc: id, lock, reason: "unavailable" });
      abort({ kind: "unavailable" }, "the lock service is unavailable (fail-closed)");
    },
    renewal(lock) {
      const sentFor = holds.get(lock);
      // Like a lock library, it reports a renewal only while the client still believes in the hold it renewed.
      return (ok) => {
        if (sentFor?.believed && holds.get(lock) === sentFor && kernel.builds("renew"))
          kernel.log({ kind: "renew", proc: id, lock, ok });
      };
    },
    timeout(call) {
      const error = new Error(`${call} got no answer within its timeout; it may still have taken effect`);
      error.name = "TimeoutError";
      return error;
    },
  };

  /** The hold the program acts under: the one it believes in, if any. */
  const currentHold = (): Hold | null => {
    for (const h of holds.values()) if (h.believed) return h;
    return holds.values().next().value ?? null;
  };

  function makeApi(): ClientApi {
    const at = life;
    const guardedStep = <T>(call: string, start: (answer: Answer<T>) => void) =>
      new CodeStep<T>(call, (answer) => {
        if (alive(at)) start(answer);
      });
    const api: ClientApi = {
      me: id,
      jobs: jobsPerClient - jobsDone,
      workMs: typeof opts.workMs === "number" ? opts.workMs : opts.workMs[1],
      clock: {
        wall: () => proc.clock.wall(kernel.now),
        monotonic: () => proc.clock.mono(kernel.now),
      },
      sleep: (ms) =>
        guardedStep(
          `sleep(${ms})`,
          (answer) => void kernel.sleep(proc, nonNegative(ms, "sleep"), () => answer.ok(undefined)),
        ),
      work: (ms) =>
        guardedStep(`work(${ms ?? ""})`, (answer) => {
          const length = ms === undefined ? workTime() : nonNegative(ms, "work");
          if (kernel.builds("work-start")) kernel.log({ kind: "work-start", proc: id, ms: length });
          kernel.work(proc, length, () => {
            if (!alive(at)) return;
            kernel.log({ kind: "work-end", proc: id });
            answer.ok(undefined);
          });
        }),
      log(message) {
        flushBeliefs();
        kernel.log({ kind: "code-log", proc: id, text: String(message).slice(0, 200) });
      },
      spawn(task) {
        const gen = typeof task === "function" ? task() : task;
        const run = startRun(gen, false);
        return {
          cancel: () => void (run.done = true),
          get done() {
            return run.done;
          },
        } satisfies Task;
      },
      random: () => world.rng.next(),
      uniqueId: () => `${id}:${world.grantId()}`,
      storage: {
        read: (key, readOptions) =>
          guardedStep<ReadResult>(`storage.read(${JSON.stringify(key)})`, (answer) =>
            storageWire.request(
              id,
              "storage",
              {
                type: "read",
                key: String(key),
                token: scenario.storage.fenceReads ? (readOptions?.token ?? null) : null,
              },
              {
                reply: (r) => {
                  if (!alive(at)) return;
                  if (r.rejection !== null) {
                    abort(
                      { kind: "read-rejected", rejection: r.rejection },
                      `read rejected: ${rejectionText(r.rejection)}`,
                    );
                    return answer.ok({ ok: false, rejected: rejectionText(r.rejection) });
                  }
                  lastRead.set(String(key), { value: r.value, version: r.version });
                  answer.ok({ ok: true, value: r.value, version: r.version });
                },
                timeout: () => {
                  if (!alive(at)) return;
                  abort({ kind: "read-timeout" }, "storage did not answer the read");
                  answer.fail(calls.timeout(`storage.read(${JSON.stringify(key)})`));
                },
              },
            ),
          ),
        write: (key, value, writeOptions) => {
          const call = `storage.write(${JSON.stringify(key)}, ${value})`;
          // Where the learner's code asked for this write: the stack of this very call.
          const line = options.traceLines ? (options.lineOf?.(new Error(call)) ?? null) : null;
          return guardedStep<WriteResult>(call, (answer) => {
            if (line !== null) kernel.log({ kind: "code-call", proc: id, call, line });
            const read = lastRead.get(String(key)) ?? { value: 0, version: 0 };
            const hold = currentHold();
            const n = writes++;
            const msg = {
              type: "write" as const,
              key: String(key),
              value: Number(value),
              readValue: read.value,
              readVersion: read.version,
              token: writeOptions?.token ?? null,
              grant: hold?.grant ?? null,
              idempotencyKey: writeOptions?.idempotencyKey ?? `${id}-write-${n}`,
              run: null,
            };
            phasePause(duePause("before-write"), () =>
              storageWire.request(id, "storage", msg, {
                reply: (r) => {
                  if (!alive(at)) return;
                  if (r.rejection !== null) {
                    abort(
                      { kind: "write-rejected", rejection: r.rejection },
                      `write rejected: ${rejectionText(r.rejection)}`,
                    );
                    return answer.ok({ accepted: false, rejected: rejectionText(r.rejection) });
                  }
                  kernel.log({ kind: "job-done", proc: id, job: jobsDone });
                  world.series.completed();
                  jobsDone++;
                  attemptOpen = false;
                  answer.ok({ accepted: true });
                },
                timeout: () => {
                  if (!alive(at)) return;
                  abort({ kind: "write-timeout" }, "storage did not answer the write");
                  answer.fail(calls.timeout(`storage.write(${JSON.stringify(key)})`));
                },
              }),
            );
          });
        },
      },
      belief: {
        get holds() {
          return currentHold()?.believed ?? false;
        },
        until(clock, reading) {
          const h = currentHold();
          if (!h || !h.believed) return;
          const kind: ClockKind = clock === "wall" ? "wall" : "monotonic";
          h.deadline = clockReading(Number(reading));
          h.deadlineTimer?.cancel();
          h.deadlineTimer = kernel.timerAt(proc, kind, h.deadline, () => alive(at) && endBelief(h, "lease-deadline"));
        },
        end(reason) {
          const h = currentHold();
          if (h)
            endBelief(
              h,
              reason === "lease-deadline" || reason === "renewal-refused" || reason === "session-lost"
                ? reason
                : "lease-deadline",
            );
        },
      },
      get redis() {
        return serviceApi("redis") as ClientApi["redis"];
      },
      get redlock() {
        return serviceApi("redlock") as ClientApi["redlock"];
      },
      get postgres() {
        return serviceApi("postgres") as ClientApi["postgres"];
      },
      // ---- etcd and ZooKeeper ----
      get etcd() {
        return serviceApi("etcd") as ClientApi["etcd"];
      },
      get zookeeper() {
        return serviceApi("zookeeper") as ClientApi["zookeeper"];
      },
    };
    return api;
  }

  function serviceApi(kind: string): unknown {
    if (!service?.codeApi || scenario.service.kind !== kind) {
      throw new TypeError(
        `this level's lock service is ${scenario.service.kind}, not ${kind}: use api.${scenario.service.kind}`,
      );
    }
    return service.codeApi(calls);
  }

  function startProgram(): void {
    if (jobsPerClient - jobsDone <= 0) return;
    let gen: Generator<Step<unknown>, void, unknown>;
    try {
      gen = options.program(makeApi());
    } catch (error) {
      kernel.log({ kind: "code-error", proc: id, message: errorText(error), line: options.lineOf?.(error) ?? null });
      return;
    }
    if (!gen || typeof (gen as Generator).next !== "function") {
      kernel.log({
        kind: "code-error",
        proc: id,
        message: "TypeError: client must be a generator function: write `function* client(api) { … }`",
        line: null,
      });
      return;
    }
    startRun(gen, true);
  }

  return {
    id,
    start() {
      kernel.processAt(proc, startMs, startProgram);
    },
    assign() {
      // Code levels run the counter workload: nothing is handed out.
    },
    onCrash() {
      for (const h of holds.values()) endBelief(h, "crashed");
      holds.clear();
      lastRead.clear();
      holdingPause = null;
      attemptOpen = false;
      life++;
    },
    onRestart() {
      // Empty memory: the program starts again from its first line, with the jobs still to do.
      kernel.processAt(proc, startMs, startProgram);
    },
    leaseExtended(basisT, leaseMs) {
      // The session's lock library (etcd KeepAlive, ZooKeeper heartbeats) moves the lease on.
      for (const h of holds.values()) if (h.believed) leaseFrom(h, basisT, leaseMs);
    },
    lockLost() {
      for (const h of holds.values()) endBelief(h, "session-lost");
    },
  };
}

function nonNegative(ms: unknown, call: string): number {
  const n = Number(ms);
  if (!Number.isFinite(n) || n < 0)
    throw new RangeError(`${call} needs a number of milliseconds, 0 or more; it was given ${String(ms)}`);
  return n;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : `threw ${String(error)}`;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "function") return "a function (did you forget to call it?)";
  if (value && typeof value === "object" && "next" in value)
    return "a generator (use `yield*` to run another generator)";
  return JSON.stringify(value) ?? String(value);
}
