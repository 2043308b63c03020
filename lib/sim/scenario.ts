/**
 * The scenario contract (DESIGN §3): a zod schema that validates input and fills every default,
 * plus the cross-field rules a schema cannot express. Unknown fields and out-of-range values are
 * errors naming the field path; where the real system clamps a value, it is clamped with a warning.
 */
import { z } from "zod";

export const LIMITS = { clients: 64, durationMs: 3_600_000, events: 500_000 } as const;

const ms = (min = 0) => z.number().int("must be a whole number of milliseconds").min(min, `must be ≥ ${min}`);
const range = (min = 0) =>
  z.tuple([ms(min), ms(min)]).refine(([lo, hi]) => lo <= hi, "must be [low, high] with low ≤ high");
const capacity = z.number().positive("must be > 0").optional();

const redis = z.strictObject({
  kind: z.literal("redis"),
  ttlMs: ms(1),
  tokens: z.enum(["none", "incr"]).default("none"),
  replica: z.strictObject({ lagMs: ms(0) }).optional(),
  capacityOpsPerSec: capacity.default(50_000),
});
const redlock = z.strictObject({
  kind: z.literal("redlock"),
  ttlMs: ms(1),
  nodes: z.number().int().min(1, "must be ≥ 1").max(9, "must be ≤ 9").default(5),
  driftFactor: z.number().min(0, "must be ≥ 0").max(0.5, "must be ≤ 0.5").default(0.01),
  restartDelayMs: ms(0).default(0),
  capacityOpsPerSec: capacity.default(50_000),
});
const etcd = z.strictObject({
  kind: z.literal("etcd"),
  ttlMs: ms(1),
  members: z.number().int().min(1, "must be ≥ 1").max(7, "must be ≤ 7").default(3),
  electionTimeoutMs: ms(1).default(1000),
  capacityOpsPerSec: capacity.default(5_000),
});
const zookeeper = z.strictObject({
  kind: z.literal("zookeeper"),
  sessionTimeoutMs: ms(1),
  members: z.number().int().min(1, "must be ≥ 1").max(7, "must be ≤ 7").default(3),
  capacityOpsPerSec: capacity.default(10_000),
});
const chubby = z.strictObject({
  kind: z.literal("chubby"),
  leaseMs: ms(1).default(12_000),
  lockDelayMs: ms(0).max(60_000, "must be ≤ 60000 (Chubby bounds the lock-delay at one minute)").default(60_000),
  graceMs: ms(0).default(45_000),
  capacityOpsPerSec: capacity.default(2_000),
});
const postgres = z.strictObject({
  kind: z.literal("postgres"),
  mode: z.enum(["advisory", "lock-table", "for-update"]),
  ttlMs: ms(1).default(30_000),
  expiryClock: z.enum(["db", "client"]).default("db"),
  keepaliveMs: ms(1).default(7_200_000),
  capacityOpsPerSec: capacity.default(5_000),
});
const kubernetes = z.strictObject({
  kind: z.literal("kubernetes"),
  leaseDurationMs: ms(1).default(15_000),
  renewDeadlineMs: ms(1).default(10_000),
  retryPeriodMs: ms(1).default(2_000),
  capacityOpsPerSec: capacity.default(500),
});
const none = z.strictObject({ kind: z.literal("none") });

const service = z.discriminatedUnion("kind", [redis, redlock, etcd, zookeeper, chubby, postgres, kubernetes, none]);

