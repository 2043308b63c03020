/**
 * The protected resource and its guard. `fencing` rejects a write whose token is lower than the
 * highest seen (and, with `fenceReads`, registers tokens on reads too, closing the
 * read-modify-write gap); `cas` applies a write only if the version it read is still current;
 * `idempotency` turns a replayed key into a no-op that returns the first result. When the lock
 * lives in the same database (Postgres FOR UPDATE), a write whose transaction is already over is
 * rejected before any guard: it cannot commit.
 */
import type { Rejection } from "./facts";
import type { ResolvedScenario } from "./scenario";
import type { RequestOf, World } from "./world";
import { rejectionText } from "./format";

/** What clients and storage say: a read and a write, each answered with whether storage allowed it. */
export type StorageProtocol = {
  read: {
    request: { key: string; token: number | null };
    reply: { type: "read-reply"; ok: boolean; value: number; version: number; rejection: Rejection | null };
  };
  write: {
    request: {
      key: string;
      value: number;
      readValue: number;
      readVersion: number;
      token: number | null;
      grant: number | null;
      idempotencyKey: string;
      run: number | null;
    };
    reply: { type: "write-reply"; accepted: boolean; rejection: Rejection | null };
  };
};

/** A write as it travels to storage. */
export type WriteRequest = RequestOf<StorageProtocol, "write">;

/** One increment counted in a counter's value: who made it, on top of the increments it had read. */
interface Increment {
  writer: string;
  depth: number;
  parent: Increment | null;
}

interface Cell {
  value: number;
  version: number;
  highestToken: number;
  /** The increments each version's value counts, to name whose a lost update erased. */
  increments: (Increment | null)[];
  /** When the highest token seen rose, and to what (a storage failover can lose the latest). */
  marks: { t: number; token: number }[];
}

/** Who made the increments `current` counts and `read` does not: those a write computed from `read` erases. */
function erasedBy(current: Increment | null, read: Increment | null): string[] {
  const writers: string[] = [];
  const depth = (i: Increment | null) => i?.depth ?? 0;
  let a = current;
  let b = read;
  while (depth(a) > depth(b)) {
    writers.push(a!.writer);
    a = a!.parent;
  }
  while (depth(b) > depth(a)) b = b!.parent;
  while (a !== b) {
    writers.push(a!.writer);
    a = a!.parent;
    b = b!.parent;
  }
  return [...new Set(writers)];
}

/** Why a write under `grant` cannot commit (see LockService.writeRolledBack), or null. */
export type TransactionCheck = (grant: number) => Rejection | null;

/** What storage would do with a write if it arrived now: refuse it (`rejection`), ignore it as a repeat, or apply it. */
export interface WriteOutcomeNow {
  rejection: Rejection | null;
  repeat: boolean;
}

export interface Storage {
  /**
   * What storage would do with `req` arriving now, changing nothing. A refusal or a repeat is final:
   * fencing marks and versions only rise, applied keys stay, an ended transaction stays ended (until
   * a storage failover, which a run schedules within its length).
   */
  outcomeNow(req: WriteRequest): WriteOutcomeNow;
}

