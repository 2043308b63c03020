/**
 * The discrete-event kernel: true time, the (t, seq) queue, processes with their own clocks, and
 * what pauses and crashes do to them. A paused process does nothing: its timers and deliveries
 * wait, and its work stops advancing. On resume the interrupted step goes on first, then everything
 * that came due during the pause runs in the order it came due. A crashed process loses every
 * timer and all work in hand; a restart gives it a new incarnation with empty memory.
 */
import { EventQueue } from "./queue";
import { clockAfter, ProcessClock, type ClockKind, type ClockReading } from "./clock";
import type { DropReason, EventBody, SimEvent } from "./events";

type EntryKind = "system" | "timer" | "work" | "deliver";

/** What a queued step runs: a closure, or a method called on the entry's `target`. */
export type Step = (this: never) => void;

export interface Timer {
  cancel(): void;
}

/** Something on the queue. A timer's entry is its own handle: cancelling it marks it, and the run skips it. */
class Entry implements Timer {
  /** Work only: the process's active time at which the work is done. */
  activeTarget = 0;
  /** Deliveries only: the sender, checked against the network at arrival. */
  from = "";
  /** Deliveries only: the message's id and type, for the deliver or drop event the kernel logs. */
  msgId = 0;
  msgType = "";
  cancelled = false;
  readonly incarnation: number;

  constructor(
    public t: number,
    public seq: number,
    readonly kind: EntryKind,
    readonly proc: Proc | null,
    readonly run: Step,
    /** What `run` is called on: a method's object, so a hot path need not make a closure per step. */
    readonly target: unknown,
  ) {
    this.incarnation = proc ? proc.incarnation : 0;
  }

  cancel(): void {
    this.cancelled = true;
  }
}

export class Proc {
  paused = false;
  pausedSince = 0;
  pausedUntil = 0;
  pausedTotal = 0;
  crashed = false;
  incarnation = 0;
  held: Entry[] = [];
  interruptedStep: (() => void) | null = null;

  constructor(
    readonly id: string,
    /** Position in the run's process list, for per-pair tables. */
    readonly index: number,
    readonly clock: ProcessClock,
  ) {}

  /** True time minus time spent paused: how far this process's work has advanced. */
  activeTime(t: number): number {
    return t - this.pausedTotal - (this.paused ? t - this.pausedSince : 0);
  }
}

export interface KernelHooks {
  onCrash(proc: Proc, host: boolean): void;
  onRestart(proc: Proc): void;
  /** Why a message from `from` cannot reach `to` at the current time, or null if it can. */
  blocked(from: string, to: string): DropReason | null;
}

/** How many steps of the queue pass between two calls of the kernel's `progress` callback. */
export const PROGRESS_EVERY_STEPS = 4096;

/**
 * Hears how far a run has reached (true ms) and how many events it has logged by then, every
 * PROGRESS_EVERY_STEPS steps; answering false stops the run there, incomplete. A caller outside
 * the engine uses it to show progress, to foretell the event limit or to bound the work it will
 * spend; what the run does never depends on it unless it stops the run.
 */
export type ProgressListener = (reachedMs: number, eventCount: number) => boolean | void;

export class Kernel {
  now = 0;
  readonly events: SimEvent[] = [];
  eventCount = 0;
  truncated = false;
  /** The run was stopped by its progress listener (so `truncated` is not the event budget's doing). */
  stopped = false;
  /** Steps taken off the queue, cancelled ones included: the kernel's work, whatever it logs. */
  steps = 0;
  progress: ProgressListener | null = null;
  /**
   * Reads each kept event as it is logged, instead of the log keeping it: a summary-only run hands
   * its events straight to the checker, so `events` stays empty and no event is stamped.
   */
  reader: ((e: EventBody, t: number, seq: number) => void) | null = null;
  private seq = 0;
  private readonly queue = new EventQueue<Entry>();
  private readonly procs = new Map<string, Proc>();
  hooks: KernelHooks | null = null;
  /** Whether this run logs messages (a summary-only run only counts them), asked once rather than per message. */
  readonly logsMessages: boolean;

  constructor(
    readonly durationMs: number,
    readonly maxEvents: number,
    /** Which event kinds to keep; null keeps all of them. */
    private readonly keep: ReadonlySet<string> | null,
  ) {
    this.logsMessages = this.records("send");
  }