const fault = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("pause"),
    target: z.string(),
    atMs: ms(0).optional(),
    atPhase: z.enum(["holding", "before-write"]).optional(),
    forMs: ms(1),
  }),
  z.strictObject({
    kind: z.literal("crash"),
    target: z.string(),
    atMs: ms(0),
    host: z.boolean().default(false),
    restartAfterMs: ms(0).optional(),
  }),
  z.strictObject({ kind: z.literal("clock-jump"), target: z.string(), atMs: ms(0), byMs: z.number().int("must be a whole number of milliseconds") }),
  z.strictObject({ kind: z.literal("partition"), between: z.tuple([z.string(), z.string()]), atMs: ms(0), forMs: ms(1) }),
  z.strictObject({ kind: z.literal("isolate"), target: z.string(), atMs: ms(0), forMs: ms(1) }),
  z.strictObject({ kind: z.literal("delay"), from: z.string(), to: z.string(), atMs: ms(0), byMs: ms(1) }),
  // promoteAfterMs: time from the primary dying to the replica's promotion (Sentinel's down-after-milliseconds, 30 s by default, plus its election); 0 is instant.
  z.strictObject({ kind: z.literal("failover"), atMs: ms(0), promoteAfterMs: ms(0).default(0) }),
  z.strictObject({ kind: z.literal("outage"), atMs: ms(0), forMs: ms(1) }),
  // The protected storage fails over to an asynchronous replica that lacks its last lagMs of writes (fencing's high-water mark included).
  z.strictObject({ kind: z.literal("storage-failover"), atMs: ms(0), lagMs: ms(0) }),
]);

const workload = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("counter"), jobsPerClient: z.number().int().min(1, "must be ≥ 1").max(10_000, "must be ≤ 10000").default(1) }),
  z.strictObject({ kind: z.literal("cron"), everyMs: ms(1), runs: z.number().int().min(1, "must be ≥ 1").max(10_000, "must be ≤ 10000").default(1) }),
  z.strictObject({
    kind: z.literal("stream"),
    ratePerSec: z.number().positive("must be > 0").max(100_000, "must be ≤ 100000"),
    keys: z.number().int("must be a whole number").min(1, "must be ≥ 1").max(10_000, "must be ≤ 10000").default(1),
    hotKeyShare: z.number().min(0, "must be ≥ 0").max(1, "must be ≤ 1").optional(),
    routing: z.enum(["any", "owner"]).default("any"),
  }),
]);

export const scenarioSchema = z.strictObject({
  version: z.literal(1, "must be 1"),
  name: z.string().max(200, "must be at most 200 characters").optional(),
  seed: z.number().int("must be a whole number").min(0, "must be ≥ 0").max(4294967295, "must be ≤ 4294967295").default(1),
  durationMs: ms(1).max(LIMITS.durationMs, `must be ≤ ${LIMITS.durationMs}`).default(60_000),
  service,
  clients: z
    .strictObject({
      count: z.number().int("must be a whole number").min(1, "must be ≥ 1").max(LIMITS.clients, `must be ≤ ${LIMITS.clients}`).default(2),
      startMs: z.union([z.array(ms(0)), z.strictObject({ staggerMs: ms(0) })]).default({ staggerMs: 100 }),
      workMs: z.union([ms(0), range(0)]).default(2000),
      renewEveryMs: ms(1).nullable().default(null),
      safetyMarginMs: ms(0).default(0),
      checkBeforeWrite: z.boolean().default(false),
      leaseClock: z.enum(["wall", "monotonic"]).default("wall"),
      release: z.enum(["compare-and-delete", "delete"]).default("compare-and-delete"),
      onLockUnavailable: z.enum(["fail-closed", "fail-open"]).default("fail-closed"),
      // What the application does when it stops believing it holds the lock mid-job (the library only tells).
      onLockLost: z.enum(["carry-on", "abort"]).default("carry-on"),
      retryDelayMs: range(0).default([100, 300]),
      holdAtLeastMs: ms(0).default(0),
    })
    .prefault({}),
  workload: workload.prefault({ kind: "counter" }),
  storage: z
    .strictObject({
      guard: z.enum(["none", "fencing", "cas", "idempotency"]).default("none"),
      fenceReads: z.boolean().default(false),
    })
    .prefault({}),
  network: z
    .strictObject({
      latencyMs: range(0).default([1, 5]),
      lossRate: z.number().min(0, "must be ≥ 0").max(0.99, "must be ≤ 0.99").default(0),
    })
    .prefault({}),
  clocks: z
    .strictObject({
      skewMs: ms(0).default(0),
      driftPpm: z.number().min(0, "must be ≥ 0").max(100_000, "must be ≤ 100000").default(0),
      per: z
        .record(z.string(), z.strictObject({ offsetMs: z.number().int("must be a whole number of milliseconds").optional(), driftPpm: z.number().min(-100_000).max(100_000).optional() }))
        .default({}),
    })
    .prefault({}),
  faults: z.array(fault).default([]),
  chaos: z
    .strictObject({
      pauseEveryMs: ms(0).default(0),
      pauseMs: range(1).default([100, 2000]),
    })
    .prefault({}),
});