export function createStorage(
  world: World,
  storage: ResolvedScenario["storage"],
  transactionOf?: TransactionCheck,
): Storage {
  const cells = new Map<string, Cell>();
  const appliedKeys = new Set<string>();
  const kernel = world.kernel;
  /** Every applied write in order, so a failover can return to the state as of an earlier moment. */
  const journal: { t: number; key: string; before: Pick<Cell, "value" | "version">; idempotencyKey: string | null }[] =
    [];
  const failovers = world.scenario.faults.flatMap((f) => (f.kind === "storage-failover" ? [f] : []));
  // Only a failover reads the journal and the token marks: a run without one keeps neither.
  const journaling = failovers.length > 0;
  for (const f of failovers) kernel.at(f.atMs, () => failOver(f.lagMs));

  /** An asynchronous replica is promoted: writes after now − lagMs never reached it, token marks included. */
  function failOver(lagMs: number): void {
    const asOf = kernel.now - lagMs;
    let lostWrites = 0;
    for (let undo = journal.at(-1); undo && undo.t > asOf; undo = journal.at(-1)) {
      journal.pop();
      const c = cell(undo.key);
      c.value = undo.before.value;
      c.version = undo.before.version;
      c.increments.length = c.version + 1;
      if (undo.idempotencyKey !== null) appliedKeys.delete(undo.idempotencyKey);
      lostWrites++;
    }
    // The highest token seen goes back too: the replica has only the marks it had replicated.
    for (const c of cells.values()) {
      while ((c.marks.at(-1)?.t ?? -Infinity) > asOf) c.marks.pop();
      c.highestToken = c.marks.at(-1)?.token ?? -Infinity;
    }
    const values = Object.fromEntries([...cells].map(([key, c]) => [key, c.value]));
    kernel.log({ kind: "storage-failover", proc: "storage", lostAfterMs: asOf, lostWrites, values });
  }
  const cell = (key: string): Cell => {
    let c = cells.get(key);
    if (!c) {
      c = { value: 0, version: 0, highestToken: -Infinity, increments: [null], marks: [] };
      cells.set(key, c);
    }
    return c;
  };

  /** The guard's refusal of a write to `c`, or null; it changes nothing (a fenced write that passes raises the mark after). */
  const refusal = (req: WriteRequest, c: Pick<Cell, "highestToken" | "version">): Rejection | null => {
    if (storage.guard === "fencing" && (req.token === null || req.token < c.highestToken))
      return { by: "fencing", token: req.token, seen: c.highestToken === -Infinity ? null : c.highestToken };
    if (storage.guard === "cas" && req.readVersion !== c.version)
      return { by: "version", expected: req.readVersion, actual: c.version };
    return null;
  };
  const transactionRejection = (req: WriteRequest) =>
    req.grant !== null && transactionOf ? transactionOf(req.grant) : null;

  const raise = (c: Cell, token: number) => {
    if (journaling && token > c.highestToken) c.marks.push({ t: kernel.now, token });
    c.highestToken = token;
  };

  world.wire<StorageProtocol>().serveStorage((_node, from, req, respond) => {
    if (req.type === "read") {
      const c = cell(req.key);
      let rejection: Rejection | null = null;
      if (storage.guard === "fencing" && storage.fenceReads && req.token !== null) {
        if (req.token < c.highestToken) rejection = { by: "fencing", token: req.token, seen: c.highestToken };
        else raise(c, req.token);
      }
      const reason = rejection && rejectionText(rejection);
      kernel.log({
        kind: "read",
        proc: "storage",
        client: from,
        key: req.key,
        value: c.value,
        version: c.version,
        token: req.token,
        ok: rejection === null,
        reason,
        rejection,
      });
      respond({ type: "read-reply", ok: rejection === null, value: c.value, version: c.version, rejection });
      return;
    }
    const c = cell(req.key);
    // A write inside a transaction that has already ended never reaches the data, whatever the guard.
    const rejection = transactionRejection(req) ?? refusal(req, c);
    let applied = true;
    if (rejection === null) {
      if (storage.guard === "fencing") raise(c, req.token!);
      else if (storage.guard === "idempotency") {
        if (appliedKeys.has(req.idempotencyKey)) applied = false;
        else appliedKeys.add(req.idempotencyKey);
      }
    }
    const accepted = rejection === null;
    applied = applied && accepted;
    let lostIncrements = 0;
    let overwrote: string[] = [];
    if (applied) {
      if (journaling)
        journal.push({
          t: kernel.now,
          key: req.key,
          before: { value: c.value, version: c.version },
          idempotencyKey: storage.guard === "idempotency" ? req.idempotencyKey : null,
        });
      const read = c.increments[req.readVersion] ?? null;
      if (req.run === null) {
        lostIncrements = Math.max(0, c.value - req.readValue);
        // Only the increments still counted now: one an earlier write already erased is not erased again.
        if (lostIncrements > 0) overwrote = erasedBy(c.increments[c.version] ?? null, read);
      }
      c.value = req.value;
      c.version++;
      c.increments.push({ writer: from, depth: (read?.depth ?? 0) + 1, parent: read });
    }
    kernel.log({
      kind: "write",
      proc: "storage",
      client: from,
      key: req.key,
      value: req.value,
      readValue: req.readValue,
      token: req.token,
      grant: req.grant,
      accepted,
      applied,
      reason: rejection && rejectionText(rejection),
      rejection,
      lostIncrements,
      overwrote,
      run: req.run,
      idempotencyKey: req.idempotencyKey,
    });
    respond({ type: "write-reply", accepted, rejection });
  });

  return {
    outcomeNow(req) {
      const rejection =
        transactionRejection(req) ?? refusal(req, cells.get(req.key) ?? { highestToken: -Infinity, version: 0 });
      return {
        rejection,
        repeat: rejection === null && storage.guard === "idempotency" && appliedKeys.has(req.idempotencyKey),
      };
    },
  };
}
