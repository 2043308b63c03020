/**
 * A lock history: what a user's own system logged, as JSON lines (documented in
 * content/histories/format.md). The first line names the lock service; every other line is one
 * event: a process took, was refused, released or lost a lock, or storage answered its read or
 * write of the protected counter. Reading it checks every line against a zod schema and against
 * what the lines before it say (a release needs a lock held, a write needs a read), naming the
 * line and the field of every problem, and turns it into the recorder's observed events, so the
 * engine's checker reads a history exactly as it reads a recorded run (lib/real/replay.ts). Pure.
 */
// A namespace import, unlike `import { z }`, lets esbuild leave zod's locales out of the workers' bundle (scripts/workers/build.mjs).
import * as z from "zod";
import type { Rejection } from "../sim/facts";
import { clientIds, LIMITS, serviceNodeIds, validateScenario, type ResolvedScenario } from "../sim/scenario";
import { rejectionText } from "../sim/format";
import type { TraceEvent } from "./trace";
import { groupDigits } from "@/lib/sim/format";

export const HISTORY_FORMAT = "lease-lab-history/1";
/** More events than the lab's timeline draws briskly; a history is an incident's excerpt, not a whole log. */
export const MAX_HISTORY_EVENTS = 100_000;
/** Problems listed before reading stops: enough to fix a file in one go, few enough to read. */
const MAX_ERRORS = 20;

const show = (input: unknown) =>
  typeof input === "string"
    ? JSON.stringify(input)
    : input === null
      ? "null"
      : typeof input === "object"
        ? Array.isArray(input)
          ? "a list"
          : "an object"
        : String(input);
const got = (what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `missing (${what})` : `expected ${what}, got ${show(iss.input)}`;
const whole = z.number({ error: got("a whole number") }).int({ error: got("a whole number") });
const name = (what: string) =>
  z
    .string({ error: got(what) })
    .min(1, { error: `expected ${what}, got ""` })
    .max(100, { error: `expected ${what} of at most 100 characters` });

const header = z.strictObject({
  history: z.literal(HISTORY_FORMAT, { error: got(`"${HISTORY_FORMAT}"`) }),
  name: z
    .string({ error: got("a name for the history") })
    .max(120)
    .optional(),
  /** The lock service, as a scenario's `service`: it names the service's lanes and its rules in the story. */
  service: z.record(z.string(), z.unknown(), {
    error: got('the lock service, as a scenario\'s service (such as {"kind": "etcd", "ttlMs": 5000})'),
  }),
  guard: z.enum(["none", "fencing"], { error: got('"none" or "fencing"') }).default("none"),
});

const base = {
  t: z
    .number({ error: got("a time in ms") })
    .finite()
    .nonnegative({ error: got("a time in ms, 0 or more") }),
  process: name("a process name"),
};
const lockField = { lock: name("a lock name") };
const tokenField = { token: whole.nullable().optional() };
const valueField = { value: whole.nonnegative({ error: got("a counter value, 0 or more") }) };
const line = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), ...base, ...shape });

/** Every kind of event line, with the fields it has. */
export const historyEventSchema = z.discriminatedUnion("kind", [
  line("acquire", lockField),
  line("acquire-granted", { ...lockField, ...tokenField }),
  line("acquire-refused", lockField),
  line("release", lockField),
  line("lease-end", lockField),
  line("read", { ...valueField, ...tokenField }),
  line("write", {}),
  line("write-accepted", { ...valueField, ...tokenField }),
  line("write-rejected", { ...valueField, ...tokenField }),
]);
export type HistoryEvent = z.infer<typeof historyEventSchema>;
const KINDS = historyEventSchema.options.map((o) => o.shape.kind.value);
const fieldsOf = (kind: string) =>
  Object.keys(historyEventSchema.options.find((o) => o.shape.kind.value === kind)?.shape ?? {});

export interface History {
  scenario: ResolvedScenario;
  warnings: string[];
  events: TraceEvent[];
  notes: string[];
}

export type HistoryRead = { ok: true; history: History } | { ok: false; errors: string[] };

function issueText(issue: z.core.$ZodIssue, kind: string | null): string {
  const path = issue.path.join(".");
  if (issue.code === "unrecognized_keys") {
    const fields = kind ? ` (its fields: ${fieldsOf(kind).join(", ")})` : "";
    return `${issue.keys.map((k) => JSON.stringify(k)).join(", ")}: not a field of ${kind ? `a ${kind} line${fields}` : "the header"}`;
  }
  if (issue.code === "invalid_union" && path === "kind") return `kind: expected one of ${KINDS.join(", ")}`;
  return `${path || "line"}: ${issue.message}`;
}

