/**
 * One Redis node's keyspace, shared by the single-instance `redis` service and each `redlock`
 * node. Expiry is judged by this node's wall clock, as Redis does (a forward jump expires keys at
 * once). With `journal` on, every change is recorded so an asynchronous replica can be rebuilt as
 * of any past moment.
 */
import type { Kernel, Proc } from "../kernel";
import type { LeaseEndReason } from "../events";
import { clockAfter, type ClockReading } from "../clock";

interface Key {
  value: string;
  /** Absolute expiry, as a reading of a wall clock (Redis stores Unix ms). */
  expireAt: ClockReading;
}

type JournalEntry =
  | { t: number; op: "set"; lock: string; value: string; expireAt: ClockReading }
  | { t: number; op: "del"; lock: string }
  | { t: number; op: "counter"; lock: string; n: number };

export type KeyGone = (lock: string, value: string, reason: LeaseEndReason) => void;

export class RedisNodeStore {
  private keys = new Map<string, Key>();
  private counters = new Map<string, number>();
  readonly journal: JournalEntry[] = [];

  constructor(
    private readonly kernel: Kernel,
    readonly proc: Proc,
    private readonly onGone: KeyGone,
    private readonly journaling: boolean,
  ) {}

  /** The value held under `lock` right now, honouring expiry by this node's clock. */
  get(lock: string): string | null {
    const key = this.keys.get(lock);
    if (!key) return null;
    if (this.proc.clock.wall(this.kernel.now) >= key.expireAt) {
      this.remove(lock, "expired");
      return null;
    }
    return key.value;
  }

  /** SET lock value NX PX ttl. */
  setNx(lock: string, value: string, ttlMs: number): boolean {
    if (this.get(lock) !== null) return false;
    this.put(lock, value, clockAfter(this.proc.clock.wall(this.kernel.now), ttlMs));
    return true;
  }

  /** PEXPIRE only if the key still holds `value` (the safe renewal script). */
  pexpireIfValue(lock: string, value: string | undefined, ttlMs: number): boolean {
    if (this.get(lock) !== value) return false;
    this.put(lock, value, clockAfter(this.proc.clock.wall(this.kernel.now), ttlMs));
    return true;
  }

  /** DEL only if the key still holds `value` (the safe release script). */
  deleteIfValue(lock: string, value: string): boolean {
    if (this.get(lock) !== value) return false;
    this.remove(lock, "released");
    return true;
  }

  /** Plain DEL: deletes whoever holds the key now. */
  delete(lock: string): string | null {
    const value = this.get(lock);
    if (value !== null) this.remove(lock, "deleted");
    return value;
  }

  incr(lock: string): number {
    const n = (this.counters.get(lock) ?? 0) + 1;
    this.counters.set(lock, n);
    if (this.journaling) this.journal.push({ t: this.kernel.now, op: "counter", lock, n });
    return n;
  }

  holds(lock: string, value: string): boolean {
    return this.get(lock) === value;
  }

  /** Loses every key (a restart without persistence, or a failover with nothing replicated). */
  clear(reason: LeaseEndReason): void {
    for (const lock of [...this.keys.keys()]) this.remove(lock, reason);
    this.counters.clear();
  }

  /** Loads another node's state as of true time `asOf` from its journal (asynchronous replication). */
  replicate(journal: readonly JournalEntry[], asOf: number): void {
    for (const entry of journal) {
      if (entry.t > asOf) break;
      if (entry.op === "set") this.put(entry.lock, entry.value, entry.expireAt);
      else if (entry.op === "del") this.keys.delete(entry.lock);
      else this.counters.set(entry.lock, entry.n);
    }
    for (const lock of [...this.keys.keys()]) this.get(lock);
  }

  locks(): string[] {
    return [...this.keys.keys()];
  }

  private put(lock: string, value: string, expireAt: ClockReading): void {
    const key = { value, expireAt };
    this.keys.set(lock, key);
    if (this.journaling) this.journal.push({ t: this.kernel.now, op: "set", lock, value, expireAt });
    this.kernel.timerAt(this.proc, "wall", expireAt, () => {
      if (this.keys.get(lock) === key) this.remove(lock, "expired");
    });
  }

  private remove(lock: string, reason: LeaseEndReason): void {
    const key = this.keys.get(lock);
    if (!key) return;
    this.keys.delete(lock);
    if (this.journaling) this.journal.push({ t: this.kernel.now, op: "del", lock });
    this.onGone(lock, key.value, reason);
  }
}