/** A scenario as written: optional fields may be missing. */
export type Scenario = z.input<typeof scenarioSchema>;
/** A scenario with every default filled in: what `simulate` returns as `result.scenario`. */
export type ResolvedScenario = z.output<typeof scenarioSchema>;
export type ServiceSpec = ResolvedScenario["service"];
export type FaultSpec = ResolvedScenario["faults"][number];

export type Validation =
  | { ok: true; scenario: ResolvedScenario; warnings: string[] }
  | { ok: false; errors: string[] };

/** The processes a fault names (none for service-wide faults such as failover and outage). */
export function faultProcesses(fault: FaultSpec | NonNullable<Scenario["faults"]>[number]): string[] {
  switch (fault.kind) {
    case "pause":
    case "crash":
    case "clock-jump":
    case "isolate":
      return [fault.target];
    case "partition":
      return [...fault.between];
    case "delay":
      return [fault.from, fault.to];
    default:
      return [];
  }
}

/** The process ids of a service's nodes, in the order the clock spread uses. */
export function serviceNodeIds(service: ServiceSpec): string[] {
  switch (service.kind) {
    case "redis":
      return service.replica ? ["redis", "replica"] : ["redis"];
    case "redlock":
      return numbered("r", service.nodes);
    case "etcd":
      return numbered("e", service.members);
    case "zookeeper":
      return numbered("z", service.members);
    case "chubby":
      return ["chubby"];
    case "postgres":
      return ["pg"];
    case "kubernetes":
      return ["k8s"];
    case "none":
      return [];
  }
}

export function clientIds(count: number): string[] {
  return numbered("c", count);
}

function numbered(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

/** Which token source a service offers fenced storage, or the reason it offers none. */
export function tokenSource(service: ServiceSpec): { ok: true } | { ok: false; reason: string } {
  switch (service.kind) {
    case "redis":
      return service.tokens === "incr"
        ? { ok: true }
        : { ok: false, reason: 'redis issues no fencing token unless service.tokens is "incr"' };
    case "redlock":
      return { ok: false, reason: "Redlock issues no fencing token" };
    case "etcd":
    case "zookeeper":
    case "chubby":
    case "kubernetes":
      return { ok: true };
    case "postgres":
      if (service.mode === "advisory") return { ok: false, reason: 'postgres advisory locks issue no fencing token (mode "lock-table" has a token column)' };
      if (service.mode === "for-update") return { ok: false, reason: 'postgres "for-update" issues no fencing token (it needs none: the lock and the write share one transaction)' };
      return { ok: true };
    case "none":
      return { ok: false, reason: "with no lock service there is no fencing token" };
  }
}

/** Validates a scenario and fills its defaults. Every error names its field path; all at once. */
export function validateScenario(input: unknown): Validation {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    const salvaged = salvage(input);
    const crossField = salvaged ? crossFieldErrors(salvaged) : [];
    return { ok: false, errors: [...new Set([...parsed.error.issues.flatMap(formatIssue), ...crossField])] };
  }
  const scenario = parsed.data;
  const errors = crossFieldErrors(scenario);
  if (errors.length) return { ok: false, errors };
  return { ok: true, scenario, warnings: clampLikeTheRealSystem(scenario) };
}