/** Whether a file's text is a lock history (its first line is the history's header), not a recorded run's trace. */
export function looksLikeHistory(text: string): boolean {
  const first = text.slice(0, 4096).trimStart().split("\n", 1)[0] ?? "";
  try {
    const value = JSON.parse(first) as unknown;
    return typeof value === "object" && value !== null && "history" in value;
  } catch {
    return false;
  }
}

interface Held {
  grant: string;
  lock: string;
  token: number | null;
  line: number;
  /** The service still considers it granted (no lease-end or release yet). */
  live: boolean;
  /** The attempt's write has been answered. */
  answered: boolean;
}

/**
 * Reads a history from its text. `progress` hears the share of lines read now and then (the
 * lab's worker passes it on). Every problem names its line; reading stops after twenty.
 */
export function readHistory(text: string, progress: (share: number) => void = () => {}): HistoryRead {
  const lines = text.split("\n");
  const errors: string[] = [];
  const fail = (n: number, message: string) => errors.push(`line ${n}: ${message}`);
  const parseJson = (raw: string, n: number): unknown => {
    try {
      return JSON.parse(raw);
    } catch (e) {
      fail(n, `not JSON (${(e as Error).message}): ${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}`);
      return undefined;
    }
  };

  const headerAt = lines.findIndex((l) => l.trim() !== "");
  const headerLine = lines[headerAt];
  if (headerLine === undefined)
    return { ok: false, errors: ["the history is empty: its first line is the header, then one event a line"] };
  const head = parseJson(headerLine, headerAt + 1);
  if (head === undefined) return { ok: false, errors };
  const h = header.safeParse(head);
  if (!h.success) {
    for (const issue of h.error.issues) fail(headerAt + 1, `header: ${issueText(issue, null)}`);
    return {
      ok: false,
      errors: [
        ...errors,
        `the first line is the header: {"history": "${HISTORY_FORMAT}", "service": {"kind": "etcd", "ttlMs": 5000}, "guard": "fencing"}`,
      ],
    };
  }

  // The events, checked one line at a time; a history is in time order.
  const events: { e: HistoryEvent; n: number }[] = [];
  let lastT = 0;
  let lastLine = 0;
  const every = Math.max(1, Math.floor(lines.length / 20));
  for (let i = headerAt + 1; i < lines.length && errors.length < MAX_ERRORS; i++) {
    if (i % every === 0) progress(i / lines.length);
    const raw = lines[i]!.trim(); // i < lines.length
    if (raw === "") continue;
    const n = i + 1;
    if (events.length >= MAX_HISTORY_EVENTS) {
      fail(n, `a history can have at most ${groupDigits(MAX_HISTORY_EVENTS)} events`);
      break;
    }
    const value = parseJson(raw, n);
    if (value === undefined) continue;
    const r = historyEventSchema.safeParse(value);
    if (!r.success) {
      const kind =
        typeof value === "object" && value !== null && "kind" in value && KINDS.includes(value.kind as never)
          ? String(value.kind)
          : null;
      for (const issue of r.error.issues.slice(0, 3)) fail(n, issueText(issue, kind));
      continue;
    }
    if (r.data.t > LIMITS.durationMs)
      fail(
        n,
        `t: ${r.data.t} is past the longest history the lab draws, ${groupDigits(LIMITS.durationMs)} ms (an hour)`,
      );
    if (r.data.t < lastT)
      fail(n, `t: ${r.data.t} is earlier than line ${lastLine}'s ${lastT}; a history is in time order`);
    lastT = Math.max(lastT, r.data.t);
    lastLine = n;
    events.push({ e: r.data, n });
  }
  if (errors.length)
    return { ok: false, errors: errors.length >= MAX_ERRORS ? [...errors, "(reading stopped there)"] : errors };
  if (events.length === 0)
    return { ok: false, errors: [`line ${headerAt + 2}: the history has a header but no events`] };

  // Processes become the lab's clients c1, c2, …: kept if they are already named so, else numbered in order of appearance.
  const names = [...new Set(events.map(({ e }) => e.process))];
  if (names.length > LIMITS.clients)
    return {
      ok: false,
      errors: [`the history has ${names.length} processes; the lab draws at most ${LIMITS.clients}`],
    };
  const numbered = names.every((p) => /^c[1-9]\d*$/.test(p));
  const count = numbered ? Math.max(...names.map((p) => Number(p.slice(1)))) : names.length;
  if (count > LIMITS.clients)
    return {
      ok: false,
      errors: [`the history names process c${count}; the lab draws at most ${LIMITS.clients} clients`],
    };
  const ids = clientIds(names.length);
  const clientOf = new Map(names.map((p, i) => [p, numbered ? p : ids[i]!])); // one id per name

  const writesBy = new Map<string, number>();
  for (const { e } of events)
    if (e.kind === "write-accepted") writesBy.set(e.process, (writesBy.get(e.process) ?? 0) + 1);
  const v = validateScenario({
    version: 1,
    ...(h.data.name ? { name: h.data.name } : {}),
    service: h.data.service,
    clients: { count },
    workload: { kind: "counter", jobsPerClient: Math.max(1, ...writesBy.values()) },
    storage: { guard: h.data.guard },
    durationMs: Math.max(1, Math.ceil(lastT)),
  });
  if (!v.ok)
    return {
      ok: false,
      errors: v.errors.map((e) => `line ${headerAt + 1}: header: ${e.replace(/^storage\.guard/, "guard")}`),
    };
  const scenario = v.scenario;
  const node = serviceNodeIds(scenario.service)[0];
  if (!node)
    return {
      ok: false,
      errors: [
        `line ${headerAt + 1}: header: service: "${scenario.service.kind}" is no lock service; name the one that granted the locks`,
      ],
    };

  const out = convert(events, scenario, node, clientOf, fail);
  if (errors.length) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  progress(1);
  const renamed = numbered ? [] : names.map((p) => `${clientOf.get(p)} is “${p}”`);
  const notes = [
    `Read from a lock history of ${groupDigits(events.length)} events; ${node} stands for the service that granted the locks, and storage for the store of the counter.`,
    ...(renamed.length ? [`The history's processes as the lab's clients: ${renamed.join(", ")}.`] : []),
  ];
  return { ok: true, history: { scenario, warnings: v.warnings, events: out, notes } };
}