  addProc(id: string, clock: ProcessClock): Proc {
    const proc = new Proc(id, this.procs.size, clock);
    this.procs.set(id, proc);
    return proc;
  }

  proc(id: string): Proc {
    const proc = this.procs.get(id);
    if (!proc) throw new Error(`unknown process ${id}`);
    return proc;
  }

  get procCount(): number {
    return this.procs.size;
  }

  /** Whether events of this kind are kept, so hot paths can skip building ones that are not. */
  records(kind: EventBody["kind"]): boolean {
    return this.keep === null || this.keep.has(kind);
  }

  /**
   * Counts an event that is not built because this run does not keep its kind (a message in a
   * summary-only run): every mode spends the same event budget, so a summary-only run stops
   * exactly where the full run does and reaches the same verdict.
   */
  tally(): void {
    this.eventCount++;
    if (this.eventCount >= this.maxEvents) this.truncated = true;
  }

  /**
   * Whether to build an event of this kind at all. A summary-only run does not build the kinds the
   * checker never reads; it only counts them here, against the same budget as `log` would.
   */
  builds(kind: EventBody["kind"]): boolean {
    if (this.records(kind)) return true;
    this.tally();
    return false;
  }

  /**
   * Records an event at the current true time. A hot path may build its body with `t` and `seq`
   * already in place (as 0): the object then has room for them, where adding them afterwards
   * would give each event a second, out-of-object store.
   */
  log(body: EventBody | SimEvent): void {
    this.tally();
    // The step that reaches the cap finishes, but the log never grows past it.
    if (this.eventCount > this.maxEvents || (this.keep && !this.keep.has(body.kind))) return;
    if (this.reader) return this.reader(body, this.now, this.eventCount);
    // The body becomes the event itself: one object per event, as the log is the hot path.
    const event = body as SimEvent;
    event.t = this.now;
    event.seq = this.eventCount;
    this.events.push(event);
  }

  /**
   * Records an event after the run's end (a write still in the network then). The event budget
   * covers the run itself: what is told after it never stops or truncates the run.
   */
  logAfterEnd(body: EventBody): void {
    this.eventCount++;
    if (this.keep && !this.keep.has(body.kind)) return;
    if (this.reader) return this.reader(body, this.now, this.eventCount);
    const event = body as SimEvent;
    event.t = this.now;
    event.seq = this.eventCount;
    this.events.push(event);
  }

  private schedule(t: number, kind: EntryKind, proc: Proc | null, run: Step, target?: unknown): Entry {
    const entry = new Entry(t, this.seq++, kind, proc, run, target);
    this.queue.push(entry);
    return entry;
  }

  /** Something that happens to the world at true time t, whatever any process is doing. */
  at(t: number, run: () => void): void {
    this.schedule(Math.max(t, this.now), "system", null, run);
  }

  /** Something a process does at true time t (its start): lost if it crashes first, late if paused. */
  processAt(proc: Proc, t: number, run: () => void): void {
    this.schedule(Math.max(t, this.now), "timer", proc, run);
  }

  /** A process's timer that fires when its clock reads `reading`; late if the process is paused. */
  timerAt(proc: Proc, clock: ClockKind, reading: ClockReading, run: Step, target?: unknown): Timer {
    return this.schedule(proc.clock.trueTimeOf(clock, reading, this.now), "timer", proc, run, target);
  }

  /**
   * A process's timer `ms` later on its monotonic clock (a sleep, a retry delay, a timeout). With a
   * `target`, `run` is called as its method.
   */
  sleep<T>(proc: Proc, ms: number, run: (this: T) => void, target?: T): Timer {
    return this.timerAt(proc, "monotonic", clockAfter(proc.clock.mono(this.now), ms), run as Step, target);
  }

  /** Work that takes `ms` of the process's running time: a pause postpones it by the pause. */
  work(proc: Proc, ms: number, run: () => void): void {
    this.schedule(this.now + ms, "work", proc, run).activeTarget = proc.activeTime(this.now) + ms;
  }