/**
 * The valid parts of an invalid scenario, each bad section replaced by its default, so the
 * cross-field rules can still report on what is there: every error at once, not in rounds.
 * Null when the service itself is unusable, since most cross-field rules depend on it.
 */
function salvage(input: unknown): ResolvedScenario | null {
  if (typeof input !== "object" || input === null) return null;
  const raw = input as Record<string, unknown>;
  const salvaged: Record<string, unknown> = { version: 1 };
  for (const [key, schema] of Object.entries(scenarioSchema.shape)) {
    if (key === "version") continue;
    const part = (schema as z.ZodType).safeParse(raw[key]);
    if (part.success) salvaged[key] = part.data;
    else if (key === "service") return null;
    else salvaged[key] = (schema as z.ZodType).safeParse(undefined).data;
  }
  return salvaged as ResolvedScenario;
}

function formatIssue(issue: z.core.$ZodIssue): string[] {
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => `${path ? `${path}.` : ""}${key}: unknown field`);
  }
  const where = path || "scenario";
  if (issue.code === "invalid_type" && issue.message.includes("received undefined")) return [`${where}: is required`];
  if (issue.code === "invalid_union" && "discriminator" in issue) {
    return [`${where}: must be one of ${(issue as { options?: unknown[] }).options?.map((o) => `"${String(o)}"`).join(", ")}`];
  }
  return [`${where}: ${issue.message}`];
}

function crossFieldErrors(s: ResolvedScenario): string[] {
  const errors: string[] = [];
  const clients = clientIds(s.clients.count);
  const nodes = serviceNodeIds(s.service);
  const processes = new Set([...clients, ...nodes, "storage"]);
  const known = (id: string) => processes.has(id);
  const list = () => [...processes].join(", ");

  if (Array.isArray(s.clients.startMs) && s.clients.startMs.length !== s.clients.count) {
    errors.push(`clients.startMs: must list one start time per client (${s.clients.count}), got ${s.clients.startMs.length}`);
  }
  if (s.storage.guard === "fencing") {
    const source = tokenSource(s.service);
    if (!source.ok) errors.push(`storage.guard: "fencing" needs a fencing token, and ${source.reason}`);
  }
  if (s.service.kind === "kubernetes") {
    const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = s.service;
    // client-go refuses these configurations: LeaseDuration > RenewDeadline > 1.2 × RetryPeriod.
    if (leaseDurationMs <= renewDeadlineMs) {
      errors.push(`service.renewDeadlineMs: must be less than service.leaseDurationMs (${leaseDurationMs}), got ${renewDeadlineMs}`);
    }
    if (renewDeadlineMs <= 1.2 * retryPeriodMs) {
      errors.push(`service.renewDeadlineMs: must be greater than 1.2 × service.retryPeriodMs (${1.2 * retryPeriodMs}), got ${renewDeadlineMs}`);
    }
  }
  if (s.storage.fenceReads && s.storage.guard !== "fencing") {
    errors.push('storage.fenceReads: only applies with storage.guard "fencing"');
  }
  if (s.workload.kind === "cron" && (s.storage.guard === "cas" || s.storage.fenceReads)) {
    errors.push(`storage.${s.storage.fenceReads ? "fenceReads" : "guard"}: the cron workload writes without reading, so it cannot use ${s.storage.fenceReads ? "fenced reads" : '"cas"'}`);
  }
  for (const id of Object.keys(s.clocks.per)) {
    if (!known(id)) errors.push(`clocks.per.${id}: unknown process (processes: ${list()})`);
  }
  s.faults.forEach((f, i) => {
    const at = `faults.${i}`;
    switch (f.kind) {
      case "pause":
        if (!known(f.target)) errors.push(`${at}.target: unknown process "${f.target}" (processes: ${list()})`);
        if (f.atMs === undefined && f.atPhase === undefined) errors.push(`${at}: needs atMs or atPhase`);
        if (f.atPhase && !clients.includes(f.target)) errors.push(`${at}.atPhase: only a client has phases`);
        break;
      case "crash":
      case "clock-jump":
      case "isolate":
        if (!known(f.target)) errors.push(`${at}.target: unknown process "${f.target}" (processes: ${list()})`);
        if (f.kind === "crash" && f.target === "storage") errors.push(`${at}.target: storage cannot crash in this model`);
        break;
      case "partition":
        f.between.forEach((id, j) => {
          if (!known(id)) errors.push(`${at}.between.${j}: unknown process "${id}" (processes: ${list()})`);
        });
        if (f.between[0] === f.between[1]) errors.push(`${at}.between: needs two different processes`);
        break;
      case "delay":
        if (!known(f.from)) errors.push(`${at}.from: unknown process "${f.from}" (processes: ${list()})`);
        if (!known(f.to)) errors.push(`${at}.to: unknown process "${f.to}" (processes: ${list()})`);
        break;
      case "failover":
        if (s.service.kind !== "redis") errors.push(`${at}: failover applies to the redis service only`);
        break;
      case "outage":
        if (s.service.kind === "none") errors.push(`${at}: there is no lock service to take down`);
        break;
    }
  });
  return errors;
}