/**
 * The history's lines as observed events. A grant is also its process's belief, from the line
 * that reports it until the process's release; a lease-end is the service's view alone, so a
 * process that goes on writing after it wrote stale. Storage is replayed as the recorder's store
 * does (scripts/real/store.ts): a write overwrote every increment applied since its read.
 */
function convert(
  lines: { e: HistoryEvent; n: number }[],
  scenario: ResolvedScenario,
  node: string,
  clientOf: Map<string, string>,
  fail: (n: number, message: string) => void,
): TraceEvent[] {
  const out: TraceEvent[] = [];
  const held = new Map<string, Held>();
  const asked = new Map<string, number>();
  const reads = new Map<string, { value: number; version: number; line: number }>();
  const jobs = new Map<string, number>();
  const fencing = scenario.storage.guard === "fencing";
  let value = 0;
  const writers: string[] = [];
  let highest: number | null = null;
  let highestLine = 0;
  const endAttempt = (c: string, t: number) => {
    out.push({ kind: "job-done", t, by: "client", proc: c, job: jobs.get(c) ?? 0 });
    jobs.set(c, (jobs.get(c) ?? 0) + 1);
  };

  for (const { e, n } of lines) {
    const c = clientOf.get(e.process)!;
    const t = e.t;
    const mine = held.get(c);
    switch (e.kind) {
      case "acquire":
        asked.set(c, t);
        out.push({ kind: "acquire-start", t, by: "client", proc: c, lock: e.lock });
        break;
      case "acquire-refused":
        out.push({ kind: "refused", t, by: "client", proc: c, lock: e.lock, reason: "held" });
        break;
      case "acquire-granted": {
        if (mine) {
          fail(
            n,
            `acquire-granted: ${e.process} still holds lock "${mine.lock}" from line ${mine.line}; a process releases a lock (a release line) before it takes one again`,
          );
          break;
        }
        const g: Held = {
          grant: `line-${n}`,
          lock: e.lock,
          token: e.token ?? null,
          line: n,
          live: true,
          answered: false,
        };
        held.set(c, g);
        reads.delete(c);
        const since = asked.get(c);
        asked.delete(c);
        out.push({
          kind: "grant",
          t,
          by: "server",
          proc: node,
          client: c,
          lock: e.lock,
          grant: g.grant,
          token: g.token,
        });
        out.push({
          kind: "belief-start",
          t,
          by: "client",
          proc: c,
          lock: e.lock,
          grant: g.grant,
          token: g.token,
          latencyMs: since === undefined ? 0 : t - since,
          leaseDeadline: null,
        });
        break;
      }
      case "lease-end":
      case "release": {
        if (!mine || mine.lock !== e.lock) {
          fail(
            n,
            `${e.kind}: ${e.process} holds no lock "${e.lock}" here (no acquire-granted for it before this line${mine ? `; it holds "${mine.lock}"` : ""})`,
          );
          break;
        }
        const leaseEnd = (reason: "expired" | "released") =>
          out.push({
            kind: "lease-end",
            t,
            by: "server",
            proc: node,
            client: c,
            lock: e.lock,
            grant: mine.grant,
            token: mine.token,
            reason,
          });
        if (e.kind === "lease-end") {
          if (!mine.live)
            fail(n, `lease-end: the lease ${e.process} was granted at line ${mine.line} has already ended`);
          else leaseEnd("expired");
          mine.live = false;
          break;
        }
        out.push({ kind: "release", t, by: "client", proc: c, lock: e.lock });
        out.push({ kind: "belief-end", t, by: "client", proc: c, lock: e.lock, reason: "released" });
        if (mine.live) leaseEnd("released");
        // An attempt that wrote nothing (it only read, or gave up) ends with its release.
        if (!mine.answered) endAttempt(c, t);
        held.delete(c);
        break;
      }
      case "read":
        if (e.value !== value) {
          fail(
            n,
            `value: ${e.process} read ${e.value}, but the counter starts at 0 and the accepted writes before this line leave it at ${value}`,
          );
          break;
        }
        reads.set(c, { value: e.value, version: writers.length, line: n });
        out.push({
          kind: "read",
          t,
          by: "server",
          proc: "storage",
          client: c,
          key: "counter",
          value: e.value,
          version: writers.length,
          token: e.token ?? null,
          ok: true,
          reason: null,
          rejection: null,
        });
        break;
      case "write":
        if (!reads.has(c))
          fail(n, `write: ${e.process} sends a write without having read the counter (a read line comes first)`);
        else out.push({ kind: "work-end", t, by: "client", proc: c });
        break;
      case "write-accepted":
      case "write-rejected": {
        const read = reads.get(c);
        if (!read) {
          fail(
            n,
            `${e.kind}: ${e.process} wrote without reading the counter first; each write is an increment of a value read (a read line comes first)`,
          );
          break;
        }
        if (e.value !== read.value + 1) {
          fail(
            n,
            `value: ${e.process} read ${read.value} at line ${read.line}, so its increment writes ${read.value + 1}, got ${e.value}`,
          );
          break;
        }
        reads.delete(c);
        const token = e.token === undefined ? (mine?.token ?? null) : e.token;
        const common = {
          kind: "write",
          t,
          by: "server",
          proc: "storage",
          client: c,
          key: "counter",
          value: e.value,
          readValue: read.value,
          token,
          grant: mine?.grant ?? null,
        } as const;
        if (mine) mine.answered = true;
        if (e.kind === "write-rejected") {
          if (!fencing) {
            fail(
              n,
              `write-rejected: the header's guard is "none", so storage rejects no write (say "guard": "fencing" if it checks tokens)`,
            );
            break;
          }
          // A fencing check refuses a write with no token, or one below the highest it has accepted.
          if (token !== null && (highest === null || token >= highest)) {
            fail(
              n,
              `write-rejected: a fencing guard rejects a write with no token or a token below the highest it has accepted (${highest === null ? "none yet" : highest}), and this one carries ${token}`,
            );
            break;
          }
          const rejection: Rejection = { by: "fencing", token, seen: highest };
          out.push({
            ...common,
            accepted: false,
            applied: false,
            reason: rejectionText(rejection),
            rejection,
            lostIncrements: 0,
            overwrote: [],
          });
          out.push({
            kind: "attempt-abort",
            t,
            by: "client",
            proc: c,
            reason: `storage rejected its write (${rejectionText(rejection)})`,
            cause: { kind: "write-rejected", rejection },
          });
          break;
        }
        // The header says storage fences, and a fencing guard never accepts a write without a token.
        if (fencing && token === null) {
          fail(
            n,
            `write-accepted: storage accepted ${e.process}'s write with no token, and a fencing guard rejects a write without one; if storage really accepted this write, it does not fence: say "guard": "none", and the checker shows what the write did`,
          );
          break;
        }
        // Nor a token below one it has accepted: the header or this line is wrong.
        if (fencing && token !== null && highest !== null && token < highest) {
          fail(
            n,
            `write-accepted: storage accepted ${e.process}'s write with token ${token}, but it had accepted token ${highest} at line ${highestLine}, and a fencing guard rejects a token below the highest it has accepted; if storage really accepted this write, it does not fence: say "guard": "none", and the checker shows what the write did`,
          );
          break;
        }
        const lost = Math.max(0, value - read.value);
        const overwrote = lost > 0 ? [...new Set(writers.slice(read.version))] : [];
        out.push({
          ...common,
          accepted: true,
          applied: true,
          reason: null,
          rejection: null,
          lostIncrements: lost,
          overwrote,
        });
        value = e.value;
        writers.push(c);
        if (fencing && token !== null && (highest === null || token >= highest)) {
          highest = token;
          highestLine = n;
        }
        endAttempt(c, t);
        break;
      }
    }
  }
  return out;
}