  /**
   * Message `id` of type `msg` from `from`, arriving at `to` at true time t. The kernel logs its
   * delivery, or its drop if the network or a crash stops it then; a run that does not log messages
   * only counts either against the event budget. Carrying the message on its entry, rather than in
   * closures, saves a closure context and two closures per message: messages are most of a run.
   */
  deliverAt(t: number, from: string, to: Proc, id: number, msg: string, run: Step, target?: unknown): void {
    const entry = this.schedule(t, "deliver", to, run, target);
    entry.from = from;
    entry.msgId = id;
    entry.msgType = msg;
  }

  /** Logs (or only counts) what became of a message at its arrival: delivered, or dropped for `reason`. */
  private arrival(entry: Entry, to: string, reason: DropReason | null): void {
    if (!this.logsMessages) return this.tally();
    const { from, msgId: id, msgType: msg } = entry;
    if (reason) this.log({ kind: "drop", proc: to, from, to, id, msg, reason, t: 0, seq: 0 });
    else this.log({ kind: "deliver", proc: to, from, to, id, msg, t: 0, seq: 0 });
  }

  /** Pauses a process for `forMs`; `interruptedStep` runs first when it resumes. */
  pause(proc: Proc, forMs: number, cause: string, interruptedStep?: () => void): void {
    if (proc.crashed) return;
    if (interruptedStep && !proc.interruptedStep) proc.interruptedStep = interruptedStep;
    const until = this.now + forMs;
    if (proc.paused) {
      if (until <= proc.pausedUntil) return;
    } else {
      proc.paused = true;
      proc.pausedSince = this.now;
    }
    proc.pausedUntil = until;
    if (this.builds("pause-start")) this.log({ kind: "pause-start", proc: proc.id, forMs, cause });
    const incarnation = proc.incarnation;
    this.at(until, () => {
      if (proc.incarnation === incarnation && proc.paused && this.now >= proc.pausedUntil) this.resume(proc);
    });
  }

  private resume(proc: Proc): void {
    proc.paused = false;
    proc.pausedTotal += this.now - proc.pausedSince;
    if (this.builds("pause-end")) this.log({ kind: "pause-end", proc: proc.id, pausedMs: this.now - proc.pausedSince });
    const step = proc.interruptedStep;
    proc.interruptedStep = null;
    step?.();
    const held = proc.held;
    proc.held = [];
    for (const entry of held) {
      entry.t = this.now;
      entry.seq = this.seq++;
      this.queue.push(entry);
    }
  }

  crash(proc: Proc, host: boolean, restartAfterMs: number | undefined): void {
    if (proc.crashed) return;
    proc.crashed = true;
    proc.paused = false;
    proc.held = [];
    proc.interruptedStep = null;
    proc.incarnation++;
    this.log({ kind: "crash", proc: proc.id, host });
    this.hooks?.onCrash(proc, host);
    if (restartAfterMs !== undefined) {
      this.at(this.now + restartAfterMs, () => {
        proc.crashed = false;
        this.log({ kind: "restart", proc: proc.id });
        this.hooks?.onRestart(proc);
      });
    }
  }

  /** Runs the queue until true time passes durationMs, the queue empties or the event cap is hit. */
  run(): void {
    const queue = this.queue;
    for (;;) {
      if (this.truncated) return;
      const entry = queue.pop();
      if (!entry || entry.t > this.durationMs) return;
      this.now = entry.t;
      if (++this.steps % PROGRESS_EVERY_STEPS === 0 && this.progress?.(this.now, this.eventCount) === false) {
        this.stopped = this.truncated = true;
        return;
      }
      if (entry.cancelled) continue;
      const proc = entry.proc;
      if (proc) {
        if (entry.kind === "deliver") {
          const blocked = proc.crashed ? "crashed" : this.hooks?.blocked(entry.from, proc.id);
          if (blocked) {
            this.arrival(entry, proc.id, blocked);
            continue;
          }
        } else if (proc.crashed) continue;
        else if (entry.incarnation !== proc.incarnation) continue;
        if (proc.paused) {
          proc.held.push(entry);
          continue;
        }
        if (entry.kind === "work") {
          const owed = entry.activeTarget - proc.activeTime(this.now);
          if (owed > 1e-9) {
            entry.t = this.now + owed;
            entry.seq = this.seq++;
            queue.push(entry);
            continue;
          }
        } else if (entry.kind === "deliver") this.arrival(entry, proc.id, null);
      }
      entry.run.call(entry.target as never);
    }
  }
}