/** ZooKeeper's bounds on the session timeout: 2 and 20 × tickTime (2000 ms). */
const ZOOKEEPER_SESSION_BOUNDS = { minMs: 4_000, maxMs: 40_000 } as const;

/** How each service keeps its lock alive when clients need not renew it; null if they must. */
function keptAliveBy(service: ServiceSpec): string | null {
  switch (service.kind) {
    case "etcd":
      return "the session renews its lease by KeepAlive every TTL/3";
    case "zookeeper":
      return "the session stays alive by heartbeats every session timeout / 3";
    case "chubby":
      return "the session lease is extended by KeepAlive every leaseMs / 3";
    case "kubernetes":
      return "the leader renews the Lease every retryPeriodMs";
    case "postgres":
      return service.mode === "lock-table" ? null : "the lock has no TTL: it lasts as long as the database session";
    default:
      return null;
  }
}

/** Where the real system clamps a value (etcd's minimum TTL, ZooKeeper's session bounds), clamp and say so. */
function clampLikeTheRealSystem(s: ResolvedScenario): string[] {
  const warnings: string[] = [];
  if (s.service.kind === "etcd") {
    const minTtl = Math.ceil((1.5 * s.service.electionTimeoutMs) / 1000) * 1000;
    if (s.service.ttlMs < minTtl) {
      warnings.push(`service.ttlMs ${s.service.ttlMs} is below etcd's minimum lease TTL; raised to ${minTtl} as etcd does`);
      s.service.ttlMs = minTtl;
    }
  }
  if (s.service.kind === "zookeeper") {
    const { minMs, maxMs } = ZOOKEEPER_SESSION_BOUNDS;
    const asked = s.service.sessionTimeoutMs;
    const negotiated = Math.min(maxMs, Math.max(minMs, asked));
    if (negotiated !== asked) {
      const bound = asked < minMs ? "below ZooKeeper's minimum (2 × tickTime)" : "above ZooKeeper's maximum (20 × tickTime)";
      warnings.push(`service.sessionTimeoutMs ${asked} is ${bound}; the server negotiates it to ${negotiated}, as ZooKeeper does`);
      s.service.sessionTimeoutMs = negotiated;
    }
  }
  const keeper = keptAliveBy(s.service);
  if (keeper && s.clients.renewEveryMs !== null) {
    warnings.push(`clients.renewEveryMs is ignored with ${s.service.kind}: ${keeper}`);
  }
  return warnings;
}
