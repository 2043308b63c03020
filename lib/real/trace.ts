/**
 * The trace format: what the recorder (scripts/real) observed while a scenario ran on real
 * servers. Every event has `t`, milliseconds since the run began on one clock (the machine's
 * CLOCK_MONOTONIC, read by every process of the run), and `by`, who observed it. The event kinds
 * and fields are the engine's own (lib/sim/events.ts) so that a trace converts into an event log
 * the engine's checker reads unchanged; only grant ids are strings here, because separate client
 * processes name grants without a shared counter. Pure: no Node, no DOM.
 */
// A namespace import, unlike `import { z }`, lets esbuild leave zod's locales out of the workers' bundle (scripts/workers/build.mjs).
import * as z from "zod";

const ms = z.number().finite().nonnegative();
const proc = z.string().min(1);
const token = z.number().int().nullable();
const grantId = z.string().min(1);
/** Who saw the event: the client process, a server (or its notification), the TCP proxy standing in for the network, or the recorder that injected it. */
const by = z.enum(["client", "server", "proxy", "recorder"]);

const base = { t: ms, by };

/** Why storage refused a read or a write (lib/sim/facts.ts `Rejection`). */
export const rejectionSchema = z.union([
  z.strictObject({ by: z.literal("fencing"), token, seen: z.number().int().nullable() }),
  z.strictObject({ by: z.literal("version"), expected: z.number().int(), actual: z.number().int() }),
  z.strictObject({ by: z.literal("transaction"), cause: z.literal("connection-lost"), client: proc, atMs: ms }),
  z.strictObject({ by: z.literal("transaction"), cause: z.literal("ended") }),
]);

const beliefEndReason = z.enum(["released", "lease-deadline", "renewal-refused", "session-lost", "crashed"]);

/** Why an attempt ended without an applied write (lib/sim/facts.ts `AbortCause`). */
export const abortCauseSchema = z.union([
  z.strictObject({ kind: z.literal("unavailable") }),
  z.strictObject({ kind: z.literal("read-rejected"), rejection: rejectionSchema }),
  z.strictObject({ kind: z.literal("write-rejected"), rejection: rejectionSchema }),
  z.strictObject({ kind: z.literal("read-timeout") }),
  z.strictObject({ kind: z.literal("write-timeout") }),
  z.strictObject({
    kind: z.literal("check-failed"),
    beliefEnded: beliefEndReason.nullable(),
    remainingMs: z.number().nullable(),
  }),
  z.strictObject({ kind: z.literal("lock-lost"), beliefEnded: beliefEndReason }),
]);
const ev = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), ...base, ...shape });

export const traceEventSchema = z.discriminatedUnion("kind", [
  ev("acquire-start", { proc, lock: z.string() }),
  ev("refused", { proc, lock: z.string(), reason: z.enum(["held", "unavailable", "session-lost"]) }),
  ev("grant", { proc, client: proc, lock: z.string(), grant: grantId, token }),
  ev("lease-end", {
    proc,
    client: proc,
    lock: z.string(),
    grant: grantId,
    token,
    reason: z.enum([
      "released",
      "expired",
      "revoked",
      "failover",
      "restart",
      "deleted",
      "taken-over",
      "connection-lost",
    ]),
  }),
  ev("belief-start", {
    proc,
    lock: z.string(),
    grant: grantId.nullable(),
    token,
    latencyMs: ms,
    leaseDeadline: ms.nullable(),
  }),
  ev("belief-end", { proc, lock: z.string(), reason: beliefEndReason }),
  ev("renew", { proc, lock: z.string(), ok: z.boolean() }),
  ev("release", { proc, lock: z.string() }),
  ev("read", {
    proc: z.literal("storage"),
    client: proc,
    key: z.string(),
    value: z.number().int(),
    version: z.number().int(),
    token,
    ok: z.boolean(),
    reason: z.string().nullable(),
    rejection: rejectionSchema.nullable(),
  }),
  ev("write", {
    proc: z.literal("storage"),
    client: proc,
    key: z.string(),
    value: z.number().int(),
    readValue: z.number().int(),
    token,
    grant: grantId.nullable(),
    accepted: z.boolean(),
    applied: z.boolean(),
    reason: z.string().nullable(),
    rejection: rejectionSchema.nullable(),
    lostIncrements: z.number().int().nonnegative(),
    overwrote: z.array(proc),
  }),
  ev("work-start", { proc, ms }),
  ev("work-end", { proc }),
  ev("check", { proc, ok: z.boolean(), remainingMs: z.number().nullable() }),
  ev("pause-start", { proc, forMs: ms, cause: z.string() }),
  ev("pause-end", { proc, pausedMs: ms }),
  ev("crash", { proc, host: z.boolean() }),
  ev("job-done", { proc, job: z.number().int().nonnegative() }),
  ev("attempt-abort", { proc, reason: z.string(), cause: abortCauseSchema }),
  ev("partition-start", { proc: z.literal("network"), between: z.tuple([proc, proc]) }),
  ev("partition-end", { proc: z.literal("network"), between: z.tuple([proc, proc]) }),
  ev("failover", { proc, lostAfterMs: z.number() }),
  ev("session", { proc, client: proc, state: z.enum(["expired", "connection-lost"]) }),
]);

export type TraceEvent = z.infer<typeof traceEventSchema>;
export type TraceEventOf<K extends TraceEvent["kind"]> = Extract<TraceEvent, { kind: K }>;

export const TRACE_FORMAT = "lease-lab-trace/1";

export const traceSchema = z.strictObject({
  format: z.literal(TRACE_FORMAT),
  /** The scenario as given to the recorder (defaults are filled in when the trace is checked). */
  scenario: z.record(z.string(), z.unknown()),
  recorded: z.strictObject({
    /** ISO date of the recording. */
    at: z.string(),
    /** How long the recording ran, in ms of the run's clock (it stops once nothing is left to happen). */
    lengthMs: ms,
    /** Versions of what ran: servers, client libraries, Node. */
    versions: z.record(z.string(), z.string()),
  }),
  /** Plain sentences on how this run differs from the model's world (single etcd member, the proxy, clock offsets…). */
  notes: z.array(z.string()),
  events: z.array(traceEventSchema),
});

export type Trace = z.infer<typeof traceSchema>;

/** Parses a trace, naming the path of every problem (`events.12.token: expected number`). */
export function parseTrace(input: unknown): { ok: true; trace: Trace } | { ok: false; errors: string[] } {
  const r = traceSchema.safeParse(input);
  if (r.success) return { ok: true, trace: r.data };
  return { ok: false, errors: r.error.issues.slice(0, 20).map((i) => `${i.path.join(".") || "trace"}: ${i.message}`) };
}
